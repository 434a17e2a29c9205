"""Each secrecy leak the indistinguishability check found in King David, as a concrete pair of
states that differ only in what the rules hide from one seat (issue 24)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pbem.core.rng import SeededRng
from pbem.core.secrecy import first_difference
from pbem.games.king_david import GAME
from pbem.games.king_david.flow import keep_instructions
from pbem.games.king_david.hidden import resample_hidden
from pbem.games.king_david.inputs import KDOrders
from pbem.games.king_david.state import KDState
from tests.games.king_david.test_rules_cases import base
from tests.support.secrecy import Desk

PROBES = ["move hebron bethlehem with a1 a2 david", "move jerusalem hebron with joab",
          "play secret-entrance", "play hand-of-fate 7+8", "react stand", "besiege gaza"]


def _desk(tmp_path: Path) -> Desk:
    return Desk.of_game("king-david", tmp_path)[1]


def _receives(desk: Desk, state: KDState, seat: str, events: list[Any] | None = None,
              ) -> dict[str, Any]:
    return desk.receive(GAME, state, seat, events or [], PROBES)


def _judah_and_philistia() -> KDState:
    return base({"countries": {"p1": "judah", "p2": "philistia"}})


def test_where_david_stands_is_not_shown_to_others(tmp_path: Path) -> None:
    """Leak (a): others' stacks read "2 armies +1 leader", so Philistia saw David's stack."""
    state = _judah_and_philistia()
    david = next(ld for ld in state.leaders if ld.name == "David")
    army = next(a for a in state.armies if a.country == "judah" and a.area != david.area)
    moved = state.model_copy(deep=True)
    next(ld for ld in moved.leaders if ld.name == "David").area = army.area
    next(a for a in moved.armies if a.id == army.id).area = david.area or ""
    desk = _desk(tmp_path)
    assert first_difference(_receives(desk, state, "p2"), _receives(desk, moved, "p2")) is None
    assert first_difference(_receives(desk, state, "p1"), _receives(desk, moved, "p1"))
    text = _receives(desk, state, "p2")["text"]
    assert "counters]" in text and "leader]" not in text


def _attack(defender_standing: str) -> KDState:
    case = {"countries": {"p1": "judah", "p2": "philistia"},
            "armies": ["A1 judah phalanx 4 2 bethlehem", "B1 philistia militia 1 2 hebron",
                       "B2 philistia militia 1 2 hebron"],
            "leaders": {}, "stores": {"p1": [10, 10], "p2": [10, 10]},
            "standing": {"p1": "on retreat do stand"}}
    state = base(case)
    if defender_standing:
        parsed = GAME.parse(state, "p2", defender_standing)
        assert parsed.orders is not None and not parsed.errors
        state.players["p2"].standing = parsed.orders.standing or []
    return state


def test_whether_a_defender_is_asked_does_not_show_its_instructions(tmp_path: Path) -> None:
    """Leak (b): an uncovered defender was asked, so the attacker saw "; p2 answers", p2 owing
    and the reaction deadline exactly when p2's hidden instructions did not cover the case."""
    desk = _desk(tmp_path)
    orders = GAME.parse(_attack(""), "p1", "move bethlehem hebron").orders
    assert orders is not None
    after = {}
    for standing in ("", "on retreat do stand"):
        played = GAME.advance(_attack(standing), {"p1": orders}, SeededRng(5))
        assert played.state.window is None
        assert "kd.battle_declared" in [e.code for e in played.events]
        after[standing] = _receives(desk, played.state, "p1", played.events)
    assert first_difference(after[""], after["on retreat do stand"]) is None


def _siege_reached(standing: str) -> KDState:
    case = {"countries": {"p1": "judah", "p2": "philistia"},
            "armies": ["A1 judah phalanx 4 2 gaza"], "leaders": {},
            "stores": {"p1": [10, 10]}, "control": {"gaza": "philistia"}}
    if standing:
        case["standing"] = {"p1": standing}
    return base(case)


def test_whether_the_acting_player_is_asked_does_not_show_its_instructions(
        tmp_path: Path) -> None:
    """Leak (b), the acting player: its own question ("; p1 answers", the reaction deadline,
    the next player asked only after the answer) opened exactly when its hidden instructions
    did not cover the case; now no one is asked, so the others see the same either way."""
    desk = _desk(tmp_path)
    seen = {}
    for standing in ("", "on siege do no"):
        played = GAME.advance(_siege_reached(standing), {"p1": KDOrders()}, SeededRng(1))
        assert played.state.window is None
        seen[standing] = _receives(desk, played.state, "p2", played.events)
    assert first_difference(seen[""], seen["on siege do no"]) is None
    assert "answers" not in seen[""]["phase"]["label"]


def test_face_down_phase_markers_and_the_cup_do_not_show(tmp_path: Path) -> None:
    """Leak (c): the face-down markers and what is left in the phase cup, mixed again, give
    every seat the same report, phase and who owes."""
    state = _judah_and_philistia()
    state.markers = ["action"] * 6 + ["harvest", "event", "build", "resource", "action",
                                      "harvest"]
    laid = {tuple(resample_hidden(state, "p2", SeededRng(n)).markers[6:]) for n in range(6)}
    assert len(laid) > 1 and all(list(m) != state.markers[6:] for m in list(laid)[:1])
    twin = state.model_copy(deep=True)
    twin.markers = [*state.markers[:6], "action", "action", "build", "event", "harvest",
                    "resource"]
    desk = _desk(tmp_path)
    for seat in ("p1", "p2"):
        assert first_difference(_receives(desk, state, seat), _receives(desk, twin, seat)) is None


def test_error_replies_do_not_tell_what_others_hold(tmp_path: Path) -> None:
    """Issue 24 item 4: orders naming David, Joab, other countries' army ids or markers the
    sender does not hold are answered alike whatever the others hold."""
    state = _judah_and_philistia()
    desk = _desk(tmp_path)
    for number in range(8):
        twin = resample_hidden(state, "p2", SeededRng(number))
        assert first_difference(_receives(desk, state, "p2")["readings"],
                                _receives(desk, twin, "p2")["readings"]) is None


def _before_build(armies_in_arad: bool, faces_swapped: bool) -> KDState:
    """Judah (p1) acts last before a Build Phase with four counters in Arad, the city of
    Negev (run by p2): its four leaders, or Amasa and three armies (David, Joab and Abishai
    in the Wilderness instead); Aram's two damaged armies with their faces one way or the
    other. Philistia (p3) sees the same either way."""
    judah = ["J1 judah phalanx 4 2 wilderness", "J2 judah infantry 2 2 wilderness",
             "J3 judah militia 2 2 wilderness"]
    aram = ["X1 aramea chariot 3 2/1 damascus", "X2 aramea militia 2 2/1 damascus"]
    case = {"countries": {"p1": "judah", "p2": "aramea", "p3": "philistia"},
            "armies": [*judah, *aram, "P1 philistia militia 2 2 gaza"],
            "leaders": {"David": "arad", "Joab": "arad", "Abishai": "arad", "Amasa": "arad"},
            "minors": {"negev": "p2"}, "order": ["p2", "p3", "p1"],
            "stores": {"p1": [10, 10], "p2": [5, 4], "p3": [10, 10]}}
    state = base(case)
    state.markers[1], state.actor = "build", 2
    if armies_in_arad:
        for army in state.armies[:3]:
            army.area = "arad"
        for leader in state.leaders[:3]:
            leader.area = "wilderness"
    if faces_swapped:
        chariot, militia = state.armies[3], state.armies[4]
        chariot.kind, militia.kind = militia.kind, chariot.kind
        chariot.strength, militia.strength = militia.strength, chariot.strength
    return state


def test_a_minor_build_does_not_show_whether_its_city_holds_armies(tmp_path: Path) -> None:
    """Found by the twin check (state 136, seat p3): Negev restored and raised two armies
    when Judah's four counters in Arad were leaders alone, not when they held armies, so the
    build told Philistia what the stack was made of; a city counts as besieged (10.5) while
    any enemy counters stand in it."""
    desk = _desk(tmp_path)
    seen = []
    for armies_in_arad in (False, True):
        played = GAME.advance(_before_build(armies_in_arad, False), {"p1": KDOrders()},
                              SeededRng(3))
        assert "kd.maintenance" in [e.code for e in played.events]  # the Build Phase ran
        assert not [e for e in played.events if e.code == "kd.minor_built"
                    and e.data["minor"] == "Negev"]
        seen.append(_receives(desk, played.state, "p3", played.events))
    assert first_difference(seen[0], seen[1]) is None


def test_restoring_does_not_show_which_counter_is_which(tmp_path: Path) -> None:
    """Found with the same pair: steps were restored in id order while the stores lasted, so
    how many were restored, and the Food Track, told which of Aram's hidden counters was the
    chariot; now the most valuable kinds come first, whatever their ids."""
    desk = _desk(tmp_path)
    seen, stores = [], []
    for swapped in (False, True):
        played = GAME.advance(_before_build(False, swapped), {"p1": KDOrders()}, SeededRng(3))
        aram = played.state.players["p2"]
        stores.append((aram.food, aram.resources))
        seen.append(_receives(desk, played.state, "p3", played.events))
    assert stores[0] == stores[1]
    assert first_difference(seen[0], seen[1]) is None


CHOICES = ("unpaid militia\ninitiative 2 last\nplace ammon jazer=4 minnith\n"
           "place philistia gaza=2 ashdod\nbuild ammon=chariot+militia\n"
           "play act-of-god below 40%\nplay troop-revolt weakest\n"
           "play vacillating-force judah hebron")


def test_choices_on_file_are_told_to_their_player_alone(tmp_path: Path) -> None:
    """Issue 35: the choices a player makes in advance (10.1, 5.2, 4.5, 10.3, 10.5, 11.0,
    events 3, 4, 22, 23) show in that player's report and nobody else's."""
    state = _judah_and_philistia()
    chosen = state.model_copy(deep=True)
    parsed = GAME.parse(chosen, "p2", CHOICES)
    assert parsed.orders is not None and not parsed.errors, parsed.errors
    keep_instructions(chosen, "p2", parsed.orders)
    desk = _desk(tmp_path)
    assert first_difference(_receives(desk, state, "p1"), _receives(desk, chosen, "p1")) is None
    own = _receives(desk, chosen, "p2")["text"]
    assert "Unpaid first (10.1): militia" in own and "Initiative (5.2): 2 last" in own
    assert ("Placing (4.5, 10.3, 10.5, 11.0): ammon jazer=4 minnith; philistia gaza=2 "
            "ashdod") in own
    assert "A minor's new armies (10.5): ammon=chariot+militia" in own


def test_unpaid_by_kind_does_not_show_which_counter_is_which() -> None:
    """Issue 35 item 2: Aram short of upkeep leaving its chariot unpaid (the default would pay
    it and leave the militia) pays the same, on the public Food/Resource Track, whichever of
    its hidden counters is the chariot."""
    stores, lost = [], []
    for swapped in (False, True):
        state = _before_build(False, swapped)
        state.players["p2"].food, state.players["p2"].resources = 2, 1
        state.players["p2"].unpaid, state.players["p2"].build.restore = ["chariot"], False
        played = GAME.advance(state, {"p1": KDOrders()}, SeededRng(3))
        aram = played.state.players["p2"]
        stores.append((aram.food, aram.resources))
        lost.append([a.kind for a in state.armies if a.id in [
            e.data["army"] for e in played.events if e.code == "kd.eliminated"
            and e.data["why"] == "maintenance"]])
    assert stores == [(1, 1), (1, 1)] and lost == [["chariot"], ["chariot"]]


def _before_siege(army_in_arad: bool) -> KDState:
    """Judah (p1), without a resource and standing to besiege, acts with one army and David
    in Arad and the Wilderness, one way round or the other: the same counters in each."""
    army, david = ("arad", "wilderness") if army_in_arad else ("wilderness", "arad")
    case = {"countries": {"p1": "judah", "p2": "philistia"},
            "armies": [f"A1 judah militia 2 2 {army}", "A9 philistia militia 2 2 gaza"],
            "leaders": {"David": david}, "stores": {"p1": [5, 0]},
            "standing": {"p1": "on siege do besiege"}}
    return base(case)


def test_a_siege_without_the_resource_does_not_show_the_stack(tmp_path: Path) -> None:
    """Found by the twin check with players making issue 35's choices (state 105, seat p2):
    "No resource point to besiege arad" went to everyone, so Philistia learned that Judah's
    counter in Arad was an army, not David; it is told to the besieger alone."""
    desk = _desk(tmp_path)
    seen, codes = [], []
    for army_in_arad in (True, False):
        played = GAME.advance(_before_siege(army_in_arad), {"p1": KDOrders()}, SeededRng(3))
        codes.append([e.code for e in played.events])
        seen.append(_receives(desk, played.state, "p2", played.events))
    assert "kd.siege_unpaid" in codes[0] and "kd.siege_unpaid" not in codes[1]
    assert first_difference(seen[0], seen[1]) is None


def _before_judah_builds(leader_in_megiddo: bool) -> KDState:
    """Judah (p1, building a militia) acts last before a Build Phase; one Aramean counter
    stands in Megiddo, Judah's first home city: Hadadezer alone, or an army (Hadadezer in
    Damascus instead). Philistia (p3) sees one Aramean counter there either way."""
    case = {"countries": {"p1": "judah", "p2": "aramea", "p3": "philistia"},
            "armies": ["J1 judah militia 2 2 hebron", "X1 aramea militia 2 2 damascus",
                       "P1 philistia militia 2 2 gaza"],
            "leaders": {"Hadadezer": "megiddo" if leader_in_megiddo else "damascus"},
            "order": ["p2", "p3", "p1"], "standing": {"p1": "build militia=1"},
            "stores": {"p1": [10, 10], "p2": [10, 10], "p3": [10, 10]}}
    state = base(case)
    if not leader_in_megiddo:
        state.armies[1].area = "megiddo"
    state.markers[1], state.actor = "build", 2
    return state


def test_where_a_new_army_goes_does_not_show_what_an_enemy_stack_holds(
        tmp_path: Path) -> None:
    """Issue 35, 10.3: a new army went into a home city where an enemy leader stood alone,
    not where an enemy army stood, so every player saw from the stack counts what the enemy
    stack was made of; a home area with enemy counters takes no new army."""
    desk = _desk(tmp_path)
    seen = []
    for leader_in_megiddo in (True, False):
        played = GAME.advance(_before_judah_builds(leader_in_megiddo), {"p1": KDOrders()},
                              SeededRng(3))
        assert "kd.built" in [e.code for e in played.events]
        assert len(played.state.armies_in("megiddo")) == (0 if leader_in_megiddo else 1)
        seen.append(_receives(desk, played.state, "p3", played.events))
    assert first_difference(seen[0], seen[1]) is None

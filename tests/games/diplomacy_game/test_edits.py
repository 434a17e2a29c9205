"""The referee's typed edits of a Diplomacy game: units, dislodged units, supply-centre owners
and civil disorder, each checked by the rules (no army at sea, one unit a province, a fleet on
a named coast of a split province, retreats only where the unit could go), and play goes on
from the edited position within the same phase; the phase edit alone sets another phase, one
the rules would stand in with that board."""

from __future__ import annotations

import pytest

from pbem.core.game import EditRefused
from pbem.core.rng import SeededRng
from pbem.games.diplomacy import GAME
from pbem.games.diplomacy.state import DipState, Dislodged, Unit
from pbem.wording import wording
from tests.games.diplomacy_game.play import orders, standard_game

RETREAT_EDITS = ("dislodge", "retreats", "disband", "restore")
PHASE_EDITS = ("phase",)


def _refused(state: DipState, command: str) -> str:
    """The code the edit is refused with (its words must exist)."""
    with pytest.raises(EditRefused) as refused:
        GAME.edit(state, command)  # type: ignore[misc]
    assert wording(refused.value.code, refused.value.params) != refused.value.code
    return refused.value.code


def _edit(state: DipState, command: str) -> DipState:
    assert GAME.edit is not None
    done = GAME.edit(state, command)
    assert GAME.phase(done.state).key == GAME.phase(state).key  # never another phase
    return done.state


def _at(state: DipState, location: str) -> Unit | None:
    return next((u for u in state.units if u.at == location), None)


def _retreat_phase() -> DipState:
    """Spring 1901 retreats: Austria's A VIE was dislodged from Tyrolia and may go to BOH
    (Galicia saw a standoff); Italy's army stands in VIE."""
    state = standard_game()
    state.step = "retreat"
    state.units = [u for u in state.units if u.at not in ("vie", "ven")]
    state.units = sorted([*state.units, Unit("italy", "A", "vie")], key=lambda u: u.at)
    state.dislodged = [Dislodged(power="austria", kind="A", at="vie", attacker="tyr",
                                 retreats=["boh"])]
    return state


def _winter() -> DipState:
    """Winter 1901: France has taken Spain and Portugal and builds two."""
    state = standard_game()
    state.season, state.step = "winter", "adjustment"
    state.centres = {**state.centres, "spa": "france", "por": "france"}
    state.units = sorted([u for u in state.units if u.at not in ("par", "mar", "bre")]
                         + [Unit("france", "A", "spa"), Unit("france", "F", "por"),
                            Unit("france", "A", "bur")], key=lambda u: u.at)
    state.adjust = {"france": 2}
    return state


def test_the_game_offers_edits_with_its_own_examples() -> None:
    assert GAME.edit is not None and GAME.edit_commands is not None
    commands = GAME.edit_commands()
    assert [u.usage.split()[0] for u in commands] == [
        "add", "remove", "move", "centre", "dislodge", "retreats", "disband", "restore",
        "disorder", "phase",
    ]  # fmt: skip
    assert all(u.example.split()[0] == u.usage.split()[0] for u in commands)
    start = standard_game()
    for usage in commands:  # every example is an edit the game reads
        if usage.usage.split()[0] in RETREAT_EDITS:
            assert _refused(start, usage.example) == "dip.E_EDIT_NOT_RETREAT"
        elif usage.usage.split()[0] in PHASE_EDITS:
            assert GAME.edit is not None
            assert GAME.phase(GAME.edit(start, usage.example).state).key == "f1902m"
        else:
            _edit(start, usage.example)


def test_units_are_added_removed_and_moved_on_a_copy() -> None:
    start = standard_game()
    added = _edit(start, "add france A bur")
    assert _at(added, "bur") == Unit("france", "A", "bur") and _at(start, "bur") is None
    assert GAME.edit(start, "add france A bur").events[0].data == {  # type: ignore[misc]
        "edit": "add France A BUR"}
    no_fleet = _edit(start, "remove stp")
    north = _edit(no_fleet, "add Russia fleet STP/NC")
    assert _at(north, "stp/nc") == Unit("russia", "F", "stp/nc")
    assert _at(_edit(start, "add turkey F bla"), "bla") == Unit("turkey", "F", "bla")
    assert _at(_edit(start, "add england F mid"), "mao") is not None  # any name of the place
    assert _at(_edit(start, "remove par"), "par") is None
    moved = _edit(start, "move mar gas")
    assert _at(moved, "gas") == Unit("france", "A", "gas") and _at(moved, "mar") is None
    fleet = _edit(start, "move stp/sc bot")
    assert _at(fleet, "bot") == Unit("russia", "F", "bot")


def test_a_unit_stands_only_where_the_rules_let_it() -> None:
    start = standard_game()
    assert _refused(start, "add france A mao") == "dip.E_EDIT_ARMY_SEA"
    assert _refused(start, "add germany F mun") == "dip.E_EDIT_FLEET_INLAND"
    assert _refused(start, "add france F spa") == "dip.E_EDIT_COAST_NEEDED"
    assert _refused(start, "add france F gas/nc") == "dip.E_EDIT_PLACE"  # no such coast
    assert _refused(start, "add france A par") == "dip.E_EDIT_TAKEN"
    assert _refused(start, "add russia F stp/nc") == "dip.E_EDIT_TAKEN"  # the other coast
    assert _refused(start, "add france A swi") == "dip.E_EDIT_PLACE"  # no unit enters it
    assert _refused(start, "add prussia A ber") == "core.E_EDIT_CHOICE"
    assert _refused(start, "add france X bur") == "core.E_EDIT_CHOICE"
    assert _refused(start, "remove bur") == "dip.E_EDIT_NO_UNIT"
    assert _refused(start, "move par mao") == "dip.E_EDIT_ARMY_SEA"
    assert _refused(start, "move par mar") == "dip.E_EDIT_TAKEN"
    assert _refused(start, "move bre spa") == "dip.E_EDIT_COAST_NEEDED"
    assert _edit(start, "add france A spa/sc").units == _edit(start, "add france A spa").units


def test_an_army_names_no_coast_and_a_fleet_keeps_the_one_named() -> None:
    state = _edit(standard_game(), "add france A spa/nc")
    assert _at(state, "spa") == Unit("france", "A", "spa")
    assert _at(_edit(standard_game(), "move bre spa/nc"), "spa/nc") == Unit("france", "F", "spa/nc")


def test_only_play_eliminates_a_power() -> None:
    state = standard_game()
    state.units = [u for u in state.units if u.power != "turkey" or u.at == "con"]
    state.centres = {p: o for p, o in state.centres.items() if o != "turkey"}
    assert _refused(state, "remove con") == "dip.E_EDIT_ELIMINATES"
    assert _at(_edit(state, "move con bul"), "bul") is not None  # still on the board
    centred = _edit(_edit(state, "centre con turkey"), "remove con")  # a centre keeps it in
    assert _refused(centred, "centre con russia") == "dip.E_EDIT_ELIMINATES"
    assert _refused(centred, "centre con none") == "dip.E_EDIT_ELIMINATES"


def test_centres_change_hands_and_the_winter_counts_again() -> None:
    start = standard_game()
    assert _edit(start, "centre bel france").centres["bel"] == "france"
    assert "par" not in _edit(start, "centre par none").centres
    assert _refused(start, "centre bur france") == "dip.E_EDIT_NOT_CENTRE"
    winter = _winter()
    assert _edit(winter, "centre spa none").adjust == {"france": 1}
    assert _edit(winter, "add france A gas").adjust == {"france": 1}
    assert GAME.due(winter).players == ["p3"]
    lost = _edit(_edit(winter, "centre spa italy"), "centre por italy")
    assert lost.adjust == {"italy": 2}
    assert GAME.due(lost).players == []  # France is even; Italy has no empty home centre


def test_a_unit_added_in_a_retreat_phase_closes_that_retreat() -> None:
    state = _edit(_retreat_phase(), "add germany A boh")
    assert state.dislodged[0].retreats == []
    assert _refused(_retreat_phase(), "add austria A vie") == "dip.E_EDIT_TAKEN"


def test_dislodged_units_are_edited_in_a_retreat_phase_only() -> None:
    start = standard_game()
    assert _refused(start, "dislodge mun boh") == "dip.E_EDIT_NOT_RETREAT"
    state = _edit(_retreat_phase(), "dislodge bud gal")
    lost = next(d for d in state.dislodged if d.at == "bud")
    assert (lost.power, lost.kind, lost.attacker) == ("austria", "A", "gal")
    assert lost.retreats == ["rum", "ser"]  # empty neighbours, not where the attack came from
    assert _at(state, "bud") is None
    assert _refused(_retreat_phase(), "dislodge vie") == "dip.E_EDIT_DISLODGED_TWICE"
    assert _refused(_retreat_phase(), "dislodge bur") == "dip.E_EDIT_NO_UNIT"
    assert _refused(_retreat_phase(), "dislodge bud mun") == "dip.E_EDIT_NOT_ADJACENT"
    fleet = _edit(_retreat_phase(), "dislodge stp/sc")
    assert next(d for d in fleet.dislodged if d.at == "stp/sc").retreats == ["bot", "fin", "lvn"]
    assert GAME.due(state).players == ["p1"]


def test_retreat_options_are_set_to_places_the_unit_could_go() -> None:
    state = _retreat_phase()
    assert _edit(state, "retreats vie boh").dislodged[0].retreats == ["boh"]
    assert _edit(state, "retreats vie none").dislodged[0].retreats == []
    assert _edit(state, "retreats vie gal boh").dislodged[0].retreats == ["boh", "gal"]
    assert _refused(state, "retreats vie tyr") == "dip.E_EDIT_RETREAT"  # the attacker's
    assert _refused(state, "retreats vie bud") == "dip.E_EDIT_RETREAT"  # a unit stands there
    assert _refused(state, "retreats vie mun") == "dip.E_EDIT_RETREAT"  # not a neighbour
    assert _refused(state, "retreats bud gal") == "dip.E_EDIT_NOT_DISLODGED"
    assert GAME.parse(state, "p1", "A VIE R GAL").errors != []
    parsed = orders(_edit(state, "retreats vie boh gal"), "p1", "A VIE R GAL")
    assert parsed.orders[0].to == "gal"


def test_a_dislodged_unit_is_disbanded_or_restored() -> None:
    state = _retreat_phase()
    assert _edit(state, "disband vie").dislodged == []
    assert _refused(state, "restore vie") == "dip.E_EDIT_TAKEN"  # Italy's army stands there
    back = _edit(_edit(state, "remove vie"), "restore vie")
    assert back.dislodged == [] and _at(back, "vie") == Unit("austria", "A", "vie")
    assert _refused(standard_game(), "disband vie") == "dip.E_EDIT_NOT_RETREAT"


def test_civil_disorder_is_set_and_lifted_for_a_power() -> None:
    start = standard_game()
    start.draw = ["france", "england"]
    off = _edit(start, "disorder France on")
    assert off.disorder == ["p3"] and off.draw == ["england"]
    assert "p3" not in GAME.due(off).players
    assert _refused(off, "disorder france on") == "dip.E_DROP_AGAIN"
    back = _edit(off, "disorder france off")
    assert back.disorder == [] and "p3" in GAME.due(back).players
    assert _refused(start, "disorder france off") == "dip.E_EDIT_PLAYED"
    five = standard_game(5)
    assert _refused(five, "disorder italy on") == "dip.E_EDIT_NO_SEAT"
    assert _refused(five, "disorder italy off") == "dip.E_EDIT_NO_SEAT"
    last = start
    for power in ("austria", "england", "france", "germany", "italy", "russia"):
        last = _edit(last, f"disorder {power} on")
    assert _refused(last, "disorder turkey on") == "dip.E_DROP_LAST"


def test_no_edit_once_the_game_is_over() -> None:
    state = standard_game()
    state.step = "over"
    assert _refused(state, "centre bel france") == "dip.E_EDIT_OVER"


def test_play_goes_on_from_an_edited_position() -> None:
    state = _edit(_edit(standard_game(), "add france A bur"), "add france A ruh")
    mine = orders(state, "p3", "A BUR - MUN\nA RUH S A BUR - MUN")
    after = GAME.advance(state, {"p3": mine}, SeededRng(1)).state
    assert _at(after, "mun") == Unit("france", "A", "mun")
    assert [d.at for d in after.dislodged] == ["mun"] and after.step == "retreat"


def _phase(state: DipState, command: str) -> DipState:
    """The state after a phase edit, which must set another phase."""
    assert GAME.edit is not None
    done = GAME.edit(state, command)
    assert GAME.phase(done.state).key != GAME.phase(state).key
    assert [e.code for e in done.events] == ["core.referee_phase"]
    return done.state


def test_the_phase_is_set_to_a_season_year_and_step() -> None:
    start = standard_game()
    fall = _phase(start, "phase fall 1902 movement")
    assert (fall.season, fall.year, fall.step) == ("fall", 1902, "movement")
    assert fall.units == start.units and fall.centres == start.centres
    assert (start.season, start.year) == ("spring", 1901)  # on a copy
    assert GAME.phase(_phase(start, "phase Autumn 1901 Movements")).key == "f1901m"
    assert GAME.due(fall).players == GAME.due(start).players


def test_a_phase_the_rules_never_stand_in_is_refused() -> None:
    start = standard_game()
    assert _refused(start, "phase spring 1901 movement") == "dip.E_EDIT_PHASE_SAME"
    assert _refused(start, "phase winter 1901 movement") == "dip.E_EDIT_PHASE_STEP"
    assert _refused(start, "phase spring 1901 adjustment") == "dip.E_EDIT_PHASE_STEP"
    assert _refused(start, "phase summer 1901 movement") == "core.E_EDIT_CHOICE"
    assert _refused(start, "phase spring 1900 movement") == "core.E_EDIT_NUMBER"
    assert _refused(standard_game(end_year=1905), "phase spring 1906 movement") == \
        "core.E_EDIT_NUMBER"
    # nothing is dislodged, so a retreat phase has nobody to order
    assert _refused(start, "phase fall 1901 retreat") == "dip.E_EDIT_PHASE_IDLE"
    # every power has as many units as centres: a winter with nothing to build or remove
    assert _refused(start, "phase winter 1901 adjustment") == "dip.E_EDIT_PHASE_IDLE"


def test_dislodged_units_keep_the_game_in_a_retreat_phase() -> None:
    retreat = _retreat_phase()
    assert _refused(retreat, "phase fall 1901 movement") == "dip.E_EDIT_PHASE_DISLODGED"
    assert "A vie" in wording("dip.E_EDIT_PHASE_DISLODGED", {"units": "A vie"})
    moved = _phase(retreat, "phase fall 1901 retreat")  # another retreat keeps them
    assert moved.dislodged == retreat.dislodged
    cleared = _phase(_edit(retreat, "disband vie"), "phase fall 1901 movement")
    assert cleared.dislodged == [] and cleared.step == "movement"


def test_a_winter_set_by_edit_counts_builds_and_a_new_phase_forgets_them() -> None:
    start = _edit(_edit(standard_game(), "centre bel france"), "move par bur")
    winter = _phase(start, "phase winter 1901 adjustment")
    assert winter.adjust == {"france": 1}
    assert GAME.due(winter).players == ["p3"]
    spring = _phase(_winter(), "phase spring 1902 movement")
    assert spring.adjust == {}
    advanced = GAME.advance(winter, {"p3": orders(winter, "p3", "build A par")}, SeededRng(1))
    assert advanced.state.year == 1902 and _at(advanced.state, "par") is not None


def test_no_phase_edit_once_the_game_is_over() -> None:
    state = standard_game()
    state.step = "over"
    assert _refused(state, "phase spring 1902 movement") == "dip.E_EDIT_OVER"

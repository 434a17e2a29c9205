"""The summer and referee order language: forgiving reading, checks on receipt, canonical text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.core.game import REFEREE
from pbem.core.rng import SeededRng
from pbem.games.mighty_kingdoms import GAME
from pbem.games.mighty_kingdoms.inputs import (
    BattleResultInput,
    SummerOrders,
    UnitChange,
    WinMove,
)
from pbem.games.mighty_kingdoms.state import BattleRecord, MKState, Order
from tests.games.mighty_kingdoms.summer_fixtures import add_army, scripted, two_kingdoms
from tests.support.examples import examples


def position() -> MKState:
    """two_kingdoms plus p1 armies 3 (B3) and 5 (C2, lying) and p2 army 4 (B4)."""
    state = two_kingdoms()
    add_army(state, "3 p1 B3")
    add_army(state, "5 p1 C2 lying")
    add_army(state, "4 p2 B4")
    return state


def parse(text: str, seat: str = "p1") -> tuple[SummerOrders, list[tuple[int, str, str]]]:
    """Parse and return the orders and (line, code, kind) of each problem."""
    result = GAME.parse(position(), seat, text)
    return result.orders, [(p.line, p.code, p.kind) for p in result.problems]


def test_every_way_of_writing_a_move_reads_the_same() -> None:
    texts = ["move 3 to B4", "MOVE 3 b4", "3 move B4", "move army 3 to b4", "move 3 e",
             "move 3 east", "army 3 move to B4"]
    for text in texts:
        orders, problems = parse(text)
        assert problems == [], text
        assert orders.orders == [Order(army="3", kind="move", target="B4")], text


def test_comments_blank_lines_and_listing_order() -> None:
    orders, problems = parse("# my orders\n\nraze 3   // burn it\n  move 1 to A3\n")
    assert problems == []
    assert [o.army for o in orders.orders] == ["3", "1"]


def test_misspelt_keyword_gets_a_suggestion() -> None:
    result = GAME.parse(position(), "p1", "mvoe 3 to B4\ndefnd 1")
    assert [(p.code, p.suggestion, p.line) for p in result.problems] == [
        ("mk.E_UNKNOWN_KEYWORD", "move", 1), ("mk.E_UNKNOWN_KEYWORD", "defend", 2)]


def test_unknown_tile_gets_a_suggestion() -> None:
    result = GAME.parse(position(), "p1", "move 3 to B44")
    assert result.problems[0].code == "mk.E_UNKNOWN_TILE"
    assert result.problems[0].kind == "invalid"


def test_checks_on_receipt() -> None:
    _, problems = parse(
        "regroup 1\nmove 5 to C3\nmove 3 to D5\nmove 1 nw\ndefend 4\ndefend 77\ndefend 3\n"
        "defend 3\nraze 1\nfoo"
    )
    assert problems == [
        (1, "mk.E_NOT_LYING", "illegal"),
        (2, "mk.E_LYING", "illegal"),
        (3, "mk.E_NOT_ADJACENT", "illegal"),
        (5, "mk.E_NOT_YOURS", "illegal"),
        (6, "mk.E_UNKNOWN_ARMY", "illegal"),
        (8, "mk.E_DUPLICATE", "illegal"),
        (9, "mk.E_DUPLICATE", "illegal"),
        (10, "mk.E_UNKNOWN_KEYWORD", "invalid"),
    ]


def test_move_off_the_map_and_across_water() -> None:
    state = position()
    add_army(state, "6 p1 A1")
    problems = [p.code for p in GAME.parse(state, "p1", "move 6 nw\nmove 1 to A2").problems]
    assert problems == ["mk.E_OFF_MAP"]
    add_army(state, "7 p1 D1")
    assert GAME.parse(state, "p1", "move 7 ne").problems[0].code == "mk.E_WATER_EDGE"


def test_raze_needs_a_settlement() -> None:
    state = position()
    add_army(state, "6 p1 A3")
    assert GAME.parse(state, "p1", "raze 6").problems[0].code == "mk.E_NO_SETTLEMENT"
    assert not GAME.parse(state, "p1", "raze 3").problems


def test_standing_instructions() -> None:
    orders, problems = parse(
        "battle C4 b4\nopponent Kingdom p2\ntarget 4 2\nretreat 3 to B2 C2\n"
        "win move 1 to B3\nwinmove 3 A3\nslaughter 5 3"
    )
    assert problems == []
    assert orders.battle_tiles == ["C4", "B4"]
    assert orders.opponents == ["p2"]
    assert orders.targets == ["4", "2"]
    assert orders.retreats == {"3": ["B2", "C2"]}
    assert orders.win_moves == [WinMove(army="1", tile="B3"), WinMove(army="3", tile="A3")]
    assert orders.slaughter == ["5", "3"]


def test_standing_instruction_problems() -> None:
    _, problems = parse("target 3\nopponent p1\nopponent nobody\nslaughter 4\nretreat 3")
    assert [p[1] for p in problems] == [
        "mk.E_OWN_TARGET", "mk.E_SELF", "mk.E_UNKNOWN_PLAYER", "mk.E_NOT_YOURS",
        "mk.E_MISSING_VALUE"]


def test_canonical_text_reparses_to_the_same_orders() -> None:
    orders, _ = parse(
        "3 move e\nregroup 5\ndefend 1\nbattle B4\nopponent p2\ntarget 4\nretreat 3 to B2\n"
        "win move 1 to B3\nslaughter 5"
    )
    text = GAME.canonical(position(), "p1", orders)
    assert text.splitlines()[0] == "move 3 to B4"
    again, problems = parse(text)
    assert problems == [] and again == orders


def test_default_summer_orders_and_template() -> None:
    state = position()
    default = GAME.default_input(state, "p1")
    assert GAME.canonical(state, "p1", default) == "defend 1\ndefend 3\nregroup 5"
    assert GAME.view(state, "p1", [])["template"] == "defend 1\ndefend 3\nregroup 5"


def kow_battle() -> MKState:
    """A state waiting for the referee's result of battle 1 in B4."""
    state = position()
    state.settings.battle_mode = "kow"
    add_army(state, "3 p1 B4 units Spears:2,Bows:1")
    add_army(state, "4 p2 B4 units Orcs:2")
    state.stage = "battle"
    state.progress.battles.append(BattleRecord(
        number=1, tile="B4", attacker="p1", defender="p2", attacker_armies=["3"],
        defender_armies=["4"], pending=True))
    return state


def test_referee_result_language() -> None:
    state = kow_battle()
    result = GAME.parse(state, REFEREE, "battle 1\nwinner p2\nrouted 3/1\ngained 4.1\n"
                                        "strength 3/2 +1\nrouted 3/2")
    assert result.problems == []
    orders = result.orders
    assert orders.winner == "p2"
    assert [(c.army, c.unit, c.change) for c in orders.changes] == [
        ("3", 1, -1), ("4", 1, 1), ("3", 2, 1), ("3", 2, -1)]
    text = GAME.canonical(state, REFEREE, orders)
    assert text == "battle 1\nwinner p2\nstrength 3/1 -1\nstrength 4/1 +1\nstrength 3/2 +1\n" \
                   "strength 3/2 -1"
    assert GAME.parse(state, REFEREE, text).orders == orders


@pytest.mark.parametrize(("lines", "code"), [
    ("routed 3/1\nrouted 3/1\nrouted 3/1", "mk.E_ROUTED_TWICE"),
    ("routed 3/1\nstrength 3/1 -1", "mk.E_ROUTED_TWICE"),
    ("strength 3/1 -2", "mk.E_ROUTED_TWICE"),
    ("gained 3/1\ngained 3/1", "mk.E_GAINED_TWICE"),
    ("strength 4/1 +3", "mk.E_GAINED_TWICE"),
])
def test_a_unit_routs_once_and_gains_once_per_battle(lines: str, code: str) -> None:
    state = kow_battle()
    result = GAME.parse(state, REFEREE, f"battle 1\nwinner p1\n{lines}")
    assert code in [p.code for p in result.problems]
    assert result.orders is None  # a referee result is taken whole or not at all


def test_repeated_routs_from_stored_input_are_skipped_at_resolution() -> None:
    state = kow_battle()
    stored = BattleResultInput(battle=1, winner="p1", changes=[
        UnitChange(army="4", unit=1, change=-1), UnitChange(army="4", unit=1, change=-1),
        UnitChange(army="4", unit=1, change=-1)])
    advance = GAME.advance(state, {REFEREE: stored}, SeededRng(1))
    assert [e.code for e in advance.events].count("mk.strength_skipped") == 2
    assert advance.state.armies["4"].units[0].change == -1


def test_referee_result_problems() -> None:
    state = kow_battle()
    codes = [p.code for p in GAME.parse(
        state, REFEREE, "battle 2\nwinner p9\nrouted 1/1\nrouted 3/9\nstrength 3/1 lots").problems]
    assert codes == ["mk.E_WRONG_BATTLE", "mk.E_NOT_IN_BATTLE", "mk.E_NOT_IN_BATTLE",
                     "mk.E_UNIT_NUMBER", "mk.E_STRENGTH_FORMAT", "mk.E_NO_RESULT"]
    assert GAME.parse(state, REFEREE, "draw").orders.winner is None
    assert GAME.parse(state, "p1", "draw").problems[0].code == "mk.E_NOTHING_DUE"


@settings(max_examples=examples(200), deadline=None)
@given(st.text(alphabet=st.sampled_from(list("moverazgup 1234#/BCDE\nAtoew")), max_size=80))
def test_the_reader_never_crashes_and_canonical_is_stable(text: str) -> None:
    state = position()
    result = GAME.parse(state, "p1", text)
    assert all(p.line >= 1 for p in result.problems)
    if result.orders is None:  # nothing kept: the sender is always told why
        assert result.errors
        return
    canonical = GAME.canonical(state, "p1", result.orders)
    assert GAME.parse(state, "p1", canonical).orders == result.orders


def test_referee_may_name_the_loser() -> None:
    state = kow_battle()
    assert GAME.parse(state, REFEREE, "loser Kingdom p1").orders.winner == "p2"


def test_every_problem_code_has_wording() -> None:
    import re
    from pathlib import Path

    from pbem.paths import templates_dir

    wording = (templates_dir() / "mighty-kingdoms" / "problems.txt").read_text()
    known = {line.split(":")[0] for line in wording.splitlines() if line.startswith("mk.")}
    package = Path("pbem", "games", "mighty_kingdoms")
    mine = ["orders.py", "orders_setup.py", "summer/orders.py", "battles/orders.py",
            "stage_orders.py"]
    used: set[str] = set()
    for name in mine:
        source = (Path(__file__).parents[3] / package / name).read_text()
        used |= set(re.findall(r'"(mk\.[EW]_[A-Z_]+)"', source))
    assert used and used <= known, used - known


def test_inputs_of_the_wrong_stage_are_ignored_and_reported() -> None:
    state = position()
    race = {"kind": "race", "race": "Elves"}
    summer = GAME.parse(state, "p1", "move 3 to B4").orders.model_dump(mode="json")
    result = GAME.advance(state, {"p1": summer, "p2": race}, scripted([6, 1]))
    ignored = [e for e in result.events if e.code == "mk.input_ignored"]
    assert [(e.data, e.visible_to) for e in ignored] == [({"seat": "p2", "kind": "race"}, ["p2"])]
    assert result.state.armies["3"].tile == "B4"


@settings(max_examples=examples(100), deadline=None)
@given(st.text(alphabet=st.sampled_from(list("racepitlyfotsvgumn 12BCE\n#")), max_size=60))
def test_setup_readers_never_crash(text: str) -> None:
    from tests.games.mighty_kingdoms.summer_fixtures import new_game

    state = new_game(2)
    for stage in ("race", "capital"):
        state.stage = stage
        result = GAME.parse(state, "p1", text)
        if result.orders is not None:
            again = GAME.parse(state, "p1", GAME.canonical(state, "p1", result.orders))
            assert again.orders == result.orders

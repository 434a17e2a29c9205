"""Power preferences from SIGNON (issue 37): read from a line of powers, honoured first come
first served in seat order, the rest drawn by the seeded lot; no preferences, the lot as before."""

from __future__ import annotations

from pbem.core.game import Seat, Setup
from pbem.core.rng import SeededRng
from pbem.games.diplomacy.content import Board
from pbem.games.diplomacy.preferences import assign_powers, wanted_powers
from pbem.games.diplomacy.setup import absent_powers, load_scenario, start_state
from pbem.paths import campaigns_dir

SEATS = [f"p{n}" for n in range(1, 8)]


def _scenario() -> dict[str, object]:
    path = campaigns_dir() / "diplomacy" / "standard.toml"
    return load_scenario(path.read_text(encoding="utf-8"), str(path))


def _board() -> Board:
    return Board.model_validate(_scenario())


def _start(lines: dict[str, str], seats: int = 7, seed: int = 4) -> dict[str, str]:
    setup = Setup(seats=[Seat(id=s, name=s) for s in SEATS[:seats]], scenario=_scenario(),
                  settings={"powers": "random"}, preferences=lines)  # fmt: skip
    return start_state(setup, SeededRng(seed)).powers


def test_a_line_names_powers_by_key_name_or_adjective_in_its_order() -> None:
    board = _board()
    assert wanted_powers(board, "France, english > TURKISH  russia france") == [
        "france", "england", "turkey", "russia"]  # fmt: skip
    assert wanted_powers(board, "please make me Emperor") == []


def test_first_come_first_served_in_seat_order_and_the_rest_by_lot() -> None:
    lines = {"p1": "France England", "p2": "France Germany", "p3": "france", "p5": "Austria"}
    powers = _start(lines)
    assert (powers["p1"], powers["p2"], powers["p5"]) == ("france", "germany", "austria")
    assert powers["p3"] not in ("france", "germany", "austria")  # its only wish was taken
    assert sorted(powers.values()) == sorted(p.key for p in _board().powers)
    assert _start(lines) == powers  # the same seed, the same powers
    others = {_start(lines, seed=s)["p3"] for s in range(12)}
    assert len(others) > 1  # the seats left are drawn by lot


def test_no_preferences_draw_exactly_as_before() -> None:
    board, rng = _board(), SeededRng(9)
    played = [p.key for p in board.powers]
    before = dict(zip(SEATS, SeededRng(9).shuffled(played, purpose="powers"), strict=True))
    assert assign_powers(board, SEATS, played, {}, rng) == before
    assert _start({}, seed=9) == before


def test_a_power_nobody_plays_is_never_given() -> None:
    absent = absent_powers(_board(), 5)
    played = [p.key for p in _board().powers if p not in absent]
    lines = {"p1": " ".join([*absent, played[-1]])}
    assert absent and _start(lines, seats=5)["p1"] == played[-1]


def test_in_order_ignores_preferences() -> None:
    setup = Setup(seats=[Seat(id=s, name=s) for s in SEATS], scenario=_scenario(),
                  settings={"powers": "in-order"}, preferences={"p1": "turkey"})  # fmt: skip
    assert start_state(setup, SeededRng(1)).powers["p1"] == "austria"

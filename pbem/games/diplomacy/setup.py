"""Reading a board file (errors with file and line) and the opening of a game: powers
given to seats, the powers nobody plays left standing aside, units and centres placed."""

from __future__ import annotations

from typing import Any

from pbem.core.game import Setup
from pbem.core.rng import SeededRng
from pbem.games.diplomacy.board.mapcheck import check_board
from pbem.games.diplomacy.board.mapfile import line_finder, read_board
from pbem.games.diplomacy.content import Board
from pbem.games.diplomacy.preferences import assign_powers
from pbem.games.diplomacy.state import DipState, Unit


def load_scenario(text: str, source: str) -> dict[str, Any]:
    """Read and check a board file; raise ContentError naming the file and line."""
    board = read_board(text, source)
    check_board(board, source, line_finder(text))
    return board.model_dump(mode="json")


def absent_powers(board: Board, players: int) -> list[str]:
    """The powers nobody plays with this many players (the board's `absent_with`, else the
    last powers of the board)."""
    keys = [p.key for p in board.powers]
    if players >= len(keys):
        return []
    listed = board.absent_with.get(str(players))
    return list(listed) if listed else keys[players:]


def start_state(setup: Setup, rng: SeededRng) -> DipState:
    """Spring of the first year: each seat's power drawn by lot (or given in board order, or
    by the seats' SIGNON preferences first)."""
    board = Board.model_validate(setup.scenario)
    left_out = absent_powers(board, len(setup.seats))
    played = [p.key for p in board.powers if p.key not in left_out]
    seats = [s.id for s in setup.seats]
    if setup.settings.get("powers", "random") != "random":
        powers = dict(zip(seats, played, strict=False))
    elif setup.preferences:  # SIGNON's power preferences, first come first served
        powers = assign_powers(board, seats, played, setup.preferences, rng)
    else:
        powers = dict(zip(seats, rng.shuffled(played, purpose="powers"), strict=False))
    victory = int(setup.settings.get("victory", 0)) or board.victory
    state = DipState(
        board=board,
        seats=setup.seats,
        powers=powers,
        victory=victory,
        end_year=int(setup.settings.get("end_year", 0)),
        rules=str(setup.settings.get("rules", "2023")),  # type: ignore[arg-type]
        draws=str(setup.settings.get("draws", "dias")),  # type: ignore[arg-type]
        year=board.first_year,
        units=sorted((Unit(power=u.power, kind=u.kind, at=u.location) for u in board.units),
                     key=lambda u: u.at),
        centres={p.id: p.home for p in board.provinces if p.home},
    )
    state.counted = {p.key: state.centre_count(p.key) for p in board.powers}
    return state

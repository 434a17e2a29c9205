"""The board as a picture (pbem.core.board) and as text rows."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Literal

from pbem.core.board import Arrow, Cell, Owner, Picture, Piece
from pbem.games.david_goliath.squares import FILES, all_squares, xy
from pbem.games.david_goliath.state import DGState

LETTERS = {"rock": "R", "tree": "T"}
RANKS = tuple((rank, tuple(f"{f}{rank}" for f in FILES)) for rank in range(8, 0, -1))  # 8 first


NAMES = {
    "rock": "rock: blocks moves, not slings or throws",
    "tree": "tree: blocks moves and attacks",
    "figure": "David or Goliath",
    "spear": "Goliath's spear, where it fell",
    "stones": "slung stones, where they fell",
    "highlight": "your figure",
    "lying": "a slain figure",
}


def board_picture(state: DGState, viewer: str | None, events: list[dict[str, Any]]) -> Picture:
    """The field: rocks and trees, both figures (the viewer's ringed), the fallen spear and
    stones, and this step's moves and attacks as arrows."""
    return _picture(state, viewer, events, _cells(state.terrain))


def board_json(state: DGState, viewer: str | None, events: list[dict[str, Any]]) -> dict[str, Any]:
    """`board_picture(...).model_dump(mode="json")`, the 64 cells' dumps made once a terrain."""
    data = _picture(state, viewer, events, []).model_dump(mode="json")
    data["cells"] = [
        {**cell, "marks": list(cell["marks"])} for cell in _cells_json(_terrain_key(state))
    ]
    return data


def _terrain_key(state: DGState) -> tuple[tuple[str, str], ...]:
    return tuple(state.terrain.items())


def _cells(terrain: Mapping[str, str]) -> list[Cell]:
    cells = []
    for square in all_squares():
        x, y = xy(square)
        ground = terrain.get(square)
        cells.append(Cell(id=square, q=x, r=7 - y, terrain=ground or "plain",
                          marks=[ground] if ground else []))
    return cells


@lru_cache(maxsize=64)
def _cells_json(terrain: tuple[tuple[str, str], ...]) -> tuple[dict[str, Any], ...]:
    """The cells' dumps for one terrain, shared: callers copy them before handing them out."""
    return tuple(cell.model_dump(mode="json") for cell in _cells(dict(terrain)))


def _picture(
    state: DGState, viewer: str | None, events: list[dict[str, Any]], cells: list[Cell]
) -> Picture:
    pieces = [_figure(state, role, viewer) for role in ("goliath", "david")]
    pieces += _tokens(state)
    owners = [Owner(key=s.id, name=_owner_name(state, s.id, s.name), slot=i)
              for i, s in enumerate(state.seats)]
    return Picture(
        kind="square",
        title=f"Turn {state.turn}",
        cells=cells,
        pieces=[p for p in pieces if p is not None],
        arrows=_arrows(state, events),
        owners=owners,
        names=NAMES,
    )


def _owner_name(state: DGState, seat: str, name: str) -> str:
    role = state.role_of(seat)
    return f"{name} ({role.capitalize()})" if role else name


def _figure(state: DGState, role: str, viewer: str | None) -> Piece | None:
    figure = state.figures[role]
    if figure.square is None:
        return None
    seat = state.seat_of("david" if role == "david" else "goliath")
    return Piece(
        cell=figure.square,
        kind="figure",
        owner=seat,
        label=role.capitalize(),
        highlight=seat == viewer,
        lying=figure.dead,
    )


def _tokens(state: DGState) -> list[Piece | None]:
    found: list[Piece | None] = []
    if state.spear_at:
        found.append(Piece(cell=state.spear_at, kind="spear", label="spear"))
    for square, count in sorted(state.stones_at.items()):
        found.append(Piece(cell=square, kind="stones", label=str(count)))
    return found


def _arrows(state: DGState, events: list[dict[str, Any]]) -> list[Arrow]:
    arrows = []
    for event in events:
        data = event.get("data", {})
        if event["code"] in ("dg.moved", "dg.negated", "dg.attack") and data.get("from"):
            role = data["role"]
            style: Literal["battle", "move"] = "battle" if event["code"] == "dg.attack" else "move"
            if data["from"] != data.get("to") and data.get("to"):
                arrows.append(
                    Arrow(
                        source=data["from"],
                        target=data["to"],
                        owner=state.seat_of("david" if role == "David" else "goliath"),
                        style=style,
                    )
                )
    return arrows


def board_text(state: DGState) -> list[str]:
    """Rank 8 at the top: D David, G Goliath, R rock, T tree, / spear, o stones, . empty."""
    letters = _letters(state)
    rows = [f"{rank} " + " ".join([letters.get(s, ".") for s in row]) for rank, row in RANKS]
    rows.append("  " + " ".join(FILES))
    return rows


def _letters(state: DGState) -> dict[str, str]:
    """The letter of every square that is not empty; what stands on a square before what
    lies there: David, Goliath, rock or tree, the spear, then stones."""
    found = {square: "o" for square, count in state.stones_at.items() if count}
    if state.spear_at:
        found[state.spear_at] = "/"
    found |= {square: LETTERS[ground] for square, ground in state.terrain.items()}
    for role, letter in (("goliath", "G"), ("david", "D")):
        square = state.figures[role].square
        if square is not None:
            found[square] = letter
    return found

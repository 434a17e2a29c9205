"""The board picture for pbem.core.board: squares, terrain and units, the viewer's marked."""

from __future__ import annotations

from typing import Any

from pbem.core.board import Arrow, Cell, Edge, Owner, Picture, Piece
from pbem.games.dba_cards.squares import all_squares, coords
from pbem.games.dba_cards.state import DBAState, Unit

SHORT = {
    "camp": "Cp",
    "general": "Gn",
    "auxilia": "Ax",
    "warband": "Wb",
    "blades": "Bd",
    "spears": "Sp",
    "pikes": "Pk",
    "cavalry": "Cv",
    "knights": "Kn",
    "psiloi": "Ps",
    "light-horse": "LH",
    "bows": "Bw",
    "elephants": "El",
    "artillery": "Ar",
    "war-wagons": "WW",
    "scythed-chariots": "SCh",
    "horde": "Hd",
}
NAMES = {
    "rough": "rough ground (bad going)",
    "hill": "hill",
    "steep-hill": "steep hill (bad going)",
    "wood": "wood (bad going, blocks sight)",
    "bua": "built-up area (bad going)",
    "fortified-bua": "fortified built-up area",
    "impassable": "impassable",
    "river": "river (stop on either bank)",
    "unit": "unit (its code below)",
    "elite": "Elite unit (a white band)",
    "highlight": "your unit",
}
ARROWS = {"dba.move": "move", "dba.trample": "move", "dba.pursue": "move",
          "dba.attack": "battle", "dba.recoil": "retreat"}
TEXT_TERRAIN = {
    "rough": "~~~~",
    "hill": "^^^^",
    "impassable": "####",
    "wood": "TTTT",
    "steep-hill": "AAAA",
    "bua": "[  ]",
    "fortified-bua": "[##]",
}


def short(unit_type: str, elite: bool = False, general: bool = False) -> str:
    """A unit's short code as printed on the board, '*' for Elite (e.g. 'Bd*'); a nominated
    General is 'G' and its element (e.g. 'GKn')."""
    code = SHORT.get(unit_type, unit_type[:2])
    return ("G" if general else "") + code + ("*" if elite else "")


def legend(state: DBAState) -> list[str]:
    """The short codes of the unit types on the board, each with its name ('Bd Blades')."""
    types = sorted({u.type for u in state.units}, key=lambda t: SHORT.get(t, t))
    lines = [f"{SHORT.get(t, t[:2])} {t.replace('-', ' ').title()}" for t in types]
    if any(u.general for u in state.units):  # German rules: a nominated element
        lines.append("G before a code: the General, fighting as that element")
    return lines


def board_picture(
    state: DBAState, viewer: str | None, events: list[dict[str, Any]] | None = None
) -> Picture:
    """The public board: its terrain and rivers, every unit as a counter with its code (the
    viewer's own ringed), and this turn's moves and attacks."""
    cells = []
    for square in all_squares(state.size):
        file, rank = coords(square)
        ground = state.terrain_at(square)
        cells.append(Cell(id=square, q=file, r=state.size - rank,
                          terrain="plain" if ground == "clear" else ground))
    pieces = [
        Piece(cell=u.square, kind="elite" if u.elite else "unit", owner=u.owner,
              label=short(u.type, general=u.general), highlight=u.owner == viewer)
        for u in sorted(state.units, key=lambda u: u.id)
    ]
    owners = [Owner(key=s.id, name=s.name, slot=i) for i, s in enumerate(state.seats)]
    shown = events or []
    return Picture(
        kind="square", title=f"Turn {state.turn}", cells=cells, pieces=pieces, owners=owners,
        edges=_rivers(state), arrows=_arrows(shown), battles=_battles(shown),
        names=NAMES, notes=legend(state),
    )


def _rivers(state: DBAState) -> list[Edge]:
    """Each river side as the edge of the square below or left of it."""
    edges = []
    for side in state.rivers:
        first, second = sorted(side.split("-"), key=coords)
        same_rank = coords(first)[1] == coords(second)[1]
        edges.append(Edge(cell=first, side="e" if same_rank else "n", feature="river"))
    return edges


def _arrows(events: list[dict[str, Any]]) -> list[Arrow]:
    arrows = []
    for event in events:
        data, style = event.get("data", {}), ARROWS.get(event["code"])
        if style and data.get("from") and data.get("to") and data["from"] != data["to"]:
            arrows.append(Arrow(source=data["from"], target=data["to"],
                                owner=data.get("seat"), style=style))  # type: ignore[arg-type]
    return arrows


def _battles(events: list[dict[str, Any]]) -> list[str]:
    squares: list[str] = []
    for event in events:
        square = event.get("data", {}).get("square")
        if event["code"] == "dba.destroyed" and square and square not in squares:
            squares.append(square)
    return squares


def board_text(state: DBAState, viewer: str | None) -> list[str]:
    """The board as text rows, rank 8 at the top: own units upper case, an ally's with a
    capital first letter, the enemy's lower case (the public board: the attacker's side upper)."""
    rows = []
    board = state.occupants()
    for rank in range(state.size, 0, -1):
        cells = []
        for file in range(state.size):
            square = f"{'abcdefghijkl'[file]}{rank}"
            cells.append(_cell_text(state, square, board.get(square), viewer))
        rows.append(f"{rank:>2} " + " ".join(cells))
    rows.append("   " + " ".join(f"{c:^4}" for c in "abcdefghijkl"[: state.size]))
    return rows


def _cased(state: DBAState, code: str, owner: str, viewer: str | None) -> str:
    """A unit's code as the viewer reads whose it is."""
    if owner == viewer or (viewer is None and state.side_of(owner) == 0):
        return code.upper()
    if viewer is not None and viewer in state.sides and not state.enemies(viewer, owner):
        return code.capitalize()
    return code.lower()


def _cell_text(state: DBAState, square: str, unit: Unit | None, viewer: str | None) -> str:
    if unit is not None:
        code = short(unit.type, unit.elite, unit.general)
        return f"{_cased(state, code, unit.owner, viewer):<4}"
    return TEXT_TERRAIN.get(state.terrain_at(square), " .  ")

"""The board picture for pbem.core.board: squares, terrain and units, the viewer's marked."""

from __future__ import annotations

from pbem.core.board import Cell, Owner, Picture, Piece
from pbem.games.dba_cards.squares import all_squares, coords
from pbem.games.dba_cards.state import DBAState

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
SHOWN_TERRAIN = {
    "rough": "marsh",
    "impassable": "water",
    "hill": "plain",
    "wood": "forest",
    "steep-hill": "hills",
}
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


def board_picture(state: DBAState, viewer: str | None) -> Picture:
    """The public board, with the viewer's own units highlighted."""
    cells = []
    for square in all_squares(state.size):
        file, rank = coords(square)
        ground = state.terrain_at(square)
        shade = "dark" if (file + rank) % 2 == 0 else "light"
        cells.append(
            Cell(
                id=square,
                q=file,
                r=state.size - rank,
                terrain=SHOWN_TERRAIN.get(ground, shade),
                label=square if ground == "clear" else f"{square} {ground}",
                marks=[ground] if ground != "clear" else [],
            )
        )
    pieces = [
        Piece(
            cell=u.square,
            kind="army",
            owner=u.owner,
            label=short(u.type, u.elite, u.general),
            highlight=u.owner == viewer,
        )
        for u in sorted(state.units, key=lambda u: u.id)
    ]
    owners = [Owner(key=s.id, name=s.name, slot=i) for i, s in enumerate(state.seats)]
    return Picture(
        kind="square", title=f"Turn {state.turn}", cells=cells, pieces=pieces, owners=owners
    )


def board_text(state: DBAState, viewer: str | None) -> list[str]:
    """The board as text rows, rank 8 at the top: own units upper case, the enemy's lower."""
    rows = []
    for rank in range(state.size, 0, -1):
        cells = []
        for file in range(state.size):
            square = f"{'abcdefghijkl'[file]}{rank}"
            cells.append(_cell_text(state, square, viewer))
        rows.append(f"{rank:>2} " + " ".join(cells))
    rows.append("   " + " ".join(f"{c:^4}" for c in "abcdefghijkl"[: state.size]))
    return rows


def _cell_text(state: DBAState, square: str, viewer: str | None) -> str:
    unit = state.unit_at(square)
    if unit is not None:
        code = short(unit.type, unit.elite, unit.general)
        mine = (viewer is None and state.side_of(unit.owner) == 0) or unit.owner == viewer
        return f"{code.upper() if mine else code.lower():<4}"
    return TEXT_TERRAIN.get(state.terrain_at(square), " .  ")

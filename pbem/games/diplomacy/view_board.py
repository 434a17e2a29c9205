"""The board as an area picture (pbem.core.board): provinces coloured by the owner of their
supply centre, coastal and inland provinces apart, units, centres, and this phase's orders as
arrows (moves and retreats, supports and convoys; failed ones dashed); and the board in text."""

from __future__ import annotations

from typing import Any

from pbem.core.board import Arrow, Cell, Owner, Picture, Piece
from pbem.core.game import Event
from pbem.games.diplomacy.board.outlines import board_outlines
from pbem.games.diplomacy.content import Scenery, province_of
from pbem.games.diplomacy.order_text import place, unit_text
from pbem.games.diplomacy.rules.phases import phase_label
from pbem.games.diplomacy.state import DipState

PLAYED = ("dip.orders", "dip.retreats", "dip.adjustments")  # the events naming a phase played
TERRAIN = {"land": "inland", "coast": "coastal", "sea": "sea"}
SPAN = 740.0  # pixels across: 75 provinces are too dense for a phone's width; the map pans
NAMES = {
    "sea": "sea (fleets only)",
    "inland": "inland (armies only)",
    "coastal": "coastal (armies and fleets)",
    "centre": "supply centre (tint: its owner)",
    "lying": "dislodged unit (on its side)",
    "highlight": "your unit",
}


def owner_key(state: DipState, power: str) -> str:
    """The picture's owner key of a power: its seat, or the power for one nobody plays."""
    return state.seat_of(power) or power


def board_picture(state: DipState, viewer: str | None, events: list[Event]) -> Picture:
    """The whole board as `viewer` sees it (every reader sees the same board)."""
    shapes = board_outlines(state.board)
    cells = [_cell(state, p.id, shapes.get(p.id, [])) for p in state.board.provinces]
    # scenery is labelled like a province (SWI), its full name in the legend
    cells += [_scenery(s, shapes) for s in state.board.scenery]
    return _picture(state, viewer, events, cells)


def board_json(state: DipState, viewer: str | None, events: list[Event]) -> dict[str, Any]:
    """`board_picture(...).model_dump(mode="json")`, each province's dump made once a board
    for each owner key it shows (the outlines are some 1,300 corners: a view would otherwise
    make them again for every reader)."""
    data = _picture(state, viewer, events, []).model_dump(mode="json")
    key = state.board.digest or state.board.name
    dumps = _DUMPS.setdefault(key, {})
    cells = []
    for province in state.board.provinces:
        power = state.centres.get(province.id)
        owner = owner_key(state, power) if power else None  # as _cell names it
        dump = dumps.get((province.id, owner))
        if dump is None:
            shape = board_outlines(state.board).get(province.id, [])
            made = _cell(state, province.id, shape).model_dump(mode="json")
            dump = dumps[(province.id, owner)] = made
        cells.append({**dump, "marks": list(dump["marks"])})
    for scenery in state.board.scenery:
        dump = dumps.get((scenery.id, "scenery"))
        if dump is None:
            made = _scenery(scenery, board_outlines(state.board)).model_dump(mode="json")
            dump = dumps[(scenery.id, "scenery")] = made
        cells.append({**dump, "marks": list(dump["marks"])})
    data["cells"] = cells
    return data


# Each board's cell dumps, by province and owner key (the outline lists inside are shared:
# read only, as every view is)
_DUMPS: dict[str, dict[tuple[str, str | None], dict[str, Any]]] = {}


def _scenery(scenery: Scenery, shapes: dict[str, list[tuple[float, float]]]) -> Cell:
    return Cell(id=scenery.id, x=scenery.points[0][0], y=scenery.points[0][1],
                terrain="impassable", label=scenery.id.upper(),
                outline=shapes.get(scenery.id, []))


def _picture(
    state: DipState, viewer: str | None, events: list[Event], cells: list[Cell]
) -> Picture:
    pieces = []
    for unit in state.units:
        pieces.append(Piece(cell=unit.province, kind="army" if unit.kind == "A" else "fleet",
                            owner=owner_key(state, unit.power), label="",
                            highlight=state.power_of(viewer or "") == unit.power))
    for d in state.dislodged:
        pieces.append(Piece(cell=province_of(d.at), kind="army" if d.kind == "A" else "fleet",
                            owner=owner_key(state, d.power), label="", lying=True))
    return Picture(kind="area", title=f"{state.board.title}: {_shown(state, events)}",
                   cells=cells, pieces=pieces, arrows=_arrows(state, events),
                   owners=_owners(state), names=_names(state), span=SPAN)


def _shown(state: DipState, events: list[Event]) -> str:
    """The phase the picture shows: the last one whose orders it draws, else the one to come."""
    played = [e.data["phase"] for e in events if e.code in PLAYED and e.data.get("phase")]
    return str(played[-1]) if played else phase_label(state)


def _names(state: DipState) -> dict[str, str]:
    """The legend's words: NAMES, with the board's scenery named under impassable."""
    scenery = ", ".join(f"{s.id.upper()} {s.name}" for s in state.board.scenery)
    return {**NAMES, "impassable": f"impassable ({scenery})"} if scenery else dict(NAMES)


def _cell(state: DipState, pid: str, outline: list[tuple[float, float]]) -> Cell:
    province = state.board.province(pid)
    owner = state.centres.get(pid)
    return Cell(id=pid, x=province.x, y=province.y, terrain=TERRAIN[province.kind],
                owner=owner_key(state, owner) if owner else None, label=pid.upper(),
                outline=outline, marks=["centre"] if province.centre else [])


def _owners(state: DipState) -> list[Owner]:
    return [Owner(key=owner_key(state, p.key), name=p.name, slot=i)
            for i, p in enumerate(state.board.powers)]


def _arrows(state: DipState, events: list[Event]) -> list[Arrow]:
    arrows = []
    for event in events:
        if event.code not in ("dip.orders", "dip.retreats"):
            continue
        for row in event.data.get("rows", []):
            arrow = _arrow(state, row)
            if arrow is not None:
                arrows.append(arrow)
    return arrows


def _arrow(state: DipState, row: dict[str, Any]) -> Arrow | None:
    """A move or retreat to its destination; a support or convoy to where it helps."""
    owner = owner_key(state, row["power"])
    at, to, of = (province_of(row.get(k) or "") for k in ("at", "to", "of"))
    kind, result = row.get("kind"), row["result"]
    if kind == "move":
        return Arrow(source=at, target=to, owner=owner, failed=result != "moved")
    if kind == "retreat":
        return Arrow(source=at, target=to, owner=owner, style="retreat",
                     failed=result != "retreated")
    if kind == "support":
        return Arrow(source=at, target=to or of, owner=owner, style="support",
                     failed=result != "given")
    if kind == "convoy":
        return Arrow(source=at, target=to, owner=owner, style="convoy",
                     failed=result != "convoyed")
    return None


BOARD_WIDTH = 46  # characters a line of the text board takes: a phone shows it whole
BOARD_INDENT = 9  # a power's name and the gap after it


def board_lines(state: DipState) -> list[str]:
    """The board in text, for readers who block images: each power's units (a dislodged one
    with where it may retreat); the centres are in the report's table."""
    lines = []
    for power in state.board.powers:
        units = [unit_text(u.kind, u.at) for u in state.units_of(power.key)]
        units += [f"{unit_text(d.kind, d.at)} dislodged (retreat: "
                  f"{' '.join(place(r) for r in d.retreats) or 'none'})"
                  for d in state.dislodged if d.power == power.key]
        if units or power.key in state.alive():
            lines += _wrapped(f"{power.name:<{BOARD_INDENT - 1}}", units or ["no units"])
    return lines


def _wrapped(head: str, items: list[str]) -> list[str]:
    """`head` and the items after it, comma separated, folded at BOARD_WIDTH under an indent."""
    lines, line = [], head
    for number, item in enumerate(items):
        text = item + ("," if number < len(items) - 1 else "")
        if len(line) + 1 + len(text) > BOARD_WIDTH and line.strip():
            lines.append(line)
            line = " " * (BOARD_INDENT - 1)
        line = f"{line} {text}"
    return [*lines, line]

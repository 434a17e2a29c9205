"""The map of Israel as an area picture: locations and nations, roads and sea lanes."""

from __future__ import annotations

from pbem.core.board import Cell, Link, Owner, Picture, Piece
from pbem.games.kings_of_israel.state import KIState


def board_picture(state: KIState, viewer: str | None) -> Picture:
    """Every place with its cubes, Idol and Altar; prophets as pieces; roads and seas as links."""
    cells = [_cell(state, p.id) for p in state.board.places]
    links = [Link(a=a, b=b, kind="road") for a, b in state.board.roads]
    links += [Link(a=a, b=b, kind="sea") for a, b in state.board.seas]
    pieces = [
        Piece(
            cell=prophet.at,
            kind="army",
            owner=seat,
            label=_name(state, seat),
            highlight=seat == viewer,
        )
        for seat, prophet in sorted(state.prophets.items())
    ]
    pieces += [Piece(cell=p, kind="city", label="Altar") for p in state.altars]
    pieces += [Piece(cell=p, kind="card", label="Idol") for p in state.idols]
    if state.false_prophet:
        pieces.append(Piece(cell=state.false_prophet, kind="army", label="False Prophet"))
    owners = [Owner(key=s.id, name=s.name, slot=i) for i, s in enumerate(state.seats)]
    return Picture(
        kind="area",
        title=f"Round {state.round}: {state.king()}",
        cells=cells,
        pieces=pieces,
        owners=owners,
        links=links,
    )


def _name(state: KIState, seat: str) -> str:
    return next(s.name for s in state.seats if s.id == seat)


def _cell(state: KIState, place_id: str) -> Cell:
    place = state.board.place(place_id)
    marks = []
    if place_id in state.altars:
        marks.append("altar")
    if place_id in state.idols:
        marks.append("idol")
    cubes = state.sin.get(place_id, 0)
    label = place.name + (f" {'*' * cubes}" if cubes else "")
    if place_id in state.destroyed:
        label += " (destroyed)"
    terrain = "nation" if place.nation else ("mount" if place.kind == "mount" else "plain")
    return Cell(id=place_id, x=place.x, y=place.y, terrain=terrain, label=label, marks=marks)


def board_lines(state: KIState) -> list[str]:
    """One line per location: cubes, Idol, Altar, prophets and the False Prophet there."""
    lines = []
    for place in state.board.places:
        if place.nation:
            continue
        bits = []
        if state.sin.get(place.id):
            bits.append(f"sin {state.sin[place.id]}")
        if place.id in state.idols:
            bits.append("IDOL")
        if place.id in state.altars:
            bits.append("ALTAR")
        here = [_name(state, s) for s, p in sorted(state.prophets.items()) if p.at == place.id]
        if here:
            bits.append("prophets: " + ", ".join(here))
        if state.false_prophet == place.id:
            bits.append("FALSE PROPHET")
        if place.id in state.destroyed:
            bits.append("DESTROYED")
        lines.append(f"{place.name:<15} {'; '.join(bits) if bits else '-'}")
    return lines


def map_lines(state: KIState) -> list[str]:
    """The roads and sea lanes of Israel, one place per line."""
    lines = []
    for place in state.board.places:
        roads = [state.board.place(p).name for p in state.board.road_neighbours(place.id)]
        seas = [state.board.place(p).name for p in state.board.sea_neighbours(place.id)]
        text = f"{place.name}: roads to {', '.join(roads) or 'none'}"
        lines.append(text + (f"; sea to {', '.join(seas)}" if seas else ""))
    return lines

"""The map of Israel as an area picture (locations, Mounts and nations, roads and seas, what
stands on each place, this phase's moves) and as text lines."""

from __future__ import annotations

import itertools
from typing import Any

from pbem.core.board import Arrow, Cell, Link, Owner, Picture, Piece
from pbem.core.game import Event
from pbem.games.kings_of_israel.state import KIState

NAMES = {
    "plain": "location",
    "mount": "Mount (a location)",
    "nation": "outside nation",
    "road": "road",
    "sea": "sea",
    "destroyed": "destroyed (no one enters)",
    "altar": "Altar",
    "idol": "Idol",
    "sin": "Sin Cubes (how many)",
    "prophet": "prophet",
    "false-prophet": "the False Prophet",
    "highlight": "your prophet",
    "move": "a move this turn",
}
NOTES = ["You may name places in orders as shown or with hyphens (mount-ebal)."]


def board_picture(state: KIState, viewer: str | None, events: list[Event] | None = None) -> Picture:
    """Every place (location, Mount or nation), roads and seas; Altars, Idols and Sin Cubes;
    the prophets in their players' colours and the False Prophet; this phase's moves."""
    cells = [_cell(state, p.id, _marks(state, p.id)) for p in state.board.places]
    return _picture(state, viewer, events, cells)


def board_json(
    state: KIState, viewer: str | None, events: list[Event] | None = None
) -> dict[str, Any]:
    """`board_picture(...).model_dump(mode="json")`, each cell's dump made once a board for
    each set of marks it shows, and the roads and seas built once a board."""
    data = _picture(state, viewer, events, []).model_dump(mode="json")
    dumps: dict[tuple[str, tuple[str, ...]], dict[str, Any]] = state.board.memo("cell dumps", dict)
    cells = []
    altars, idols, destroyed = set(state.altars), set(state.idols), set(state.destroyed)
    for place in state.board.places:
        place_id = place.id
        key = (place_id, tuple(mark for mark, on in (("altar", place_id in altars),
                                                     ("idol", place_id in idols),
                                                     ("destroyed", place_id in destroyed)) if on))
        dump = dumps.get(key)
        if dump is None:
            dump = dumps[key] = _cell(state, place.id, list(key[1])).model_dump(mode="json")
        cells.append({**dump, "marks": list(dump["marks"])})
    data["cells"] = cells
    return data


def _links(state: KIState) -> list[Link]:
    """The roads, then the sea lanes, as links (made once a board; they are never changed)."""

    def build() -> list[Link]:
        links = [Link(a=a, b=b, kind="road") for a, b in state.board.roads]
        return links + [Link(a=a, b=b, kind="sea") for a, b in state.board.seas]

    return state.board.memo("links", build)


def _picture(
    state: KIState, viewer: str | None, events: list[Event] | None, cells: list[Cell]
) -> Picture:
    links = list(_links(state))
    pieces = [Piece(cell=p, kind="altar") for p in state.altars]
    for place in state.board.places:
        if state.sin.get(place.id):
            pieces.append(Piece(cell=place.id, kind="sin", label=str(state.sin[place.id])))
        if place.id in state.idols:
            pieces.append(Piece(cell=place.id, kind="idol"))
    pieces += [
        Piece(cell=prophet.at, kind="prophet", owner=seat, highlight=seat == viewer)
        for seat, prophet in sorted(state.prophets.items())
    ]
    if state.false_prophet:
        pieces.append(Piece(cell=state.false_prophet, kind="false-prophet"))
    owners = [Owner(key=s.id, name=s.name, slot=i) for i, s in enumerate(state.seats)]
    return Picture(
        kind="area",
        title=f"Round {state.round}: {state.king()}",
        cells=cells,
        pieces=pieces,
        owners=owners,
        links=links,
        arrows=_arrows(events or []),
        names=NAMES,
        notes=NOTES,
    )


def _arrows(events: list[Event]) -> list[Arrow]:
    """A prophet's moves step by step, and the False Prophet's."""
    arrows = []
    for event in events:
        data = event.data
        if event.code == "ki.moved":
            steps = [data["from"], *data["path"]]
            arrows += [Arrow(source=a, target=b, owner=data["seat"])
                       for a, b in itertools.pairwise(steps) if a != b]
        elif event.code == "ki.prophet_moved" and data["from"] != data["to"]:
            arrows.append(Arrow(source=data["from"], target=data["to"]))
    return arrows


def _name(state: KIState, seat: str) -> str:
    return next(s.name for s in state.seats if s.id == seat)


def _marks(state: KIState, place_id: str) -> list[str]:
    # altar and idol marks say what stands there (the map draws them as pieces)
    return [mark for mark, on in (("altar", place_id in state.altars),
                                  ("idol", place_id in state.idols),
                                  ("destroyed", place_id in state.destroyed)) if on]


def _cell(state: KIState, place_id: str, marks: list[str]) -> Cell:
    place = state.board.place(place_id)
    terrain = "nation" if place.nation else ("mount" if place.kind == "mount" else "plain")
    return Cell(id=place_id, x=place.x, y=place.y, terrain=terrain, label=place.name,
                marks=marks)


def board_lines(state: KIState) -> list[str]:
    """One line per location: cubes, Idol, Altar, prophets and the False Prophet there."""
    lines = []
    altars, idols, destroyed = set(state.altars), set(state.idols), set(state.destroyed)
    prophets: dict[str, list[str]] = {}  # place -> the names of the prophets there, by seat
    for seat, prophet in sorted(state.prophets.items()):
        prophets.setdefault(prophet.at, []).append(_name(state, seat))
    for place in state.board.places:
        if place.nation:
            continue
        bits = []
        if state.sin.get(place.id):
            bits.append(f"sin {state.sin[place.id]}")
        if place.id in idols:
            bits.append("IDOL")
        if place.id in altars:
            bits.append("ALTAR")
        here = prophets.get(place.id)
        if here:
            bits.append("prophets: " + ", ".join(here))
        if state.false_prophet == place.id:
            bits.append("FALSE PROPHET")
        if place.id in destroyed:
            bits.append("DESTROYED")
        lines.append(f"{place.name:<15} {'; '.join(bits) if bits else '-'}")
    return lines


def map_lines(state: KIState) -> list[str]:
    """The roads and sea lanes of Israel, one place per line."""
    return list(state.board.memo("map lines", lambda: _map_lines(state)))


def _map_lines(state: KIState) -> list[str]:
    lines = []
    for place in state.board.places:
        roads = [state.board.place(p).name for p in state.board.road_neighbours(place.id)]
        seas = [state.board.place(p).name for p in state.board.sea_neighbours(place.id)]
        text = f"{place.name}: roads to {', '.join(roads) or 'none'}"
        lines.append(text + (f"; sea to {', '.join(seas)}" if seas else ""))
    return lines

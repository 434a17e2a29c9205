"""The map as an area picture (pbem.core.board) and as text lines: control, cities, the
viewer's own stacks in full and everyone else's as counts; and the land itself (terrain,
cities, ports, borders), the same for every reader."""

from __future__ import annotations

from typing import Any

from pbem.core.board import Arrow, Cell, Link, Owner, Picture, Piece
from pbem.games.king_david.content import Area
from pbem.games.king_david.land.stacks import borders
from pbem.games.king_david.state import KDState

LINKS = {"land": "border", "river": "river", "jordan": "barrier", "ford": "ford"}
NAMES = {
    "hill": "hill (a chariot pays 2)",
    "clear": "clear",
    "border": "border",
    "river": "river (a chariot pays 1)",
    "ford": "ford over the Jordan",
    "barrier": "the Jordan: cross only at a ford",
    "port": "port (sea moves between ports)",
    "fort": "walled city: fortification",
    "stack": "a stack: its counters (★ on yours: a leader)",
    "highlight": "your armies",
}
# How orders write the rulebook's area names is said under the map (report.html.j2, NAMES_NOTE
# in the text), where words cost far fewer bytes than their pixels in the picture.
NOTES = [
    "Your stacks in full, and the others' as counts, are in the text below the map.",
]
ARROWS = {"kd.moved": "move", "kd.retreated": "retreat"}
BATTLES = ("kd.battle_declared", "kd.battle", "kd.siege")


def _owners(state: KDState) -> list[Owner]:
    owners = [Owner(key=s.id, name=_seat_name(state, s.id, s.name), slot=i)
              for i, s in enumerate(state.seats)]
    minors = [c for c in state.scenario.countries if c.key not in
              {p.country for p in state.players.values()}]
    owners += [Owner(key=c.key, name=c.name, slot=len(owners) + i) for i, c in enumerate(minors)]
    return owners


def _seat_name(state: KDState, seat: str, name: str) -> str:
    country = state.players[seat].country if seat in state.players else None
    return f"{name} ({state.scenario.country(country).name})" if country else name


def _owner_of(state: KDState, area: str, seats: dict[str, str]) -> str | None:
    """The seat whose country controls the area (`seats`: `_player_seats`), else the country."""
    country = state.control.get(area)
    if country is None:
        return None
    return seats.get(country) or country


def _player_seats(state: KDState) -> dict[str, str]:
    """Each player country's seat (the first in seat order, should two share one)."""
    return {p.country: s for s, p in sorted(state.players.items(), reverse=True)}


def board_picture(state: KDState, viewer: str | None,
                  events: list[dict[str, Any]] | None = None) -> Picture:
    """Areas at their map places, coloured by control, hill or clear; walled cities with their
    fortification; ports; borders, rivers, the Jordan and its fords; every side's stacks as
    counts (another side's as its counters, armies and leaders alike: 6.1 hides what a stack
    holds); this phase's moves and battles."""
    shown = events or []
    cells, pieces = [], []
    seats = _player_seats(state)
    for area in state.scenario.areas:
        marks = ["port"] if area.port else []
        cells.append(Cell(id=area.id, x=area.x, y=area.y, terrain=area.terrain,
                          owner=_owner_of(state, area.id, seats), label=area_label(area),
                          marks=marks))
        if area.city:
            level = max(1, state.forts.get(area.id, 0))
            pieces.append(Piece(cell=area.id, kind="fort", label=str(level)))
    for (where, side), (armies, leaders) in sorted(_counts(state).items()):
        label = str(armies + leaders)  # another side's stack: how many counters, nothing more
        if side == viewer:
            label = f"{armies}" + ("★" if leaders else "") if armies else "★"
        pieces.append(Piece(cell=where, kind="stack", owner=side, label=label,
                            highlight=side == viewer))
    links = list(state.scenario.memo("board_links", lambda: _links(state)))
    return Picture(kind="area", title=f"Turn {state.turn} of {state.turns}", cells=cells,
                   pieces=pieces, owners=_owners(state), links=links,
                   arrows=_arrows(state, shown), battles=_battles(shown),
                   names=NAMES, notes=NOTES, keyless=True)


def area_label(area: Area) -> str:
    """An area's name on the map, with its order id in brackets where the name, in small
    letters without spaces or hyphens, is not the id."""
    name = area.shown
    written = "".join(ch for ch in name.lower() if ch not in " -")
    return name if written == area.id else f"{name} ({area.id})"


def _links(state: KDState) -> list[Link]:
    """The scenario's borders as the picture draws them, the same in every view (shared)."""
    return [Link(a=ln.a, b=ln.b, kind=LINKS[ln.kind])  # type: ignore[arg-type]
            for ln in state.scenario.links]


def _counts(state: KDState) -> dict[tuple[str, str], tuple[int, int]]:
    """Per area and side: armies and leaders on the map."""
    counts: dict[tuple[str, str], list[int]] = {}
    seats = state.country_seats()
    for army in state.armies:
        key = (army.area, army.raider or seats.get(army.country) or army.country)
        counts.setdefault(key, [0, 0])[0] += 1
    for leader in state.leaders:
        if leader.status == "map" and leader.area:
            key = (leader.area, seats.get(leader.country) or leader.country)
            counts.setdefault(key, [0, 0])[1] += 1
    return {key: (armies, leaders) for key, (armies, leaders) in counts.items()}


def _arrows(state: KDState, events: list[dict[str, Any]]) -> list[Arrow]:
    arrows = []
    for event in events:
        data, style = event.get("data", {}), ARROWS.get(event["code"])
        source = data.get("from", data.get("area"))
        if style and source and data.get("to") and source != data["to"]:
            arrows.append(Arrow(source=source, target=data["to"], owner=data.get("seat"),
                                style=style))  # type: ignore[arg-type]
    return arrows


def _battles(events: list[dict[str, Any]]) -> list[str]:
    found: list[str] = []
    for event in events:
        area = event.get("data", {}).get("area")
        if event["code"] in BATTLES and area and area not in found:
            found.append(area)
    return found


def stacks(state: KDState, viewer: str | None,
           short: bool = False) -> list[tuple[str, str, str]]:
    """(area, side, label): the viewer's own stacks listed (on the map: counted, with their
    leaders), the others' as their number of counters only: a leader is a counter like an
    army, so where a leader stands is not shown (6.1: no one examines another's stack)."""
    grouped: dict[tuple[str, str], list[str]] = {}
    seats = state.country_seats()
    for army in state.armies:
        side = army.raider or seats.get(army.country) or army.country
        own = side == viewer
        grouped.setdefault((army.area, side), []).append(
            f"{army.id} {army.kind[:3]} {army.strength}/{army.steps}" if own else "army")
    for leader in state.leaders:
        if leader.status == "map" and leader.area:
            side = seats.get(leader.country) or leader.country
            grouped.setdefault((leader.area, side), []).append(
                leader.name if side == viewer else "counter")
    found = []
    for (area, side), items in sorted(grouped.items()):
        if side == viewer and short:
            leaders = [i for i in items if " " not in i]
            found.append((area, side, " ".join([f"{len(items) - len(leaders)}", *leaders])))
        elif side == viewer:
            found.append((area, side, ", ".join(items)))
        else:
            found.append((area, side, f"{len(items)}" if short else _counters(len(items))))
    return found


def _counters(count: int) -> str:
    return "1 counter" if count == 1 else f"{count} counters"


def board_text(state: KDState, viewer: str | None) -> list[str]:
    """One line per area that holds a city or a stack: control, fortification and stacks."""
    by_area: dict[str, list[str]] = {}
    for where, side, label in stacks(state, viewer):
        by_area.setdefault(where, []).append(f"[{side}: {label}]")
    lines = []
    for area in state.scenario.areas:
        if not area.city and area.id not in by_area:
            continue
        city = f" {area.city} (fort {max(1, state.forts.get(area.id, 0))})" if area.city else ""
        held = state.control.get(area.id, "none")
        lines.append(f"{area.id:<12} {held:<10}{city} {' '.join(by_area.get(area.id, []))}"
                     .rstrip())
    return lines


CROSSING = {"land": "", "river": " (river)", "ford": " (ford)",
            "jordan": " (Jordan, no crossing)"}


def land_text(state: KDState) -> list[list[str]]:
    """One row per area: its id, country, terrain, city and port, and each neighbour with the
    border between (6.1: rivers cost chariots one more, the Jordan only at its fords); the
    text report lines the rows up in columns, the HTML one makes a table of them."""
    rows = []
    for area in state.scenario.areas:
        place = ", ".join(p for p in (f"city {area.city}" if area.city else "",
                                      "port" if area.port else "") if p)
        ways = ", ".join(f"{other}{CROSSING[kind]}" for other, kind in borders(state, area.id))
        rows.append([area.id, area.country, area.terrain, place, ways])
    return rows

"""The map as an area picture (pbem.core.board) and as text lines: control, cities, the
viewer's own stacks in full and everyone else's as counts; and the land itself (terrain,
cities, ports, borders), the same for every reader."""

from __future__ import annotations

from pbem.core.board import Cell, Link, Owner, Picture, Piece
from pbem.games.king_david.land.stacks import borders
from pbem.games.king_david.state import KDState

LINKS = {"land": "border", "river": "river", "jordan": "river", "ford": "ford"}


def _owners(state: KDState) -> list[Owner]:
    owners = [Owner(key=s.id, name=s.name, slot=i) for i, s in enumerate(state.seats)]
    minors = [c for c in state.scenario.countries if c.key not in
              {p.country for p in state.players.values()}]
    owners += [Owner(key=c.key, name=c.name, slot=len(owners) + i) for i, c in enumerate(minors)]
    return owners


def _owner_of(state: KDState, area: str) -> str | None:
    country = state.control.get(area)
    if country is None:
        return None
    seat = next((s for s, p in sorted(state.players.items()) if p.country == country), None)
    return seat or country


def board_picture(state: KDState, viewer: str | None) -> Picture:
    """Areas at their map places, coloured by control; cities; stacks as the viewer may see."""
    cells, pieces = [], []
    for area in state.scenario.areas:
        cells.append(Cell(id=area.id, x=area.x, y=area.y, terrain=area.terrain,
                          owner=_owner_of(state, area.id), label=area.city or area.id,
                          marks=["port"] if area.port else []))
        if area.city:
            level = max(1, state.forts.get(area.id, 0))
            pieces.append(Piece(cell=area.id, kind="city", owner=_owner_of(state, area.id),
                                label=f"{area.city} {level}"))
    for where, side, label in stacks(state, viewer, short=True):
        pieces.append(Piece(cell=where, kind="army", owner=side, label=label,
                            highlight=side == viewer))
    links = [Link(a=ln.a, b=ln.b, kind=LINKS[ln.kind],  # type: ignore[arg-type]
                  label="Jordan" if ln.kind == "jordan" else "")
             for ln in state.scenario.links]
    return Picture(kind="area", title=f"Turn {state.turn}", cells=cells, pieces=pieces,
                   owners=_owners(state), links=links)


def stacks(state: KDState, viewer: str | None,
           short: bool = False) -> list[tuple[str, str, str]]:
    """(area, side, label): the viewer's own stacks listed (on the map: counted, with their
    leaders), the others' as counts."""
    grouped: dict[tuple[str, str], list[str]] = {}
    for army in state.armies:
        side = state.side_of(army) or army.country
        own = side == viewer
        grouped.setdefault((army.area, side), []).append(
            f"{army.id} {army.kind[:3]} {army.strength}/{army.steps}" if own else "army")
    for leader in state.leaders:
        if leader.status == "map" and leader.area:
            side = state.seat_of(leader.country) or leader.country
            grouped.setdefault((leader.area, side), []).append(
                leader.name if side == viewer else "leader")
    found = []
    for (area, side), items in sorted(grouped.items()):
        if side == viewer and short:
            leaders = [i for i in items if " " not in i]
            found.append((area, side, " ".join([f"{len(items) - len(leaders)}", *leaders])))
        elif side == viewer:
            found.append((area, side, ", ".join(items)))
        else:
            armies, chiefs = items.count("army"), items.count("leader")
            found.append((area, side, f"{armies}" + (f"+{chiefs}L" if chiefs else "")
                          if short else f"{armies} armies" + (f" +{chiefs} leader"
                                                              if chiefs else "")))
    return found


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


def land_text(state: KDState) -> list[str]:
    """One line per area: its country, terrain, city and port, and each neighbour with the
    border between (6.1: rivers cost chariots one more, the Jordan only at its fords)."""
    lines = []
    for area in state.scenario.areas:
        place = ", ".join(p for p in (f"city {area.city}" if area.city else "",
                                      "port" if area.port else "") if p)
        ways = ", ".join(f"{other}{CROSSING[kind]}" for other, kind in borders(state, area.id))
        lines.append(f"{area.id:<12} {area.country:<10} {area.terrain:<6}{place:<24} {ways}")
    return lines

"""The order template in a report: the seat's default orders, then every stack it may move
(its own armies and leaders, raiders it runs, minor countries' armies it runs) with where
each may go and what the way costs (6.1)."""

from __future__ import annotations

from pbem.games.king_david.choices import reminder
from pbem.games.king_david.flow import acting
from pbem.games.king_david.land.stacks import borders, home_bound
from pbem.games.king_david.setup import available
from pbem.games.king_david.state import Army, KDState, Leader

HEAD = ("# Your stacks and where they may go (move AREA NEXT [NEXT ...]; 'with ID ...' moves "
        "only those named):")


def template_text(state: KDState, seat: str, canonical: str) -> str:
    """The default orders, with the seat's stacks and their ways out as comments (at setup,
    how to choose a country)."""
    lines = [canonical]
    if state.stage == "setup":
        lines += [f"# prefer {' '.join(available(state))}",
                  "#   the countries you would rather play, best first (4.1)"]
    elif seat in acting(state):
        lines.append(HEAD)
        lines += [f"#   {line}" for line in stack_lines(state, seat)]
    return "\n".join(lines + _choices(state, seat))


def _choices(state: KDState, seat: str) -> list[str]:
    """At setup and in the seat's action: the choices it may make in advance (issue 35)."""
    return reminder(state) if state.stage == "setup" or seat in acting(state) else []


def stack_lines(state: KDState, seat: str) -> list[str]:
    """Per area the seat has units in: the area, then each group of units and its ways out."""
    areas = state.army_areas(seat)
    areas |= {ld.area for ld in _leaders(state, seat) if ld.area}
    lines = []
    for area in sorted(areas):
        lines.append(f"{area} ({place_text(state, area)})")
        for units, home in _groups(state, seat, area):
            lines.append(f"  {units}: to {_exits(state, seat, area, home)}")
    return lines


def place_text(state: KDState, area: str) -> str:
    """An area's terrain, city and port, e.g. 'clear, city Gaza, port'."""
    spec = state.scenario.area(area)
    parts = [spec.terrain, f"city {spec.city}" if spec.city else "", "port" if spec.port else ""]
    return ", ".join(p for p in parts if p)


def _leaders(state: KDState, seat: str) -> list[Leader]:
    return [ld for ld in state.leaders if ld.status == "map" and state.seat_of(ld.country) == seat]


def _groups(state: KDState, seat: str, area: str) -> list[tuple[str, str | None]]:
    """(units text, the country they must stay in or None): the seat's own stack with its
    leaders, then each raid's or minor country's armies it runs there."""
    mine = state.players[seat].country
    grouped: dict[tuple[str, int], list[Army]] = {}
    for army in state.armies_in(area):
        if state.side_of(army) == seat:
            key = ("", 0) if army.country == mine else (army.country, army.raid)
            grouped.setdefault(key, []).append(army)
    names = [ld.name for ld in _leaders(state, seat) if ld.area == area]
    found: list[tuple[str, str | None]] = []
    own = grouped.pop(("", 0), [])
    if own or names:
        found.append((", ".join([*(_army(a) for a in own), *names]), None))
    for _, armies in sorted(grouped.items()):
        note, home = _note(state, armies[0])
        found.append((", ".join(_army(a) for a in armies) + f" ({note})", home))
    return found


def _army(army: Army) -> str:
    return f"{army.id} {army.kind} {army.strength}/{army.steps}"


def _note(state: KDState, army: Army) -> tuple[str, str | None]:
    """What sets another country's armies apart, and the country they must stay in."""
    name = state.scenario.country(army.country).name
    if army.raider:
        return f"{name} raiders, {army.raid} Action Phase(s) left", None
    if home_bound(state, army):
        return f"{name}'s, moved by id and only within {name}", army.country
    return f"{name}'s, your ally: they move with your stack", None


def _exits(state: KDState, seat: str, area: str, home: str | None) -> str:
    """The neighbours a stack may enter, with terrain and the river or ford crossed; ports
    reached by sea; none across the Jordan or out of a minor's own country."""
    found = []
    for other, kind in borders(state, area):
        spec = state.scenario.area(other)
        if kind == "jordan" or (home and spec.country != home):
            continue
        crossing = f", {kind}" if kind in ("river", "ford") else ""
        found.append(f"{other} ({spec.terrain}{crossing})")
    sea = [] if home else _by_sea(state, seat, area)
    if sea:
        found.append("by sea " + " ".join(sea))
    return ", ".join(found) or "nowhere"


def _by_sea(state: KDState, seat: str, area: str) -> list[str]:
    """Other ports the seat (or an ally) controls, when this one is such a port (6.1)."""
    def usable(port: str) -> bool:
        holder = state.seat_of(state.control.get(port, ""))
        return holder == seat or state.allied(seat, holder)

    ports = [a.id for a in state.scenario.areas if a.port]
    if area not in ports or not usable(area):
        return []
    return [p for p in ports if p != area and usable(p)]

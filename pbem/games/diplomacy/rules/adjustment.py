"""Winter adjustments: builds on vacant owned home centres, removals, and the civil-disorder
rule for removals a power did not order (DATC 6.I, 6.J; the distance by the game's rules)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pbem.games.diplomacy.board.geography import Geography, geography
from pbem.games.diplomacy.content import province_of
from pbem.games.diplomacy.inputs import Order
from pbem.games.diplomacy.state import DipState, Unit


@dataclass
class Adjusted:
    """One power's winter: each order's verdict, the units built and removed."""

    power: str
    verdicts: list[tuple[Order, str]] = field(default_factory=list)  # (order, done|void|...)
    built: list[Unit] = field(default_factory=list)
    removed: list[Unit] = field(default_factory=list)
    disorder: list[Unit] = field(default_factory=list)  # removed by the civil-disorder rule
    waived: int = 0


def balance(state: DipState) -> dict[str, int]:
    """Each surviving power's centres less its units: builds (+) or removals (-), not 0."""
    centres, units = state.centre_counts(), state.unit_counts()
    found = {}
    for power in state.alive():
        difference = centres.get(power, 0) - units.get(power, 0)
        if difference:
            found[power] = difference
    return found


def build_sites(state: DipState, power: str, taken: set[str] | None = None) -> list[str]:
    """The power's home centres it owns that stand empty (`taken`: the provinces with a
    unit, when the caller knows them)."""
    geo = geography(state.board)
    homes = geo.homes.get(power, ())
    if taken is None:
        taken = {geo.province[u.at] for u in state.units}
    return [h for h in homes if state.centres.get(h) == power and h not in taken]


def owes(state: DipState, power: str) -> bool:
    """Whether the power has a choice to make this winter."""
    count = state.adjust.get(power, 0)
    return count < 0 or (count > 0 and bool(build_sites(state, power)))


def build_fits(geo: Geography, kind: str, location: str) -> bool:
    """Whether a unit of `kind` may stand in `location` (a fleet on a coast, named if split)."""
    province = province_of(location)
    if kind == "A":
        return location == province and geo.is_land(province)
    if province in geo.coasts:
        return location in geo.coasts[province]
    return geo.kind.get(province) == "coast" and location == province


def adjudicate(geo: Geography, state: DipState, power: str, orders: list[Order],
               taken: set[str] | None = None) -> Adjusted:
    """One power's builds or removals, order by order, then civil disorder for the rest
    (`taken`: the provinces with a unit, when the caller knows them)."""
    count = state.adjust.get(power, 0)
    done = Adjusted(power)
    if count > 0:
        _builds(geo, state, done, orders, count, taken)
    elif count < 0:
        _removals(geo, state, done, orders, -count)
    return done


def _builds(geo: Geography, state: DipState, done: Adjusted, orders: list[Order],
            count: int, taken: set[str] | None) -> None:
    sites = build_sites(state, done.power, taken)
    for order in orders:
        used = len(done.built) + done.waived
        if order.kind == "waive" and used < count:
            done.waived += 1
            done.verdicts.append((order, "waived"))
            continue
        place = province_of(order.at)
        ok = (order.kind == "build" and used < count and place in sites
              and order.unit is not None and build_fits(geo, order.unit, order.at))
        if ok and order.unit is not None:
            done.built.append(Unit(power=done.power, kind=order.unit, at=order.at))
            sites.remove(place)
        done.verdicts.append((order, "built" if ok else "void"))


def _removals(geo: Geography, state: DipState, done: Adjusted, orders: list[Order],
              count: int) -> None:
    mine = {u.province: u for u in state.units_of(done.power)}
    for order in orders:
        unit = mine.get(province_of(order.at))
        ok = order.kind in ("remove", "disband") and unit is not None and len(done.removed) < count
        if ok and unit is not None:
            done.removed.append(unit)
            del mine[unit.province]
        done.verdicts.append((order, "removed" if ok else "void"))
    left = count - len(done.removed)
    if left > 0:
        done.disorder = civil_disorder(state, done.power, list(mine.values()), left)


def civil_disorder(state: DipState, power: str, units: list[Unit], count: int) -> list[Unit]:
    """The units removed when a power orders too few removals: the farthest first; at equal
    distance fleets before armies, then by province name (DATC 6.J). By the 2023 rules the
    distance is to the nearest centre the power owns, over land and sea for any unit; by the
    older options to its nearest home centre, a fleet by sea only (DATC 4.D.8)."""
    geo = geography(state.board)
    distance = _distance_2023(geo, state, power) if state.rules == "2023" else \
        (lambda unit: geo.home_distance(power, unit.kind, unit.at))

    def key(unit: Unit) -> tuple[int, int, str]:
        return -distance(unit), 0 if unit.kind == "F" else 1, geo.names[unit.province].lower()

    return sorted(units, key=key)[:count]


def _distance_2023(geo: Geography, state: DipState, power: str) -> Callable[[Unit], int]:
    owned = tuple(sorted(p for p, owner in state.centres.items() if owner == power))
    steps = geo.steps_from(owned)
    return lambda unit: steps.get(unit.province, 99)

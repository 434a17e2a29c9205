"""Fast lookups over one board, built once per board (keyed by its digest) and shared.

The rules ask these questions thousands of times a phase (who borders whom, which coasts a
fleet may reach, how far a unit is from home), so they are plain dicts and frozensets here,
never walks over the pydantic board.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from pbem.games.diplomacy.content import Board, province_of


@dataclass
class Geography:
    """The board's graphs and tables in the shapes the rules read."""

    board: Board
    kind: dict[str, str] = field(default_factory=dict)  # province -> land | coast | sea
    coasts: dict[str, tuple[str, ...]] = field(default_factory=dict)  # split coasts only
    army: dict[str, frozenset[str]] = field(default_factory=dict)
    fleet: dict[str, frozenset[str]] = field(default_factory=dict)
    fleet_reach: dict[str, dict[str, tuple[str, ...]]] = field(default_factory=dict)
    sea_next: dict[str, frozenset[str]] = field(default_factory=dict)  # province-level, by sea
    centres: frozenset[str] = frozenset()
    archipelagos: frozenset[str] = frozenset()
    homes: dict[str, tuple[str, ...]] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)  # province -> full name
    power_names: dict[str, str] = field(default_factory=dict)  # power key -> its name
    province: dict[str, str] = field(default_factory=dict)  # every location -> its province
    _distance: dict[tuple[str, str], dict[str, int]] = field(default_factory=dict)
    _steps: dict[tuple[str, ...], dict[str, int]] = field(default_factory=dict)

    def is_sea(self, province: str) -> bool:
        """True for a sea province, or an archipelago (Baleares), which counts as sea for
        convoys: a fleet there may convoy."""
        return self.kind.get(province) == "sea" or province in self.archipelagos

    def is_land(self, province: str) -> bool:
        """True for a province an army may stand in (inland or coastal)."""
        return self.kind.get(province) in ("land", "coast")

    def fleet_targets(self, location: str, province: str) -> tuple[str, ...]:
        """The locations in `province` a fleet at `location` may move to (two on split coasts)."""
        return self.fleet_reach.get(location, {}).get(province, ())

    def can_reach(self, kind: str, location: str, province: str) -> bool:
        """Whether a unit of `kind` at `location` borders `province` (ignoring convoys)."""
        if kind == "A":
            return province in self.army.get(province_of(location), ())
        return bool(self.fleet_targets(location, province))

    def home_distance(self, power: str, kind: str, location: str) -> int:
        """Moves from `location` to the nearest of `power`'s home centres (DATC 6.J)."""
        table = self._distance.get((power, kind))
        if table is None:
            table = self._distances(power, kind)
            self._distance[(power, kind)] = table
        return table.get(location if kind == "F" else province_of(location), 99)

    def steps_from(self, provinces: tuple[str, ...]) -> dict[str, int]:
        """Steps from the nearest of `provinces` to every province, over land and sea alike
        for any unit (the 2023 rules' civil-disorder distance, DATC 4.D.8)."""
        table = self._steps.get(provinces)
        if table is None:
            table = self._steps[provinces] = _breadth_first(list(provinces), self._any_border())
        return table

    def _any_border(self) -> dict[str, frozenset[str]]:
        return {p: self.army.get(p, frozenset()) | self.sea_next.get(p, frozenset())
                for p in self.kind}

    def _distances(self, power: str, kind: str) -> dict[str, int]:
        """Breadth-first from the home centres: fleets by fleet moves (either coast counts),
        armies over every border, a sea counting one like a land province (DATC 4.D.8)."""
        homes = self.homes.get(power, ())
        if kind == "F":
            start = [loc for loc in self.fleet if province_of(loc) in homes]
            graph = self.fleet
        else:
            start, graph = list(homes), self._any_border()
        return _breadth_first(start, graph)


def _breadth_first(start: list[str], graph: dict[str, frozenset[str]]) -> dict[str, int]:
    seen = dict.fromkeys(start, 0)
    queue = deque(start)
    while queue:
        here = queue.popleft()
        for there in sorted(graph.get(here, ())):
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


_CACHE: dict[str, Geography] = {}


def geography(board: Board) -> Geography:
    """The lookups of `board`, built on first use and kept by the board's digest."""
    key = board.digest or board.name
    found = _CACHE.get(key)
    if found is None:
        found = _build(board)
        _CACHE[key] = found
    return found


def _build(board: Board) -> Geography:
    geo = Geography(board=board)
    geo.kind = {p.id: p.kind for p in board.provinces}
    geo.names = {p.id: p.name for p in board.provinces}
    geo.power_names = {p.key: p.name for p in board.powers}
    geo.province = {loc: province_of(loc) for loc in [*geo.kind, *board.fleet]}
    split: dict[str, list[str]] = {}
    for coast in board.coasts:
        split.setdefault(province_of(coast.location), []).append(coast.location)
    geo.coasts = {p: tuple(sorted(locs)) for p, locs in split.items()}
    geo.army = {p.id: frozenset(board.army.get(p.id, ())) for p in board.provinces
                if p.kind != "sea"}  # an island (Crete) borders no land
    geo.fleet = {loc: frozenset(n) for loc, n in board.fleet.items()}
    for loc, nexts in board.fleet.items():
        reach: dict[str, list[str]] = {}
        for there in sorted(nexts):
            reach.setdefault(province_of(there), []).append(there)
        geo.fleet_reach[loc] = {p: tuple(locs) for p, locs in reach.items()}
    sea: dict[str, set[str]] = {}
    for loc, nexts in board.fleet.items():
        sea.setdefault(province_of(loc), set()).update(province_of(n) for n in nexts)
    geo.sea_next = {p: frozenset(n) for p, n in sea.items()}
    geo.centres = frozenset(p.id for p in board.provinces if p.centre)
    geo.archipelagos = frozenset(board.archipelagos)
    homes: dict[str, list[str]] = {}
    for p in board.provinces:
        if p.home:
            homes.setdefault(p.home, []).append(p.id)
    geo.homes = {k: tuple(sorted(v)) for k, v in homes.items()}
    return geo

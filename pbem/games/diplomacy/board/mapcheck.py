"""Consistency checks of a board, each pointing at the line at fault: symmetric borders, every
coast reachable, home centres owned at the start, units where units can stand."""

from __future__ import annotations

import re
from collections.abc import Callable

from pbem.core.game import ContentError
from pbem.games.diplomacy.content import Board, province_of

LineOf = Callable[..., "int | None"]
ID = re.compile(r"^[a-z][a-z0-9_]*$")


class Checker:
    """Runs every check over one board; the first failure raises ContentError."""

    def __init__(self, board: Board, source: str, line_of: LineOf) -> None:
        self.board, self.source, self.line_of = board, source, line_of
        self.kinds = {p.id: p.kind for p in board.provinces}
        self.split = {province_of(c.location) for c in board.coasts}
        self.coast_ids = {c.location for c in board.coasts}

    def fail(self, word: str, key: str, code: str, message: str) -> None:
        """Raise for the record of `word` in block `key`."""
        raise ContentError(self.source, self.line_of(word, key), code, message)

    def run(self) -> None:
        """Every check, in the order a board file is written."""
        self.powers()
        self.provinces()
        self.coasts()
        self.army()
        self.fleet()
        self.units()
        self.absent()
        self.archipelagos()

    def powers(self) -> None:
        """Unique keys, enough powers for the players, a home centre each."""
        keys = [p.key for p in self.board.powers]
        for key in keys:
            if keys.count(key) > 1 or not ID.match(key):
                self.fail(key, "powers", "dip.E_POWER", f"power {key}: twice, or not a plain word")
        if not 1 < self.board.min_players <= self.board.max_players <= len(keys):
            self.fail("min_players", "", "dip.E_FIELD",
                      "need 2 <= min_players <= max_players <= the number of powers")
        homes = {p.home for p in self.board.provinces if p.home}
        for key in keys:
            if key not in homes:
                self.fail(key, "powers", "dip.E_POWER", f"power {key} has no home centre")
        centres = sum(1 for p in self.board.provinces if p.centre)
        if self.board.victory > centres:
            self.fail("victory", "", "dip.E_FIELD",
                      f"victory needs more centres than the board's {centres}")

    def provinces(self) -> None:
        """Unique ids and names, known home powers, places on the map."""
        seen: dict[str, str] = {}
        ids: set[str] = set()
        powers = {p.key for p in self.board.powers}
        for p in self.board.provinces:
            if not ID.match(p.id) or p.id in ids:
                self.fail(p.id, "provinces", "dip.E_PROVINCE", f"province {p.id}: twice or bad id")
            if p.home and p.home not in powers:
                self.fail(p.id, "provinces", "dip.E_PROVINCE", f"{p.id}: no power {p.home}")
            if p.kind == "sea" and p.centre:
                self.fail(p.id, "provinces", "dip.E_PROVINCE", f"{p.id}: a sea has no centre")
            if not all(0 <= v <= 1000 for v in (p.x, p.y)):
                self.fail(p.id, "provinces", "dip.E_PROVINCE", f"{p.id}: x and y are 0..1000")
            ids.add(p.id)
            for name in [p.id, p.name.lower(), *p.aliases]:
                other = seen.setdefault(name, p.id)
                if other != p.id:
                    self.fail(p.id, "provinces", "dip.E_NAME",
                              f"{p.id}: the name {name!r} already names {other}")

    def coasts(self) -> None:
        """Coasts belong to coastal provinces, two or more each."""
        counts: dict[str, int] = {}
        for c in self.board.coasts:
            province = province_of(c.location)
            if self.kinds.get(province) != "coast":
                self.fail(c.location, "coasts", "dip.E_COAST",
                          f"{c.location}: {province} is not a coastal province")
            counts[province] = counts.get(province, 0) + 1
        for c in self.board.coasts:
            if counts[province_of(c.location)] < 2:
                self.fail(c.location, "coasts", "dip.E_COAST",
                          f"{c.location} is its province's only coast; list two or more, or none")
        if len(self.coast_ids) != len(self.board.coasts):
            self.fail("coasts", "", "dip.E_COAST", "a coast is listed twice")

    def army(self) -> None:
        """Every inland province listed, borders only between land, both ways. A coastal
        province may have none: an island (Crete) that armies reach only by convoy."""
        graph = self.board.army
        land = {pid for pid, kind in self.kinds.items() if kind != "sea"}
        for pid in sorted(land - set(graph)):
            if self.kinds[pid] == "land":
                self.fail(pid, "provinces", "dip.E_ARMY",
                          f"{pid} has no army borders (army = ...)")
        self._graph("army", graph, land)

    def fleet(self) -> None:
        """Every sea, coast and split coast listed; no bare id of a split province."""
        places = {pid for pid, kind in self.kinds.items() if kind != "land"}
        places = (places - self.split) | self.coast_ids
        for loc in sorted(places - set(self.board.fleet)):
            if self.kinds.get(loc) == "coast" or loc in self.coast_ids:
                self.fail(loc, "provinces" if "/" not in loc else "coasts", "dip.E_FLEET",
                          f"{loc} cannot be reached by any fleet (fleet = ...)")
            self.fail(loc, "provinces", "dip.E_FLEET", f"{loc} has no fleet borders")
        self._graph("fleet", self.board.fleet, places)

    def _graph(self, key: str, graph: dict[str, list[str]], allowed: set[str]) -> None:
        for here, nexts in sorted(graph.items()):
            if here not in allowed:
                self.fail(here, key, "dip.E_BORDER", f"{key}: {here} is not a place a unit of "
                          f"this kind may stand")
            for there in nexts:
                if there not in allowed or there == here:
                    self.fail(here, key, "dip.E_BORDER",
                              f"{key}: {here} borders {there}, which is not a place for it")
                if here not in graph.get(there, []):
                    self.fail(here, key, "dip.E_SYMMETRY",
                              f"{key}: {here} borders {there}, but {there} does not list {here}")

    def units(self) -> None:
        """Each unit a known power's, where its kind may stand, one to a province."""
        powers = {p.key for p in self.board.powers}
        taken: set[str] = set()
        for u in self.board.units:
            where = u.location
            record = f"{u.power} {u.kind} {where}"
            if u.power not in powers:
                self.fail(record, "units", "dip.E_UNIT", f"unit in {where}: no power {u.power}")
            ok = where in self.board.army if u.kind == "A" else where in self.board.fleet
            if not ok or province_of(where) in taken:
                self.fail(record, "units", "dip.E_UNIT",
                          f"{u.kind} {where}: not a place for it, or a second unit there")
            taken.add(province_of(where))

    def absent(self) -> None:
        """Each player count leaves out known powers, so that one remains per player."""
        powers = {p.key for p in self.board.powers}
        for count, left in sorted(self.board.absent_with.items()):
            if not count.isdigit() or set(left) - powers:
                self.fail("absent_with", "", "dip.E_FIELD", f"absent_with {count}: unknown power")
            if int(count) + len(left) != len(powers):
                self.fail("absent_with", "", "dip.E_FIELD",
                          f"absent_with {count}: {count} players need "
                          f"{len(powers) - int(count)} powers left out")

    def archipelagos(self) -> None:
        """Each archipelago is a coastal province without split coasts."""
        for pid in self.board.archipelagos:
            if self.kinds.get(pid) != "coast" or pid in self.split:
                self.fail("archipelagos", "", "dip.E_PROVINCE",
                          f"archipelagos: {pid} is not a coastal province with one coast")


def check_board(board: Board, source: str, line_of: LineOf) -> None:
    """Raise ContentError for the first inconsistency of `board`."""
    Checker(board, source, line_of).run()

"""Consistency checks of a King David scenario, each pointing at the offending line."""

from __future__ import annotations

from collections.abc import Callable

from pbem.core.game import ContentError
from pbem.games.king_david.content import FORT_MAX, KINDS, PHASE_KINDS, STACK_LIMIT, Scenario

LineOf = Callable[..., "int | None"]


def check_scenario(s: Scenario, source: str, line_of: LineOf) -> None:
    """Raise ContentError for the first inconsistency found."""
    _countries(s, source, line_of)
    _areas(s, source, line_of)
    _links(s, source, line_of)
    _counters(s, source, line_of)
    _room(s, source, line_of)
    _cup(s, source, line_of)


def _fail(source: str, line: int | None, code: str, message: str) -> None:
    raise ContentError(source, line, code, message)


def _countries(s: Scenario, source: str, line_of: LineOf) -> None:
    keys = [c.key for c in s.countries]
    for c in s.countries:
        if keys.count(c.key) > 1:
            _fail(source, line_of(c.key, "countries"), "kd.E_DUPLICATE", f"country {c.key} twice")
        if c.major and (c.die not in (6, 8, 10) or c.multiplier <= 0 or c.auto <= 0):
            _fail(source, line_of(c.key, "countries"), "kd.E_COUNTRY",
                  f"{c.key}: a major needs a die of 6, 8 or 10, a multiplier and a victory level")
    majors = sum(1 for c in s.countries if c.major)
    if majors < s.max_players:
        _fail(source, line_of("countries"), "kd.E_COUNTRY", "fewer majors than max_players")
    for _count, names in sorted(s.neutral_with.items()):
        for name in names:
            if name not in keys:
                _fail(source, line_of("neutral_with"), "kd.E_COUNTRY", f"unknown country {name}")
    for leader in s.leaders:
        if leader.country not in keys:
            _fail(source, line_of(leader.country, "leaders"), "kd.E_COUNTRY",
                  f"leader {leader.name}: unknown country {leader.country}")


def _areas(s: Scenario, source: str, line_of: LineOf) -> None:
    keys = {c.key for c in s.countries} | {"none"}
    seen: set[str] = set()
    for a in s.areas:
        if a.id in seen:
            _fail(source, a.line, "kd.E_DUPLICATE", f"area {a.id} twice")
        seen.add(a.id)
        if a.country not in keys:
            _fail(source, a.line, "kd.E_COUNTRY", f"area {a.id}: unknown country {a.country}")
        if (a.fort or a.port) and not a.city:
            _fail(source, a.line, "kd.E_CITY", f"area {a.id}: fort and port need a city")
        if not 0 <= a.fort <= FORT_MAX or a.food < 0 or a.resources < 0:
            _fail(source, a.line, "kd.E_AREA", f"area {a.id}: fort 0-4, food and resources >= 0")
        if not (0 <= a.x <= 1000 and 0 <= a.y <= 1000):
            _fail(source, a.line, "kd.E_AREA", f"area {a.id}: x and y must be 0..1000")
    for c in s.countries:
        if c.major and not any(a.country == c.key and a.city for a in s.areas):
            _fail(source, line_of(c.key, "countries"), "kd.E_CITY", f"major {c.key} has no city")


def _links(s: Scenario, source: str, line_of: LineOf) -> None:
    ids = {a.id for a in s.areas}
    seen: set[tuple[str, str]] = set()
    for link in s.links:
        line = link.line
        pair = (min(link.a, link.b), max(link.a, link.b))
        for end in (link.a, link.b):
            if end not in ids:
                _fail(source, line, "kd.E_LINK", f"link {link.a}-{link.b}: unknown area {end}")
        if link.a == link.b or pair in seen:
            _fail(source, line, "kd.E_LINK", f"link {link.a}-{link.b} repeated or to itself")
        seen.add(pair)
    linked = {end for pair in seen for end in pair}
    for a in s.areas:
        if a.id not in linked:
            _fail(source, a.line, "kd.E_LINK", f"area {a.id} borders no other area")


def _counters(s: Scenario, source: str, line_of: LineOf) -> None:
    if sorted(r.kind for r in s.chart) != sorted(KINDS):
        _fail(source, line_of("chart"), "kd.E_CHART", "the chart needs one line per army kind")
    for c in s.countries:
        for kind, wanted in sorted(c.setup.items()):
            have = sum(k.count for k in s.counters if k.country == c.key and k.kind == kind)
            if have < wanted:
                _fail(source, line_of(c.key, "setup"), "kd.E_COUNTERS",
                      f"{c.key} sets up {wanted} {kind} but has {have} counters")
    for k in s.counters:
        if k.steps not in (1, 2) or k.strength < 1:
            _fail(source, line_of(k.country, "counters"), "kd.E_COUNTERS",
                  "steps must be 1 or 2 and strength at least 1")


def _room(s: Scenario, source: str, line_of: LineOf) -> None:
    """Every setup fits its country's areas within stacking (4.5, 11.0): four armies an
    area, and the best leader's rating more where he stands."""
    for c in s.countries:
        areas = sum(1 for a in s.areas if a.country == c.key)
        best = max((ld.rating for ld in s.leaders if ld.country == c.key), default=0)
        room = STACK_LIMIT * areas + best
        if sum(c.setup.values()) > room:
            _fail(source, line_of(c.key, "setup"), "kd.E_SETUP_ROOM",
                  f"{c.key} sets up {sum(c.setup.values())} armies but its {areas} areas "
                  f"hold {room} within stacking")


def _cup(s: Scenario, source: str, line_of: LineOf) -> None:
    """Twelve markers for the track, the Builds turn one sets aside, and two for each of
    the two Hands of Fate (4.4, event 27)."""
    unknown = [k for k in s.phase_cup if k not in PHASE_KINDS]
    needed = 12 + max(s.phase_cup.get("build", 0) - 1, 0) + 4
    if unknown or sum(s.phase_cup.values()) < needed or s.phase_cup.get("action", 0) < 2:
        _fail(source, line_of("phase_cup"), "kd.E_CUP",
              "phase_cup: kinds action, event, harvest, resource, build; at least 2 action, "
              f"and {needed} markers (twelve, the Builds turn one sets aside, four for "
              "Hand of Fate)")

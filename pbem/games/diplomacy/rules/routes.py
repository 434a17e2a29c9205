"""The seas a convoy from one coast to another can use: those on a route in which every fleet is
needed, a chain of seas with no shortcut (no sea of it borders a later one but the next, the
army's province borders only the first, the destination only the last).

A convoy order by a fleet on no such route is one no convoy could need, so it is illegal
(DATC 6.G.19, issue 4.E.1): Marseilles to Spain needs only the Gulf of Lyon, so a fleet in the
Western Mediterranean ordered to convoy that army is refused and shows no intent.
"""

from __future__ import annotations

from pbem.games.diplomacy.board.geography import Geography

_CACHE: dict[tuple[str, str, str], frozenset[str]] = {}


def route_seas(geo: Geography, start: str, end: str) -> frozenset[str]:
    """Every sea on some route without a shortcut from province `start` to `end`."""
    key = (geo.board.digest or geo.board.name, start, end)
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE[key] = frozenset(_search(geo, start, end))
    return found


def _search(geo: Geography, start: str, end: str) -> set[str]:
    """Depth first over the chains of seas without a shortcut; every sea of a finished one."""
    found: set[str] = set()
    stack = [[sea] for sea in sorted(_seas_next(geo, start))]
    while stack:
        chain = stack.pop()
        last = chain[-1]
        if end in geo.sea_next.get(last, ()):
            found.update(chain)  # the chain is a route; going on would make a shortcut
            continue
        for sea in sorted(_seas_next(geo, last)):
            if _extends(geo, start, chain, sea):
                stack.append([*chain, sea])
    return found


def _seas_next(geo: Geography, province: str) -> list[str]:
    return [p for p in geo.sea_next.get(province, ()) if geo.is_sea(p)]


def _extends(geo: Geography, start: str, chain: list[str], sea: str) -> bool:
    """Whether `sea` can follow `chain` with no shortcut: new, not next to the army's province,
    and next to no sea of the chain but its last."""
    if sea in chain or start in geo.sea_next.get(sea, ()):
        return False
    return not any(sea in geo.sea_next.get(earlier, ()) for earlier in chain[:-1])

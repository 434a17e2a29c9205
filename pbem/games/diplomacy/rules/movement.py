"""A movement phase from start to end: lay out the orders, resolve them, and say what became
of every unit (moved, bounced, cut, dislodged, void and why) and where the dislodged may go."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

from pbem.games.diplomacy.board.geography import Geography
from pbem.games.diplomacy.content import province_of
from pbem.games.diplomacy.inputs import Order
from pbem.games.diplomacy.rules import move
from pbem.games.diplomacy.rules.resolver import Resolver
from pbem.games.diplomacy.rules.table import Piece, Table, build_table, reachable


class Verdict(NamedTuple):
    """What became of one unit's order."""

    result: str  # moved, bounced, failed, held, given, cut, convoyed, disrupted, void
    why: str = ""  # for a failure or a void order: no_convoy, paradox, no_unit, moved, ...
    dislodged_by: str | None = None  # the province the unit was dislodged from


Found = tuple[str, str]  # a verdict's result and why, before dislodgement is known
MOVED = Verdict("moved")


@dataclass
class Movement:
    """The outcome of a movement phase, by the province each unit started in."""

    table: Table
    verdicts: dict[str, Verdict] = field(default_factory=dict)
    arrivals: dict[str, str] = field(default_factory=dict)  # mover -> location it moved to
    contested: set[str] = field(default_factory=set)  # left empty by a standoff
    _occupied: set[str] | None = None

    def retreats(self, province: str) -> list[str]:
        """Where the unit dislodged from `province` may go: next door, empty, not contested,
        and not where its attacker came from (unless that attacker came by convoy)."""
        geo, table = self.table.geo, self.table
        piece = table.pieces[province]
        attacker = self.verdicts[province].dislodged_by
        came_from = None if attacker in table.convoyed else attacker
        taken = self.occupied()
        if piece.kind == "A":
            options = sorted(geo.army.get(province, ()))
        else:
            options = sorted(geo.fleet.get(piece.at, ()))
        return [loc for loc in options if _free(province_of(loc), taken, self.contested,
                                                 came_from)]

    def occupied(self) -> set[str]:
        """The provinces holding a unit once the moves are made (the dislodged gone)."""
        if self._occupied is None:
            stay = {p for p, v in self.verdicts.items()
                    if p not in self.arrivals and v.dislodged_by is None}
            self._occupied = stay | {province_of(loc) for loc in self.arrivals.values()}
        return self._occupied


def _free(province: str, taken: set[str], contested: set[str], came_from: str | None) -> bool:
    return province not in taken and province not in contested and province != came_from


def adjudicate(geo: Geography, pieces: dict[str, Piece], orders: dict[str, Order],
               fallback: bool = False) -> Movement:
    """Resolve one movement phase; `orders` by province, already legal; `fallback`: the older
    option for a move meant by convoy with no convoy there (table.py)."""
    table = build_table(geo, pieces, orders, fallback)
    resolver = Resolver(table)
    resolver.run()
    outcome = Movement(table)
    verdicts, arrivals, orders = outcome.verdicts, outcome.arrivals, table.orders
    decided = resolver.resolve
    taken = {there: mover for mover, there in table.dest.items() if decided(mover)}
    for province, kind in table.kinds.items():
        if kind == "move" and decided(province):
            verdicts[province] = MOVED
            arrivals[province] = orders[province].to
            continue
        result, why = VERDICTS[kind](resolver, province)
        verdicts[province] = Verdict(result, why, taken.get(province))
    outcome.contested = _standoffs(resolver, outcome)
    return outcome


def _hold_verdict(r: Resolver, province: str) -> Found:
    return ("held", "")


def _move_verdict(r: Resolver, mover: str) -> Found:
    if r.resolve(mover):
        return ("moved", "")
    if mover in r.paradox:
        return ("failed", "paradox")
    if mover in r.table.convoyed and not r.path(mover):
        return ("failed", "no_convoy")
    return ("bounced", "")


def _support_verdict(r: Resolver, supporter: str) -> Found:
    table = r.table
    if supporter in table.void:
        return ("void", table.void[supporter])
    if _against_own(r, supporter):
        return ("void", "own_unit")
    return ("given", "") if r.resolve(supporter) else ("cut", "")


def _against_own(r: Resolver, supporter: str) -> bool:
    """A support for an attack on a unit of the supporter's own power that stays, with no
    other move into that province for it to hold off: it can do nothing at all (a power
    never helps to dislodge its own unit)."""
    table = r.table
    target = table.support_target.get(supporter)
    occupant = table.pieces.get(target) if target else None
    if occupant is None or occupant.power != table.pieces[supporter].power:
        return False
    if target is None or len(table.attackers.get(target, ())) > 1:
        return False
    mover = table.supporting[supporter]
    return target not in table.dest or table.opposing(mover) is not None or not r.resolve(target)


def _convoy_verdict(r: Resolver, fleet: str) -> Found:
    table = r.table
    if fleet in table.void:
        return ("void", table.void[fleet])
    army = table.convoying[fleet]
    if not r.resolve(fleet):
        return ("disrupted", "")
    if army in r.paradox:
        return ("failed", "paradox")
    if not r.path(army):
        return ("failed", "no_convoy")
    staying = {f for f in table.convoy_fleets[army] if r.resolve(f)}
    return ("convoyed", "") if on_route(table, army, fleet, staying) else \
        ("failed", "off_route")


VERDICTS: dict[str, Callable[[Resolver, str], Found]] = {
    "hold": _hold_verdict, "move": _move_verdict, "support": _support_verdict,
    "convoy": _convoy_verdict}


def on_route(table: Table, army: str, fleet: str, fleets: set[str]) -> bool:
    """Whether `fleet` lies on a chain of `fleets` from the army to its destination."""
    geo = table.geo
    return fleet in reachable(geo, army, fleets) and fleet in reachable(geo, table.dest[army],
                                                                        fleets)


def _standoffs(r: Resolver, outcome: Movement) -> set[str]:
    """Provinces left empty where a move that could have entered was stopped."""
    occupied = outcome.occupied()
    found = set()
    for mover, there in r.table.dest.items():
        if there not in occupied and mover not in outcome.arrivals and \
                move.prevent_strength(r, mover) > 0:
            found.add(there)
    return found

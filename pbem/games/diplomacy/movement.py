"""A movement phase from start to end: lay out the orders, resolve them, and say what became
of every unit (moved, bounced, cut, dislodged, void and why) and where the dislodged may go."""

from __future__ import annotations

from dataclasses import dataclass, field

from pbem.games.diplomacy import hold, move
from pbem.games.diplomacy.content import province_of
from pbem.games.diplomacy.geography import Geography
from pbem.games.diplomacy.inputs import Order
from pbem.games.diplomacy.resolver import Resolver
from pbem.games.diplomacy.table import Piece, Table, build_table, reachable


@dataclass
class Verdict:
    """What became of one unit's order."""

    result: str  # moved, bounced, failed, held, given, cut, convoyed, disrupted, void
    why: str = ""  # for a failure or a void order: no_convoy, paradox, no_unit, moved, ...
    dislodged_by: str | None = None  # the province the unit was dislodged from


@dataclass
class Movement:
    """The outcome of a movement phase, by the province each unit started in."""

    table: Table
    verdicts: dict[str, Verdict] = field(default_factory=dict)
    arrivals: dict[str, str] = field(default_factory=dict)  # mover -> location it moved to
    contested: set[str] = field(default_factory=set)  # left empty by a standoff

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
        stay = {p for p, v in self.verdicts.items()
                if p not in self.arrivals and v.dislodged_by is None}
        return stay | {province_of(loc) for loc in self.arrivals.values()}


def _free(province: str, taken: set[str], contested: set[str], came_from: str | None) -> bool:
    return province not in taken and province not in contested and province != came_from


def adjudicate(geo: Geography, pieces: dict[str, Piece], orders: dict[str, Order]) -> Movement:
    """Resolve one movement phase; `orders` by province, already legal."""
    table = build_table(geo, pieces, orders)
    resolver = Resolver(table)
    resolver.run()
    outcome = Movement(table)
    for province in sorted(table.pieces):
        outcome.verdicts[province] = _verdict(resolver, province)
        if outcome.verdicts[province].result == "moved":
            outcome.arrivals[province] = table.orders[province].to
    outcome.contested = _standoffs(resolver, outcome)
    return outcome


def _verdict(r: Resolver, province: str) -> Verdict:
    table = r.table
    kind = table.kind_of(province)
    if kind == "move":
        verdict = _move_verdict(r, province)
    elif kind == "support":
        verdict = _support_verdict(r, province)
    elif kind == "convoy":
        verdict = _convoy_verdict(r, province)
    else:
        verdict = Verdict("held")
    if verdict.result != "moved":
        verdict.dislodged_by = hold.dislodged_by(r, province)
    return verdict


def _move_verdict(r: Resolver, mover: str) -> Verdict:
    if r.resolve(mover):
        return Verdict("moved")
    if mover in r.paradox:
        return Verdict("failed", "paradox")
    if mover in r.table.convoyed and not r.path(mover):
        return Verdict("failed", "no_convoy")
    return Verdict("bounced")


def _support_verdict(r: Resolver, supporter: str) -> Verdict:
    table = r.table
    if supporter in table.void:
        return Verdict("void", table.void[supporter])
    if _against_own(r, supporter):
        return Verdict("void", "own_unit")
    return Verdict("given") if r.resolve(supporter) else Verdict("cut")


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


def _convoy_verdict(r: Resolver, fleet: str) -> Verdict:
    table = r.table
    if fleet in table.void:
        return Verdict("void", table.void[fleet])
    army = table.convoying[fleet]
    if not r.resolve(fleet):
        return Verdict("disrupted")
    if army in r.paradox:
        return Verdict("failed", "paradox")
    if not r.path(army):
        return Verdict("failed", "no_convoy")
    staying = {f for f in table.convoy_fleets[army] if r.resolve(f)}
    return Verdict("convoyed") if on_route(table, army, fleet, staying) else \
        Verdict("failed", "off_route")


def on_route(table: Table, army: str, fleet: str, fleets: set[str]) -> bool:
    """Whether `fleet` lies on a chain of `fleets` from the army to its destination."""
    geo = table.geo
    return fleet in reachable(geo, army, fleets) and fleet in reachable(geo, table.dest[army],
                                                                        fleets)


def _standoffs(r: Resolver, outcome: Movement) -> set[str]:
    """Provinces left empty where a move that could have entered was stopped."""
    table = r.table
    found = set()
    for mover, there in table.dest.items():
        if outcome.verdicts[mover].result != "moved" and move.prevent_strength(r, mover) > 0:
            found.add(there)
    return found - outcome.occupied()

"""One movement phase laid out for the resolver: who moves where, who supports or convoys whom.

Every unit has one order (a unit without one holds); orders reach here already legal
(legality.py). Matching is decided here once: a support counts only for the order it names
(and the coast, when it names one: legality keeps it by the 2023 rules only), a convoy only
for the army move it names, and an army goes by convoy when it must (the destination is not
adjacent) or when it means to (`via convoy`, or a convoy ordered by its own power's fleet).
By the 2023 rules an army that means to go by convoy has no land route to fall back on: with
no chain of fleets ordered to carry it, it does not move (DATC 4.A.3, 6.G.8); by the older
options (`fallback`) it then goes over land.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pbem.games.diplomacy.board.geography import Geography
from pbem.games.diplomacy.content import province_of
from pbem.games.diplomacy.inputs import Order
from pbem.games.diplomacy.state import Unit

HOLD = Order(kind="hold")


Piece = Unit  # a unit as the resolver sees it: power, kind, location


@dataclass
class Table:
    """Everything the decisions of one movement phase read; keys are provinces."""

    geo: Geography
    pieces: dict[str, Piece]
    orders: dict[str, Order]
    dest: dict[str, str] = field(default_factory=dict)  # mover -> destination province
    convoyed: set[str] = field(default_factory=set)  # movers that go by convoy
    attackers: dict[str, list[str]] = field(default_factory=dict)  # province -> movers into it
    move_support: dict[str, list[str]] = field(default_factory=dict)  # mover -> supporters
    hold_support: dict[str, list[str]] = field(default_factory=dict)  # holder -> supporters
    support_target: dict[str, str] = field(default_factory=dict)  # supporter -> its target
    supporting: dict[str, str] = field(default_factory=dict)  # supporter -> supported unit
    convoy_fleets: dict[str, list[str]] = field(default_factory=dict)  # convoyed -> fleets
    convoying: dict[str, str] = field(default_factory=dict)  # fleet -> army it convoys
    void: dict[str, str] = field(default_factory=dict)  # unit -> why its order did nothing
    kinds: dict[str, str] = field(default_factory=dict)  # unit -> its order's kind
    head_to_head: dict[str, str] = field(default_factory=dict)  # mover -> the unit it meets
    fallback: bool = False  # the older option: no convoy there, so over land after all

    def kind_of(self, province: str) -> str:
        """The kind of order the unit in `province` carries out."""
        return self.kinds[province]

    def opposing(self, mover: str) -> str | None:
        """The unit a move meets head to head: moving the other way, neither by convoy."""
        return self.head_to_head.get(mover)


def build_table(geo: Geography, pieces: dict[str, Piece], orders: dict[str, Order],
                fallback: bool = False) -> Table:
    """Lay out a phase: `orders` by province (missing ones hold); `fallback`: the older
    option, a move meant by convoy goes over land when no convoy is there."""
    table = Table(geo, pieces, {p: orders.get(p, HOLD) for p in pieces}, fallback=fallback)
    kinds, dest, province_at = table.kinds, table.dest, geo.province
    asked: dict[tuple[str, str], list[str]] = {}
    helpers: list[tuple[str, Order]] = []
    for province, order in table.orders.items():
        kind = kinds[province] = order.kind
        if kind == "move":
            dest[province] = province_at[order.to]
        elif kind == "support":
            helpers.append((province, order))
        elif kind == "convoy":
            asked.setdefault((order.of, province_of(order.to)), []).append(province)
    _convoys(table, asked)
    convoyed = table.convoyed
    for mover, there in dest.items():
        table.attackers.setdefault(there, []).append(mover)
        if dest.get(there) == mover and mover not in convoyed and there not in convoyed:
            table.head_to_head[mover] = there
    _supports(table, helpers)
    return table


def _convoys(table: Table, asked: dict[tuple[str, str], list[str]]) -> None:
    """Match convoy orders (`asked`: by army and destination, the fleets ordered to carry it)
    to army moves, and decide which moves go by convoy."""
    army_borders, pieces, orders = table.geo.army, table.pieces, table.orders
    for army, there in table.dest.items():
        if pieces[army].kind != "A":
            continue
        if there in army_borders[army] and not orders[army].via and \
                (not asked or (army, there) not in asked):
            continue  # the common case: a move next door that nobody offers to carry
        fleets = sorted(asked.get((army, there), []))
        if _by_convoy(table, army, there, fleets):
            table.convoyed.add(army)
            table.convoy_fleets[army] = fleets
            for fleet in fleets:
                table.convoying[fleet] = army
    for (army, _), fleets in asked.items():
        for fleet in fleets:
            if fleet not in table.convoying:
                table.void[fleet] = "no_army" if army not in table.dest else "not_convoyed"


def _by_convoy(table: Table, army: str, there: str, fleets: list[str]) -> bool:
    if there not in table.geo.army.get(army, ()):
        return True
    power = table.pieces[army].power
    means = table.orders[army].via or any(table.pieces[f].power == power for f in fleets)
    return means and (not table.fallback or chain_exists(table.geo, army, there, set(fleets)))


def chain_exists(geo: Geography, start: str, end: str, fleets: set[str]) -> bool:
    """Whether fleets in `fleets` (sea provinces) link `start` to `end`, one sea to the next."""
    return any(end in geo.sea_next.get(f, ()) for f in reachable(geo, start, fleets))


def reachable(geo: Geography, start: str, fleets: set[str]) -> set[str]:
    """The fleets of `fleets` at sea that a chain of them links to `start`."""
    seen: set[str] = set()
    frontier = [f for f in geo.sea_next.get(start, ()) if f in fleets and geo.is_sea(f)]
    while frontier:
        here = frontier.pop()
        if here not in seen:
            seen.add(here)
            frontier.extend(f for f in geo.sea_next.get(here, ())
                            if f in fleets and f not in seen and geo.is_sea(f))
    return seen


def _supports(table: Table, helpers: list[tuple[str, Order]]) -> None:
    """Match each support to the order it names; one that matches nothing does nothing."""
    for supporter, order in helpers:
        helped = order.of
        if helped not in table.pieces:
            table.void[supporter] = "no_unit"
        elif not order.to:
            if helped in table.dest:
                table.void[supporter] = "moved"
            else:
                table.hold_support.setdefault(helped, []).append(supporter)
                table.supporting[supporter] = helped
        elif table.dest.get(helped) == province_of(order.to) and \
                order.to not in _other_coasts(table, helped):
            table.move_support.setdefault(helped, []).append(supporter)
            table.support_target[supporter] = province_of(order.to)
            table.supporting[supporter] = helped
        elif table.dest.get(helped) == province_of(order.to):
            table.void[supporter] = "other_coast"
        else:
            table.void[supporter] = "elsewhere" if helped in table.dest else "held"


def _other_coasts(table: Table, mover: str) -> tuple[str, ...]:
    """The coasts of a fleet's destination other than the one it moves to (a support naming
    one of them does not match the move, DATC 6.B.9)."""
    to = table.orders[mover].to
    return tuple(c for c in table.geo.coasts.get(province_of(to), ()) if c != to)

"""Bots that play sensible legal orders (for demos, the contract suite and random games),
each seat's order template, and each seat's private strings for the secrecy tests.

A bot's movement: every unit either heads for a supply centre its power does not own (most
likely), moves somewhere else next door, or holds; a holding unit next to a province one of
its own power's units is entering supports that move. It retreats towards centres, builds
on every free home centre, removes the units farthest from home, and votes for a draw late
in a long game, or in a set last year, unless it is close to winning.
"""

from __future__ import annotations

from pbem.core.rng import SeededRng
from pbem.games.diplomacy.board.geography import Geography, geography
from pbem.games.diplomacy.content import province_of
from pbem.games.diplomacy.inputs import DipOrders, Order
from pbem.games.diplomacy.order_text import order_text, place, unit_text
from pbem.games.diplomacy.orders import order_key
from pbem.games.diplomacy.rules.adjustment import build_sites, civil_disorder
from pbem.games.diplomacy.state import DipState, Unit

DRAW_AFTER_YEARS = 14  # bots start voting for a draw this many years in
NEAR_VICTORY = 4  # ... unless this close to the victory count


def random_orders(state: DipState, seat: str, rng: SeededRng) -> DipOrders:
    """Sensible random legal orders for `seat`'s power in this phase."""
    power = state.power_of(seat)
    if power is None or state.step == "over":
        return DipOrders()
    if state.step == "movement":
        orders = _movement(state, power, rng)
    elif state.step == "retreat":
        orders = _retreats(state, power, rng)
    else:
        orders = _adjustments(state, power)
    return DipOrders(orders=sorted(orders, key=order_key), draw=_draw_vote(state, power, rng))


def _draw_vote(state: DipState, power: str, rng: SeededRng) -> bool | None:
    if not _late(state) or power in state.draw:
        return None
    if state.centre_count(power) >= state.victory - NEAR_VICTORY:
        return None
    return True if rng.die(2, purpose="draw vote") == 1 else None


def _late(state: DipState) -> bool:
    """Whether the game is late enough for the bots to vote: many years in, or its set last year."""
    if state.end_year and state.year >= state.end_year:
        return True
    return state.year - state.board.first_year >= DRAW_AFTER_YEARS


def moves_of(geo: Geography, unit: Unit) -> list[str]:
    """Every location a unit can move to without a convoy (a fleet: each coast it reaches)."""
    if unit.kind == "A":
        return sorted(geo.army.get(unit.province, ()))
    return sorted(geo.fleet.get(unit.at, ()))


def _movement(state: DipState, power: str, rng: SeededRng) -> list[Order]:
    geo = geography(state.board)
    taken: set[str] = set()
    moves: dict[str, Order] = {}
    mine = state.units_of(power)
    convoys = _convoys(geo, mine, moves, taken, rng)
    for unit in mine:
        if unit.province in moves or unit.province in {province_of(c.at) for c in convoys}:
            continue
        target = _pick_target(state, geo, unit, taken, rng)
        if target is not None:
            taken.add(province_of(target))
            moves[unit.province] = Order(kind="move", unit=unit.kind, at=unit.at, to=target)
    orders = list(moves.values()) + convoys
    busy = {province_of(o.at) for o in orders}
    for unit in mine:
        if unit.province not in busy:
            orders.append(_support_or_hold(geo, unit, moves, rng))
    return orders


def _convoys(geo: Geography, mine: list[Unit], moves: dict[str, Order], taken: set[str],
             rng: SeededRng) -> list[Order]:
    """Now and then a fleet at sea carries an army of its power to another coast."""
    found = []
    armies = {u.province: u for u in mine if u.kind == "A"}
    for fleet in mine:
        if fleet.kind != "F" or not geo.is_sea(fleet.province):
            continue
        near = [a for a in sorted(geo.sea_next[fleet.province]) if a in armies]
        shores = [p for p in sorted(geo.sea_next[fleet.province])
                  if geo.kind.get(p) == "coast" and p not in taken and p not in near]
        if not near or not shores or rng.die(2, purpose="bot convoy") > 1:
            continue
        army, shore = armies.pop(near[0]), rng.choice(shores, purpose="bot convoy to")
        taken.add(shore)
        moves[army.province] = Order(kind="move", unit="A", at=army.at, to=shore, via=True)
        found.append(Order(kind="convoy", unit="F", at=fleet.at, of_unit="A",
                           of=army.province, to=shore))
    return found


def _pick_target(state: DipState, geo: Geography, unit: Unit, taken: set[str],
                 rng: SeededRng) -> str | None:
    """A destination weighted towards centres the power does not own; None: stay."""
    options = [loc for loc in moves_of(geo, unit) if province_of(loc) not in taken]
    weighted: list[str | None] = [None, None]
    for loc in options:
        province = province_of(loc)
        wanted = province in geo.centres and state.centres.get(province) != unit.power
        own_unit = any(u.province == province and u.power == unit.power for u in state.units)
        weighted += [loc] * (0 if own_unit else (6 if wanted else 1))
    return rng.choice(weighted, purpose="bot move")


def _support_or_hold(geo: Geography, unit: Unit, moves: dict[str, Order],
                     rng: SeededRng) -> Order:
    helpable = [m for m in moves.values()
                if geo.can_reach(unit.kind, unit.at, province_of(m.to))
                and province_of(m.to) != unit.province]
    if helpable and rng.die(3, purpose="bot support") > 1:
        chosen = rng.choice(sorted(helpable, key=lambda m: m.at), purpose="bot supports")
        return Order(kind="support", unit=unit.kind, at=unit.at, of_unit=chosen.unit,
                     of=province_of(chosen.at), to=province_of(chosen.to))
    return Order(kind="hold", unit=unit.kind, at=unit.at)


def _retreats(state: DipState, power: str, rng: SeededRng) -> list[Order]:
    geo = geography(state.board)
    orders, taken = [], set()
    for unit in state.dislodged:
        if unit.power != power:
            continue
        options = [r for r in unit.retreats if province_of(r) not in taken]
        options.sort(key=lambda r: (province_of(r) not in geo.centres, r))
        if options and rng.die(4, purpose="bot retreat") > 1:
            taken.add(province_of(options[0]))
            orders.append(Order(kind="retreat", unit=unit.kind, at=unit.at, to=options[0]))
        else:
            orders.append(Order(kind="disband", unit=unit.kind, at=unit.at))
    return orders


def _adjustments(state: DipState, power: str) -> list[Order]:
    geo = geography(state.board)
    count = state.adjust.get(power, 0)
    if count < 0:
        gone = civil_disorder(state, power, state.units_of(power), -count)
        return [Order(kind="remove", unit=u.kind, at=u.at) for u in gone]
    orders = []
    for index, site in enumerate(build_sites(state, power)[:count]):
        if geo.kind[site] == "land" or index % 2 == 0:
            orders.append(Order(kind="build", unit="A", at=site))
        else:
            orders.append(Order(kind="build", unit="F", at=geo.coasts.get(site, (site,))[0]))
    return orders


def template_text(state: DipState, seat: str) -> str:
    """The order form in a report: every order the power owes, written as its default
    (holds, disbands, waived builds, the civil-disorder removals), with the choices noted."""
    power = state.power_of(seat)
    if power is None:
        return ""
    return f"# You play {state.board.power(power).name}.\n" + _owed(state, power)


def _owed(state: DipState, power: str) -> str:
    if state.step == "movement":
        return "\n".join(f"{unit_text(u.kind, u.at)} H" for u in state.units_of(power))
    if state.step == "retreat":
        return "\n".join(
            f"{unit_text(d.kind, d.at)} D   # may retreat to: "
            f"{', '.join(map(place, d.retreats)) or 'nowhere'}"
            for d in state.dislodged if d.power == power)
    count = state.adjust.get(power, 0)
    if count > 0:
        sites = ", ".join(map(place, build_sites(state, power)))
        return "\n".join([f"# {count} build(s) on: {sites} (BUILD A PAR, BUILD F STP/NC)"]
                         + ["WAIVE"] * count)
    gone = civil_disorder(state, power, state.units_of(power), -count)
    return "\n".join([f"# remove {-count} unit(s)"]
                     + [order_text(Order(kind="remove", unit=u.kind, at=u.at)) for u in gone])


def private_strings(state: DipState, seat: str) -> list[str]:
    """What only this seat (and the referee) may read: its own standing votes."""
    power = state.power_of(seat)
    if power is None:
        return []
    return [vote_line(state, power)] if vote_line(state, power) else []


def vote_line(state: DipState, power: str) -> str:
    """The power's standing votes, as its own report shows them."""
    name = state.board.power(power).name
    parts = []
    if power in state.draw and power in state.draw_among:
        among = ", ".join(state.board.power(p).name for p in state.draw_among[power])
        parts.append(f"{name} votes for a draw among {among}")
    elif power in state.draw:
        parts.append(f"{name} votes for a draw")
    if power in state.concede:
        parts.append(f"{name} concedes to {state.board.power(state.concede[power]).name}")
    return "; ".join(parts)

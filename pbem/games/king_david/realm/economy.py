"""Harvest (8.0), Resources (9.0) and the Build Phase (10.1-10.4): maintenance with the 3:1
(port 2:1) exchange, restoring steps, random builds placed where the player asks, and
fortifications."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.king_david.content import FORT_COST, FORT_MAX
from pbem.games.king_david.land.stacks import controls_port, enemy_present, room, step_loss
from pbem.games.king_david.realm.armies import draw, home_spots, place
from pbem.games.king_david.realm.placing import Wishes
from pbem.games.king_david.state import Army, KDState, Player, kind_order


def produce(state: KDState, what: str, events: list[Event], shifts: dict[str, int]) -> None:
    """Add the food or resource value of every area each player's country controls."""
    for seat in state.order:
        player = state.players[seat]
        areas = [a for a in state.scenario.areas if state.control.get(a.id) == player.country]
        shift = shifts.get(player.country, 0)
        gain = sum(max(0, (a.food if what == "food" else a.resources) + shift) for a in areas)
        if what == "food":
            player.food += gain
        else:
            player.resources += gain
        events.append(Event(code=f"kd.{what}", data={"seat": seat, "gain": gain,
                                                     "areas": len(areas), "shift": shift}))


def pay(player: Player, food: int, res: int, rate: int) -> bool:
    """Pay food and resources, trading `rate` of one for one of the other; False if short."""
    short_food, short_res = max(0, food - player.food), max(0, res - player.resources)
    if short_food and short_res:
        return False
    if short_food:
        need = short_food * rate
        if player.resources - res < need:
            return False
        player.food, player.resources = 0, player.resources - res - need
        return True
    if short_res:
        need = short_res * rate
        if player.food - food < need:
            return False
        player.resources, player.food = 0, player.food - food - need
        return True
    player.food, player.resources = player.food - food, player.resources - res
    return True


def build_phase(state: KDState, rng: SeededRng, events: list[Event]) -> None:
    """Every player in initiative order: maintenance, restoring, building, fortifying."""
    for seat in state.order:
        rate = 2 if controls_port(state, seat) else 3
        _maintain(state, seat, rate, events)
        _restore(state, seat, rate, events)
        _build(state, seat, rate, rng, events)
        _fortify(state, seat, rate, events)


def _own(state: KDState, seat: str) -> list[Army]:
    country = state.players[seat].country
    return [a for a in state.armies if a.country == country and a.raider is None]


def _by_worth(state: KDState, seat: str) -> list[Army]:
    """The seat's armies, the kinds it would lose last first, then the strongest; the id
    only among equal counters. What maintaining or restoring in this order costs, on the
    public Food/Resource Track, then depends on the counter mix alone, never on which hidden
    counter carries which id (6.1)."""
    order = kind_order(state.players[seat].losses_battle)
    return sorted(_own(state, seat), key=lambda a: (-order.index(a.kind), -a.strength,
                                                     -a.steps_max, a.steps, a.id))


def _upkeep_order(state: KDState, seat: str) -> list[Army]:
    """The order the seat's armies are maintained in, so the last go unpaid first (10.1): the
    armies its `unpaid` line names by id, then by kind, are paid for last; silent, the kinds
    its battle losses order names first are, the weakest first."""
    least = _by_worth(state, seat)[::-1]
    words = state.players[seat].unpaid
    first = [a for w in words for a in least if a.id.lower() == w]
    first += [a for w in words for a in least if a.kind == w and a not in first]
    return (first + [a for a in least if a not in first])[::-1]


def _maintain(state: KDState, seat: str, rate: int, events: list[Event]) -> None:
    player = state.players[seat]
    keep = _upkeep_order(state, seat)
    paid = unpaid = 0
    for army in keep:
        cost = state.scenario.cost(army.kind)
        if pay(player, cost.maint_food, cost.maint_res, rate):
            paid += 1
        else:
            unpaid += 1
            step_loss(state, army, events, "maintenance")
    events.append(Event(code="kd.maintenance", data={"seat": seat, "paid": paid,
                                                     "unpaid": unpaid}))


def _restore(state: KDState, seat: str, rate: int, events: list[Event]) -> None:
    player = state.players[seat]
    if not player.build.restore:
        return
    restored = 0
    for army in _by_worth(state, seat):
        cost = state.scenario.cost(army.kind)
        if army.steps < army.steps_max and pay(player, cost.build_food, cost.build_res, rate):
            army.steps, restored = army.steps_max, restored + 1
    if restored:
        events.append(Event(code="kd.restored", data={"seat": seat, "armies": restored}))


def _build(state: KDState, seat: str, rate: int, rng: SeededRng, events: list[Event]) -> None:
    """New armies of the plan's kinds (10.3), each drawn at random, paid for and placed where
    the seat's `place` line for its country asks, else in the first home spot with room."""
    player = state.players[seat]
    spots = [s for s in home_spots(state, player.country) if not enemy_present(state, s, seat)]
    wishes = Wishes.read(seat, player.placing.get(player.country, []))
    built = 0
    for kind, count in sorted(player.build.armies.items()):
        cost = state.scenario.cost(kind)
        for _ in range(count):
            if not _buildable(state, seat, kind, spots):
                break
            if not pay(player, 2 * cost.build_food, 2 * cost.build_res, rate):
                break
            army = draw(state, player.country, kind, rng)
            assert army is not None  # _buildable saw a counter of the kind
            if not wishes.take(state, army, lambda area: _home_why(state, seat, area)):
                place(state, [army], seat, spots)
            built += 1
    wishes.tell(events, player.country)
    if built:
        events.append(Event(code="kd.built", data={"seat": seat, "armies": built}))


def _home_why(state: KDState, seat: str, area: str) -> str | None:
    """Why no new army of the seat may go to `area` (10.3), or None: only a home city area
    it holds or a home area it holds next to one, without enemy armies. Enemy counters of
    any kind bar it: whether a stack holds armies is hidden (6.1), and where new armies go
    shows on the public stack counts."""
    if area not in home_spots(state, state.players[seat].country):
        return "outside"
    return "enemy" if enemy_present(state, area, seat) else None


def _buildable(state: KDState, seat: str, kind: str, spots: list[str]) -> bool:
    """True when a counter of `kind` is left to draw and a spot has room for it: nothing is
    paid for a build that cannot be made (10.3)."""
    country = state.players[seat].country
    counter = any(c.split(":")[0] == kind for c in state.pool.get(country, []))
    return counter and any(room(state, s, seat) > 0 for s in spots)


def _fortify(state: KDState, seat: str, rate: int, events: list[Event]) -> None:
    """Each city the plan names rises one level at most a Build Phase, to four, for ten
    resources; food stands in at the exchange rate (10.4, 10.0)."""
    player = state.players[seat]
    for area in dict.fromkeys(player.build.fortify):
        level = max(state.forts.get(area, 0), 1)
        mine = state.control.get(area) == player.country and state.scenario.area(area).city
        if not mine or level >= FORT_MAX:
            continue
        if not pay(player, 0, FORT_COST, rate):
            break
        state.forts[area] = level + 1
        events.append(Event(code="kd.fortified", data={"seat": seat, "area": area,
                                                       "level": state.forts[area]}))

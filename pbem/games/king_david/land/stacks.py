"""Map and stack helpers: borders, who is an enemy, stacking limits, retreats."""

from __future__ import annotations

from collections.abc import Collection

from pbem.core.game import Event
from pbem.games.king_david.content import STACK_LIMIT
from pbem.games.king_david.state import Army, KDState


def borders(state: KDState, area: str) -> list[tuple[str, str]]:
    """(neighbour, link kind) pairs of an area, sorted by neighbour."""
    return state.scenario.borders(area)


def link_kind(state: KDState, a: str, b: str) -> str | None:
    """The kind of the border between two areas, or None when they do not touch."""
    return next((kind for other, kind in borders(state, a) if other == b), None)


def own_armies(state: KDState, area: str, seat: str) -> list[Army]:
    """Armies in `area` fighting for `seat`."""
    side_of = state.side_of
    return [a for a in state.armies_in(area) if side_of(a) == seat]


def friendly_armies(state: KDState, area: str, seat: str) -> list[Army]:
    """Armies in `area` of `seat` and of its allies: one force in combat and siege (5.1)."""
    found = state.armies_in(area)
    if not found:
        return found
    side_of, allied = state.side_of, state.allied
    return [a for a in found if (side := side_of(a)) == seat or allied(seat, side)]


def enemy_armies(state: KDState, area: str, seat: str) -> list[Army]:
    """Armies in `area` fighting for anyone but `seat`."""
    found = state.armies_in(area)
    if not found:
        return found
    side_of, allied = state.side_of, state.allied
    return [a for a in found if (side := side_of(a)) != seat and not allied(seat, side)]


def sides_by_area(state: KDState) -> dict[str, list[tuple[Army, str | None]]]:
    """Per area, its armies with the seat each fights for (in the counters' order): one pass
    over the counters for a loop over many areas, to be read again after any counter moves."""
    seats = state.country_seats()
    found: dict[str, list[tuple[Army, str | None]]] = {}
    for army in state.armies:
        found.setdefault(army.area, []).append((army, army.raider or seats.get(army.country)))
    return found


def has_enemy(state: KDState, stack: list[tuple[Army, str | None]], seat: str) -> bool:
    """Whether a stack from `sides_by_area` holds armies fighting for anyone but `seat` or its
    allies (as `enemy_armies` finds them)."""
    return any(side != seat and not state.allied(seat, side) for _, side in stack)


def enemy_present(state: KDState, area: str, seat: str) -> bool:
    """Whether counters of anyone but `seat` (armies or leaders) stand in `area`: all that
    the other players see of a stack, since 6.1 hides whether it holds armies."""
    def enemy(side: str | None) -> bool:
        return side != seat and not state.allied(seat, side)

    return any(enemy(state.side_of(a)) for a in state.armies_in(area)) or any(
        enemy(state.seat_of(ld.country) or ld.country) for ld in state.leaders_in(area))


def limit(state: KDState, area: str, seat: str, leaving: frozenset[str] = frozenset()) -> int:
    """Four armies, plus the rating of the best leader of `seat` or an ally there, leaving
    aside the leaders named in `leaving` (6.1, 5.1)."""
    ratings = [ld.rating for ld in state.leaders_in(area) if ld.name not in leaving and (
        state.seat_of(ld.country) == seat or state.allied(seat, state.seat_of(ld.country)))]
    return STACK_LIMIT + max(ratings, default=0)


def room(state: KDState, area: str, seat: str) -> int:
    """How many more armies of `seat` may stand in `area`."""
    return limit(state, area, seat) - len(friendly_armies(state, area, seat))


def country_of_seat(state: KDState, seat: str) -> str:
    """The player country a seat plays."""
    return state.players[seat].country


def controls_port(state: KDState, seat: str) -> bool:
    """True when the seat's country controls a port city (10.0's 2:1 exchange)."""
    country = country_of_seat(state, seat)
    return any(a.port and state.control.get(a.id) == country for a in state.scenario.areas)


def home_bound(state: KDState, army: Army) -> bool:
    """True for an army of an invaded minor: it never leaves its country (11.0). Raiders and
    an Alliance minor's armies (event 18) go where their player takes them."""
    minor = state.minors.get(army.country)
    return minor is not None and army.raider is None and not minor.allied


def retreats(state: KDState, area: str, seat: str, forbidden: list[str]) -> list[str]:
    """Areas a side may retreat to: adjacent, free of enemies, not where the enemy came from,
    with room for the retreating armies (6.2.5), and inside the country of any invaded
    minor's armies among them (11.0)."""
    moving = friendly_armies(state, area, seat)
    homes = {a.country for a in moving if home_bound(state, a)}
    found = []
    for other, kind in borders(state, area):
        if kind == "jordan" or other in forbidden or enemy_armies(state, other, seat):
            continue
        if homes - {state.scenario.area(other).country}:
            continue
        if _fits(state, area, other, seat, len(moving)):
            found.append(other)
    return found


def _fits(state: KDState, area: str, other: str, seat: str, count: int) -> bool:
    """True when `count` armies retreating from `area` with its leaders fit in `other`: the
    best leader already there or retreating with them sets the limit (6.1, 6.2.6)."""
    along = [ld.rating for ld in state.leaders_in(area) if state.seat_of(ld.country) == seat
             or state.allied(seat, state.seat_of(ld.country))]
    cap = max(limit(state, other, seat), STACK_LIMIT + max(along, default=0))
    return len(friendly_armies(state, other, seat)) + count <= cap


def best_retreat(state: KDState, area: str, seat: str, options: list[str]) -> str:
    """The retreat the rules engine picks for 'retreat': a friendly area first, else the first."""
    country = country_of_seat(state, seat) if seat in state.players else ""
    friendly = [o for o in options if state.control.get(o) == country]
    return (friendly or options)[0]


def move_side(state: KDState, area: str, seat: str, target: str,
              leave: Collection[str] = ()) -> None:
    """Move every army and leader of `seat` and its allies from `area` to `target`, but the
    armies named in `leave` (bribed ones fight for the side, never retreat with it)."""
    for army in friendly_armies(state, area, seat):
        if army.id not in leave:
            army.area = target
    for leader in state.leaders_in(area):
        owner = state.seat_of(leader.country)
        if owner == seat or state.allied(seat, owner):
            leader.area = target


def step_loss(state: KDState, army: Army, events: list[Event], why: str) -> None:
    """Flip an army to its reduced side, or remove it (its counter goes back to the pool, a
    raider's to its country's)."""
    army.steps -= 1
    if army.steps > 0:
        return
    state.armies = [a for a in state.armies if a.id != army.id]
    state.pool.setdefault(army.country, []).append(f"{army.kind}:{army.strength}:{army.steps_max}")
    events.append(Event(code="kd.eliminated", data={"army": army.id, "area": army.area,
                                                    "why": why}, visible_to=None))


def eliminate(state: KDState, army: Army, events: list[Event], why: str) -> None:
    """Remove an army whatever steps it has left; its counter goes back to the pool."""
    army.steps = 1
    step_loss(state, army, events, why)


def strength(state: KDState, army: Army) -> int:
    """Attack strength now: full, or reduced by the scenario's drop on the one-step side."""
    if army.steps >= army.steps_max or army.steps_max == 1:
        return army.strength
    return max(1, army.strength - state.scenario.reduced_strength_drop)

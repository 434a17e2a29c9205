"""Movement (6.1): costs by terrain and army type, the Jordan only at its fords, leaders
doubling movement, stopping where enemy armies stand, and sea moves between ports."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.king_david.content import LEADER_MOVE, STACK_LIMIT, entry_cost, move_allowance
from pbem.games.king_david.inputs import Move
from pbem.games.king_david.minors import enter_minor
from pbem.games.king_david.stacks import enemy_armies, link_kind
from pbem.games.king_david.state import Army, KDState, Leader


class MoveError(ValueError):
    """A move the rules refuse: a stable code and its parameters."""

    def __init__(self, code: str, **params: str) -> None:
        super().__init__(code)
        self.code, self.params = code, params


def movers(state: KDState, seat: str, move: Move) -> tuple[list[Army], list[Leader]]:
    """The armies and leaders a move names (all of the seat's own country's, when none named)."""
    start = move.path[0]
    country = state.players[seat].country
    armies = [a for a in state.armies_in(start) if state.side_of(a) == seat]
    leaders = [ld for ld in state.leaders_in(start) if state.seat_of(ld.country) == seat]
    if not move.units:
        return ([a for a in armies if a.country == country or a.raider == seat],
                [ld for ld in leaders if ld.country == country])
    picked_a = [a for a in armies if a.id.lower() in move.units]
    picked_l = [ld for ld in leaders if ld.name.lower() in move.units]
    missing = set(move.units) - {a.id.lower() for a in picked_a} - {
        ld.name.lower() for ld in picked_l}
    if missing:
        raise MoveError("kd.E_NOT_THERE", unit=sorted(missing)[0], area=start)
    return picked_a, picked_l


def check_move(state: KDState, seat: str, move: Move) -> None:
    """Raise MoveError unless the move is legal now (before any minor is invaded)."""
    if state.players[seat].country in state.halted:
        raise MoveError("kd.E_HALTED")
    if move.path[0] in state.frozen:
        raise MoveError("kd.E_FROZEN", area=move.path[0])
    armies, leaders = movers(state, seat, move)
    if not armies and not leaders:
        raise MoveError("kd.E_NOTHING", area=move.path[0])
    spent = {a.id: 0 for a in armies}
    lead_spent = 0
    for i, (here, there) in enumerate(zip(move.path, move.path[1:], strict=False)):
        link = _crossing(state, seat, here, there)
        for army in armies:
            spent[army.id] += 0 if link == "sea" else entry_cost(army.kind, _terrain(state, there),
                                                                 link)
        lead_spent += 0 if link == "sea" else 1
        if enemy_armies(state, there, seat) and i < len(move.path) - 2:
            raise MoveError("kd.E_MUST_STOP", area=there)
        _home_only(state, armies, there)
        _not_yet(state, seat, armies, there)
    double = 2 if leaders else 1
    for army in armies:
        if spent[army.id] > move_allowance(army.kind) * double:
            raise MoveError("kd.E_TOO_FAR", unit=army.id, area=move.path[-1])
    if not armies and lead_spent > LEADER_MOVE:
        raise MoveError("kd.E_TOO_FAR", unit=leaders[0].name, area=move.path[-1])
    if armies and _over_limit(state, seat, move.path[-1], armies, leaders):
        raise MoveError("kd.E_STACK", area=move.path[-1])


def _over_limit(state: KDState, seat: str, area: str, armies: list[Army],
                leaders: list[Leader]) -> bool:
    """True when the stack arriving with its leaders breaks the limit where it ends (6.1)."""
    moving = {a.id for a in armies}
    there = [a for a in state.armies_in(area) if a.id not in moving and (
        state.side_of(a) == seat or state.allied(seat, state.side_of(a)))]
    ratings = [ld.rating for ld in state.leaders_in(area) if state.seat_of(ld.country) == seat]
    best = max([*ratings, *(ld.rating for ld in leaders)], default=0)
    return len(there) + len(armies) > STACK_LIMIT + best


def _terrain(state: KDState, area: str) -> str:
    return state.scenario.area(area).terrain


def _crossing(state: KDState, seat: str, here: str, there: str) -> str:
    kind = link_kind(state, here, there)
    if kind == "jordan":
        raise MoveError("kd.E_JORDAN", a=here, b=there)
    if kind is not None:
        return kind
    country = state.players[seat].country
    ports = [state.scenario.area(x) for x in (here, there)]
    if all(p.port and (state.control.get(p.id) == country or state.allied(
            seat, state.seat_of(state.control.get(p.id, "")))) for p in ports):
        return "sea"
    raise MoveError("kd.E_NOT_ADJACENT", a=here, b=there)


def _home_only(state: KDState, armies: list[Army], there: str) -> None:
    """A minor's armies stay in their home country (11.0)."""
    country = state.scenario.area(there).country
    for army in armies:
        if army.country in state.minors and army.raider is None and army.country != country:
            raise MoveError("kd.E_MINOR_HOME", unit=army.id)


def _not_yet(state: KDState, seat: str, armies: list[Army], there: str) -> None:
    """The player chosen to run an invaded minor keeps their own armies out of it until the
    next Action Phase (11.0)."""
    minor = state.minors.get(state.scenario.area(there).country)
    if minor is None or minor.seat != seat or minor.since != f"{state.turn}-{state.marker}":
        return
    if any(a.country != minor.key for a in armies):
        raise MoveError("kd.E_MINOR_WAIT", area=there)


def do_move(state: KDState, seat: str, move: Move, rng: SeededRng,
            events: list[Event]) -> None:
    """Carry out a legal move step by step, invading minors and stopping where enemies stand."""
    armies, leaders = movers(state, seat, move)
    for here, there in zip(move.path, move.path[1:], strict=False):
        enter_minor(state, seat, there, rng, events)
        for army in armies:
            army.area, army.came_from = there, here
        for leader in leaders:
            leader.area = there
        _pass_through(state, seat, there)
        if enemy_armies(state, there, seat) and there != move.path[-1]:
            events.append(Event(code="kd.stopped", data={"seat": seat, "area": there}))
            break
    events.append(Event(code="kd.moved", data={
        "seat": seat, "from": move.path[0], "to": armies[0].area if armies else
        (leaders[0].area or ""), "armies": len(armies)}))


def _pass_through(state: KDState, seat: str, area: str) -> None:
    """In a conquered minor, moving through an area takes control of it (6.2.6, 11.0)."""
    owner = state.scenario.area(area).country
    minor = state.minors.get(owner)
    if minor and minor.conquered and not state.scenario.area(area).city:
        state.control[area] = state.players[seat].country

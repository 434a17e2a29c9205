"""Movement (6.1): costs by terrain and army type, the Jordan only at its fords, leaders
doubling movement, stopping where enemy armies stand, and sea moves between ports. A unit's
allowance is spent over all its moves in an action; stacking holds where a move ends and
where it leaves armies behind."""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel

from pbem.games.king_david.content import LEADER_MOVE, STACK_LIMIT, entry_cost, move_allowance
from pbem.games.king_david.inputs import Move
from pbem.games.king_david.land.stacks import (
    borders,
    enemy_armies,
    friendly_armies,
    home_bound,
    limit,
    link_kind,
)
from pbem.games.king_david.state import Army, KDState, Leader, Spent

M = TypeVar("M", bound=BaseModel)


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
        return ([a for a in armies if a.country == country or a.raider == seat
                 or _allied_minor(state, a)], [ld for ld in leaders if ld.country == country])
    picked_a = [a for a in armies if a.id.lower() in move.units]
    picked_l = [ld for ld in leaders if ld.name.lower() in move.units]
    missing = set(move.units) - {a.id.lower() for a in picked_a} - {
        ld.name.lower() for ld in picked_l}
    if missing:
        yours = [a.id.lower() for a in armies] + [ld.name.lower() for ld in leaders]
        raise MoveError("kd.E_NOT_THERE", unit=sorted(missing)[0], area=start,
                        yours=" ".join(yours) or "nothing")
    return picked_a, picked_l


def _allied_minor(state: KDState, army: Army) -> bool:
    """An Alliance minor's army moves with its ally's stack (event 18)."""
    minor = state.minors.get(army.country)
    return minor is not None and minor.allied


def check_move(state: KDState, seat: str, move: Move) -> None:
    """Raise MoveError unless the move is legal now, after what the action has already spent
    (before any minor is invaded)."""
    if state.players[seat].country in state.halted:
        raise MoveError("kd.E_HALTED")
    if move.path[0] in state.frozen:
        raise MoveError("kd.E_FROZEN", area=move.path[0])
    armies, leaders = movers(state, seat, move)
    if not armies and not leaders:
        raise _nothing(state, seat, move.path[0])
    if any(used(state, u).stopped for u in _names(armies, leaders)):
        raise MoveError("kd.E_MUST_STOP", area=move.path[0])
    costs, lead_cost = _path_costs(state, seat, move, armies)
    _within_allowance(state, armies, leaders, costs, lead_cost, move.path[-1])
    count, most = _stack_after(state, seat, move.path[-1], armies, leaders)
    if armies and count > most:
        raise MoveError("kd.E_STACK", area=move.path[-1], count=str(count), most=str(most),
                        room=str(max(0, most - count + len(armies))))
    if leaders and _left_over(state, seat, move.path[0], armies, leaders):
        raise MoveError("kd.E_STACK_LEFT", area=move.path[0])


def _nothing(state: KDState, seat: str, area: str) -> MoveError:
    """Why a plain move finds nothing: the units the seat runs there move by id only, or it
    has nothing there (and where its stacks are)."""
    ids = [a.id.lower() for a in state.armies_in(area) if state.side_of(a) == seat]
    ids += [ld.name.lower() for ld in state.leaders_in(area) if state.seat_of(ld.country) == seat]
    if ids:
        return MoveError("kd.E_BY_ID", area=area, ids=" ".join(ids))
    return MoveError("kd.E_NOTHING", area=area,
                     areas=" ".join(sorted(state.army_areas(seat))) or "none")


def used(state: KDState, unit: str) -> Spent:
    """What an army (by id) or a leader (by name) has used of its movement in this action."""
    return state.spent.get(unit, Spent())


def _names(armies: list[Army], leaders: list[Leader]) -> list[str]:
    return [a.id for a in armies] + [ld.name for ld in leaders]


def _path_costs(state: KDState, seat: str, move: Move,
                armies: list[Army]) -> tuple[dict[str, int], int]:
    """Points each army and the leaders pay along the path, checking every step on the way."""
    costs = {a.id: 0 for a in armies}
    lead_cost = 0
    last = len(move.path) - 1
    for step, (here, there) in enumerate(zip(move.path, move.path[1:], strict=False), start=1):
        link = _crossing(state, seat, here, there)
        for army in armies:
            costs[army.id] += step_cost(state, army.kind, there, link)
        lead_cost += 0 if link == "sea" else 1
        if enemy_armies(state, there, seat) and step < last:
            raise MoveError("kd.E_MUST_STOP", area=there)
        _home_only(state, armies, there)
        _not_yet(state, seat, armies, there)
    return costs, lead_cost


def step_cost(state: KDState, kind: str, there: str, link: str) -> int:
    """Movement points an army kind pays to enter `there` over `link`; a sea move costs none."""
    return 0 if link == "sea" else entry_cost(kind, _terrain(state, there), link)


def _within_allowance(state: KDState, armies: list[Army], leaders: list[Leader],
                      costs: dict[str, int], lead_cost: int, end: str) -> None:
    """Each unit's points over the whole action stay within its allowance, doubled only for a
    unit that has moved with a leader (a leader: with armies) in every move (6.1)."""
    for army in armies:
        if _over(state, army.id, costs[army.id], move_allowance(army.kind), bool(leaders)):
            raise MoveError("kd.E_TOO_FAR", unit=army.id, area=end)
    for leader in leaders:
        if _over(state, leader.name, lead_cost, LEADER_MOVE, bool(armies)):
            raise MoveError("kd.E_TOO_FAR", unit=leader.name, area=end)


def _over(state: KDState, unit: str, cost: int, allowance: int, doubled: bool) -> bool:
    before = used(state, unit)
    factor = 2 if doubled and not before.unled else 1
    return before.points + cost > allowance * factor


def _stack_after(state: KDState, seat: str, area: str, armies: list[Army],
                 leaders: list[Leader]) -> tuple[int, int]:
    """The armies of the seat's side where the stack ends, and the most that may stand there:
    the best leader of the seat or an ally there, or one arriving, counts (6.1, 5.1)."""
    moving = {a.id for a in armies}
    there = [a for a in friendly_armies(state, area, seat) if a.id not in moving]
    arriving = STACK_LIMIT + max((ld.rating for ld in leaders), default=0)
    return len(there) + len(armies), max(limit(state, area, seat), arriving)


def _left_over(state: KDState, seat: str, area: str, armies: list[Army],
               leaders: list[Leader]) -> bool:
    """True when the armies a leader leaves behind break the limit without him (6.1)."""
    moving = {a.id for a in armies}
    staying = [a for a in friendly_armies(state, area, seat) if a.id not in moving]
    going = frozenset(ld.name for ld in leaders)
    return len(staying) > limit(state, area, seat, leaving=going)


def _terrain(state: KDState, area: str) -> str:
    return state.scenario.area(area).terrain


def _crossing(state: KDState, seat: str, here: str, there: str) -> str:
    kind = link_kind(state, here, there)
    if kind == "jordan":
        fords = [other for other, way in borders(state, here) if way == "ford"]
        raise MoveError("kd.E_JORDAN", a=here, b=there, fords=" ".join(fords) or "none")
    if kind is not None:
        return kind
    country = state.players[seat].country
    ports = [state.scenario.area(x) for x in (here, there)]
    if all(p.port and (state.control.get(p.id) == country or state.allied(
            seat, state.seat_of(state.control.get(p.id, "")))) for p in ports):
        return "sea"
    near = [other for other, way in borders(state, here) if way != "jordan"]
    raise MoveError("kd.E_NOT_ADJACENT", a=here, b=there, near=" ".join(near))


def _home_only(state: KDState, armies: list[Army], there: str) -> None:
    """An invaded minor's armies stay in their home country (11.0)."""
    country = state.scenario.area(there).country
    for army in armies:
        if home_bound(state, army) and army.country != country:
            raise MoveError("kd.E_MINOR_HOME", unit=army.id,
                            country=state.scenario.country(army.country).name)


def _not_yet(state: KDState, seat: str, armies: list[Army], there: str) -> None:
    """The player chosen to run an invaded minor keeps their own armies out of it until the
    next Action Phase (11.0)."""
    minor = state.minors.get(state.scenario.area(there).country)
    if minor is None or minor.seat != seat or minor.since != f"{state.turn}-{state.marker}":
        return
    if any(a.country != minor.key for a in armies):
        raise MoveError("kd.E_MINOR_WAIT", area=there)


def rehearse(state: KDState, seat: str, move: Move) -> None:
    """Carry out a checked move without dice or invasions, so that the order reader checks
    each later line against the board the earlier lines leave."""
    armies, leaders = movers(state, seat, move)
    for here, there in zip(move.path, move.path[1:], strict=False):
        if not move_one_area(state, seat, armies, leaders, here, there):
            return


def rehearsal(state: KDState) -> KDState:
    """A copy of the board that moves may be rehearsed on, leaving the state untouched."""
    return state.model_copy(update={
        "armies": [_shallow(a) for a in state.armies],
        "leaders": [_shallow(ld) for ld in state.leaders],
        "spent": {k: _shallow(v) for k, v in state.spent.items()},
        "control": dict(state.control)})


def _shallow(model: M) -> M:
    """`model.model_copy()` for a model without extra fields or private attributes, built
    directly (a rehearsal copies every counter on the map)."""
    if model.__pydantic_extra__ is not None or getattr(model, "__pydantic_private__", None):
        return model.model_copy()
    kind = type(model)
    new = kind.__new__(kind)
    set_ = object.__setattr__
    set_(new, "__dict__", model.__dict__.copy())
    set_(new, "__pydantic_extra__", None)
    set_(new, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    set_(new, "__pydantic_private__", None)
    return new


def move_one_area(state: KDState, seat: str, armies: list[Army], leaders: list[Leader],
                  here: str, there: str) -> bool:
    """Move the stack one area, spending its points; False when it must stop there."""
    link = link_kind(state, here, there) or "sea"
    for army in armies:
        army.area, army.came_from = there, here
        _spend(state, army.id, step_cost(state, army.kind, there, link), alone=not leaders)
    for leader in leaders:
        leader.area = there
        _spend(state, leader.name, 0 if link == "sea" else 1, alone=not armies)
    _pass_through(state, seat, there)
    if not enemy_armies(state, there, seat):
        return True
    for unit in _names(armies, leaders):
        state.spent[unit].stopped = True
    return False


def _spend(state: KDState, unit: str, points: int, alone: bool) -> None:
    spent = state.spent.setdefault(unit, Spent())
    spent.points += points
    spent.unled = spent.unled or alone


def _pass_through(state: KDState, seat: str, area: str) -> None:
    """In a conquered minor, moving through an area without enemy armies takes it for the
    player whose country holds all the minor's cities (6.2.6, 11.0)."""
    spec = state.scenario.area(area)
    minor = state.minors.get(spec.country)
    if minor is None or not minor.conquered or spec.city or enemy_armies(state, area, seat):
        return
    country = state.players[seat].country
    cities = [a.id for a in state.scenario.areas if a.country == minor.key and a.city]
    if all(state.control.get(c) == country for c in cities):
        state.control[area] = country

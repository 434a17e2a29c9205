"""The move phase: move cards for one unit in any direction, or several straight forward."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.games.dba_cards.content import CARDS, UNITS
from pbem.games.dba_cards.inputs import Dismount, Move
from pbem.games.dba_cards.refusal import Refused
from pbem.games.dba_cards.squares import (
    DIRECTIONS,
    coords,
    distance,
    knight_squares,
    line_between,
    sort_key,
    step,
)
from pbem.games.dba_cards.state import DBAState, Unit
from pbem.games.dba_cards.terrain import can_enter, stops_in

KNIGHT_MOVERS = frozenset({"psiloi", "light-horse"})


def own_unit(state: DBAState, seat: str, square: str) -> Unit:
    """The seat's unit on `square`, or Refused."""
    unit = state.unit_at(square)
    if unit is None:
        raise Refused("dba.E_NO_UNIT", square=square)
    if unit.owner != seat:
        raise Refused("dba.E_NOT_YOURS", square=square)
    return unit


def do_move(state: DBAState, seat: str, order: Move) -> list[Event]:
    """Carry out a move on `state` (mutating it), or raise Refused and leave it unchanged."""
    saved = {u.id: (u.square, u.moved) for u in state.units}
    try:
        return _move(state, seat, order)
    except Refused:
        for unit in state.units:
            unit.square, unit.moved = saved[unit.id]
        raise


def _move(state: DBAState, seat: str, order: Move) -> list[Event]:
    if not order.steps:
        raise Refused("dba.E_MOVE_EMPTY")
    if len(order.steps) > 1:
        return _forward(state, seat, order)
    source, target = order.steps[0]
    unit = _mover(state, seat, source, order.card)
    if order.card in ("quick", "special"):
        _jump(state, unit, target)
    else:
        _walk(state, unit, target, reach_of(state, unit, order.card), order.card)
    return [_moved(unit, source, target, order.card)]


def _moved(unit: Unit, source: str, target: str, card: str) -> Event:
    unit.square, unit.moved = target, True
    return Event(
        code="dba.move",
        data={
            "seat": unit.owner,
            "unit": unit.type,
            "from": source,
            "to": target,
            "card": CARDS[card].title,
        },
    )


def _mover(state: DBAState, seat: str, source: str, card: str) -> Unit:
    unit = own_unit(state, seat, source)
    if unit.moved and not state.german():
        raise Refused("dba.E_MOVED", square=source)
    limit = UNITS[unit.type].move
    if card == "special":
        if unit.type not in KNIGHT_MOVERS:
            raise Refused("dba.E_NO_MOVE_ABILITY", square=source, unit=unit.type)
    elif limit < CARDS[card].low or limit == 0:
        raise Refused("dba.E_TOO_SLOW", square=source, unit=unit.type, card=CARDS[card].title)
    return unit


def reach_of(state: DBAState, unit: Unit, card: str) -> tuple[int, int]:
    """The fewest and most squares `unit` may move with a move card of kind `card`."""
    kind, limit = CARDS[card], UNITS[unit.type].move
    if state.german() and card != "gallop":
        return kind.low, kind.low
    return (kind.low if state.german() else 1), min(kind.high, limit)


def _jump(state: DBAState, unit: Unit, target: str) -> None:
    if target not in knight_squares(unit.square, state.size):
        raise Refused("dba.E_NOT_KNIGHT_MOVE", source=unit.square, target=target)
    _landing(state, unit, target)


def _landing(state: DBAState, unit: Unit, target: str) -> None:
    if state.unit_at(target) is not None:
        raise Refused("dba.E_OCCUPIED", square=target)
    if not can_enter(state, unit.type, target):
        raise Refused(
            "dba.E_TERRAIN", square=target, unit=unit.type, terrain=state.terrain_at(target)
        )


def _walk(state: DBAState, unit: Unit, target: str, reach: tuple[int, int], card: str) -> None:
    if line_between(unit.square, target) is None:
        raise _bent(state, unit, target, reach, card)
    _landing(state, unit, target)
    if target not in reachable(state, unit, reach):
        raise Refused("dba.E_OUT_OF_REACH", source=unit.square, target=target, steps=str(reach[1]))


def _bent(
    state: DBAState, unit: Unit, target: str, reach: tuple[int, int], card: str
) -> Refused:
    """The refusal of a move that is no straight line, naming the straight moves nearest it."""
    ends = reachable(state, unit, reach)
    if not ends:
        return Refused("dba.E_NOT_STRAIGHT_NONE", source=unit.square, target=target, card=card)
    gap = min(distance(s, target) for s in ends)
    nearest = sorted(
        (s for s in ends if distance(s, target) == gap),
        key=lambda s: (-distance(unit.square, s), sort_key(s)),
    )
    return Refused(
        "dba.E_NOT_STRAIGHT",
        source=unit.square,
        target=target,
        card=card,
        example=nearest[0],
        squares=" ".join(nearest),
    )


def _passable(state: DBAState, unit: Unit, square: str) -> bool:
    """May `unit` pass through `square` on its way (not stop there)?"""
    return _passes(state, unit, square, state.unit_at(square))


def _passes(state: DBAState, unit: Unit, square: str, other: Unit | None) -> bool:
    """`_passable`, given the unit standing on `square` (if any)."""
    if not can_enter(state, unit.type, square) or stops_in(state, unit.type, square):
        return False
    return other is None or (unit.type == "psiloi" and other.owner == unit.owner)


def reachable(state: DBAState, unit: Unit, reach: tuple[int, int]) -> set[str]:
    """Squares `unit` can end on within `reach`: straight along one rank, file or diagonal
    ("moves are diagonal or orthogonal"), never past a square it may not pass through."""
    board = state.occupants()
    return {s for delta in DIRECTIONS for s in _ray(state, unit, delta, reach, board)}


def _ray(
    state: DBAState,
    unit: Unit,
    delta: tuple[int, int],
    reach: tuple[int, int],
    board: dict[str, Unit],
) -> list[str]:
    """The squares `unit` can end on going straight in one direction."""
    found, square = [], unit.square
    for steps in range(1, reach[1] + 1):
        ahead = step(square, delta, state.size)
        if ahead is None:
            break
        square, other = ahead, board.get(ahead)
        if steps >= reach[0] and other is None and can_enter(state, unit.type, square):
            found.append(square)
        if not _passes(state, unit, square, other):
            break
    return found


def _forward(state: DBAState, seat: str, order: Move) -> list[Event]:
    if order.card in ("quick", "special"):
        raise Refused("dba.E_FORWARD_CARD", card=CARDS[order.card].title)
    facing = state.facing(seat)
    ordered = sorted(order.steps, key=lambda p: -coords(p[0])[1] * facing)
    if len({s for s, _ in ordered}) != len(ordered):
        raise Refused("dba.E_MOVE_TWICE")
    events = []
    for source, target in ordered:
        unit = _mover(state, seat, source, order.card)
        _straight_forward(state, unit, target, facing, reach_of(state, unit, order.card))
        events.append(_moved(unit, source, target, order.card))
    return events


def _straight_forward(
    state: DBAState, unit: Unit, target: str, facing: int, reach: tuple[int, int]
) -> None:
    (fs, rs), (ft, rt) = coords(unit.square), coords(target)
    distance = (rt - rs) * facing
    if fs != ft or not reach[0] <= distance <= reach[1]:
        raise Refused("dba.E_NOT_FORWARD", source=unit.square, target=target, steps=str(reach[1]))
    _landing(state, unit, target)
    for rank in range(1, distance):
        square = f"{unit.square[0]}{rs + rank * facing}"
        if not _passable(state, unit, square):
            raise Refused("dba.E_PATH_BLOCKED", source=unit.square, target=target, square=square)


def do_dismount(state: DBAState, seat: str, order: Dismount) -> list[Event]:
    """Knights become Blades (Special Ability)."""
    unit = own_unit(state, seat, order.square)
    if unit.type != "knights":
        raise Refused("dba.E_NOT_KNIGHTS", square=order.square, unit=unit.type)
    unit.type = "blades"
    return [Event(code="dba.dismount", data={"seat": seat, "square": order.square})]

"""Adjudicate the one phase of each DATC-format case and compare it with the expected state.

The orders are read by the order language as their power's mail would be: an order for a
unit the power does not own, or an illegal one, is left out (the unit holds). For a retreat
phase, the previous movement's results are played again to find where each attacker came from
and where a standoff left a province empty (standoffs.py).
"""

from __future__ import annotations

from typing import Any

from pbem.core.game import Event, Seat
from pbem.games.diplomacy.content import Board, province_of
from pbem.games.diplomacy.datc.standoffs import orders_read, retreat_options
from pbem.games.diplomacy.datc.text import Case, Placed, read_cases
from pbem.games.diplomacy.inputs import Order
from pbem.games.diplomacy.rules import turns
from pbem.games.diplomacy.rules.adjustment import balance
from pbem.games.diplomacy.state import DipState, Rules, Unit


def settle_scenario_cases(scenario: dict[str, Any], text: str) -> list[dict[str, Any]]:
    """Adjudicate each case of a DATC-format file (jDip and godip test files) on the board
    `scenario`: its units after the phase, its dislodged units, and how it compares with the
    case's POSTSTATE (`pbem adjudicate`)."""
    return settle_cases(Board.model_validate(scenario), text)


def settle_cases(board: Board, text: str, rules: Rules = "2023") -> list[dict[str, Any]]:
    """Each case's outcome: {case, units, dislodged, matches, differences} or {case, error},
    by the DATC's current preferences unless `rules` asks for the older options."""
    found = []
    for case in read_cases(board, text):
        if case.error:
            found.append({"case": case.name, "error": case.error})
            continue
        try:
            found.append(_settle(board, case, rules))
        except ValueError as error:
            found.append({"case": case.name, "error": str(error)})
    return found


def _settle(board: Board, case: Case, rules: Rules) -> dict[str, Any]:
    state = _state(board, case, rules)
    orders = _orders(state, case)
    step = state.step
    events: list[Event] = []
    if step == "movement":
        turns.run_movement(state, orders, events)
    elif step == "retreat":
        turns.run_retreats(state, orders, events)
    else:
        turns.run_adjustments(state, orders, events)
    units: list[Placed] = [(u.power, str(u.kind), u.at) for u in state.units]
    dislodged: list[Placed] = [(d.power, str(d.kind), d.at) for d in state.dislodged] \
        if step == "movement" else []
    outcome: dict[str, Any] = {"case": case.name, "units": _written(board, units),
                               "dislodged": _written(board, dislodged)}
    outcome.update(_compare(board, case, units, dislodged))
    return outcome


def _state(board: Board, case: Case, rules: Rules) -> DipState:
    seats = [Seat(id=p.key, name=p.name) for p in board.powers]
    state = DipState(board=board, seats=seats, powers={p.key: p.key for p in board.powers},
                     year=case.year, season=case.season, step=case.step,  # type: ignore[arg-type]
                     rules=rules)
    state.units = sorted((Unit(power=p, kind=k, at=at) for p, k, at in case.units),  # type: ignore[arg-type]
                         key=lambda u: u.at)
    taken = [u.province for u in state.units]
    if len(set(taken)) != len(taken):
        raise ValueError("two units stand in one province")
    if case.owners is None:
        state.centres = {p.id: p.home for p in board.provinces if p.home}
    else:
        state.centres = dict(sorted((place, power) for power, place in case.owners))
    if case.step == "retreat":
        state.dislodged = retreat_options(case, state)
    if case.step == "adjustment":
        state.adjust = balance(state)
    return state


def _orders(state: DipState, case: Case) -> dict[str, list[Order]]:
    texts: dict[str, list[str]] = {}
    for power, text in case.orders:
        if power:  # an order under a power the board does not know is nobody's
            texts.setdefault(power, []).append(text)
    return orders_read(state, texts)


def _written(board: Board, placed: list[Placed]) -> list[str]:
    order = {p.key: i for i, p in enumerate(board.powers)}
    ranked = sorted(placed, key=lambda u: (order.get(u[0], 99), u[2]))
    return [f"{board.power(p).name}: {k} {at}" for p, k, at in ranked]


def _compare(board: Board, case: Case, units: list[Placed],
             dislodged: list[Placed]) -> dict[str, Any]:
    if case.post is None:
        return {"matches": None, "differences": []}
    differences = _differ(board, "unit", units, case.post)
    differences += _differ(board, "dislodged", dislodged, case.post_dislodged)
    return {"matches": not differences, "differences": differences}


def _differ(board: Board, what: str, found: list[Placed], expected: list[Placed]) -> list[str]:
    """What is missing and what is extra; an expected place without a coast matches any."""
    left = list(found)
    missing = []
    for wanted in expected:
        match = next((f for f in left if _same(f, wanted)), None)
        if match is None:
            missing.append(wanted)
        else:
            left.remove(match)
    return ([f"missing {what}: {line}" for line in _written(board, missing)]
            + [f"unexpected {what}: {line}" for line in _written(board, left)])


def _same(found: Placed, wanted: Placed) -> bool:
    if found[:2] != wanted[:2]:
        return False
    return found[2] == wanted[2] or ("/" not in wanted[2] and province_of(found[2]) == wanted[2])

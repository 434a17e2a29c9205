"""One call of `advance`: take the votes, adjudicate the phase, then go on through every phase
in which nobody has anything to order (retreats with nowhere to go, a winter with nothing to
build or remove), until some player owes orders or the game is over."""

from __future__ import annotations

from typing import Any

from pbem.core.game import Event
from pbem.games.diplomacy import adjustment, movement, retreat, votes
from pbem.games.diplomacy.content import province_of
from pbem.games.diplomacy.geography import geography
from pbem.games.diplomacy.inputs import DipOrders, Order
from pbem.games.diplomacy.order_text import order_text, place, unit_text
from pbem.games.diplomacy.phases import ordering, phase_label
from pbem.games.diplomacy.state import DipState, Dislodged, Unit
from pbem.games.diplomacy.table import Piece
from pbem.games.diplomacy.victory import finish, solo

MOVEMENT_KINDS = ("hold", "move", "support", "convoy")


def play(state: DipState, inputs: dict[str, Any], events: list[Event]) -> None:
    """Apply one phase's inputs to `state` (a copy the caller owns)."""
    orders = {s: o for s, o in inputs.items() if isinstance(o, DipOrders)}
    votes.record(state, orders, events)
    if _agreed(state, events):
        return
    by_power = _by_power(state, orders)
    if state.step == "movement":
        run_movement(state, by_power, events)
    elif state.step == "retreat":
        run_retreats(state, by_power, events)
    elif state.step == "adjustment":
        run_adjustments(state, by_power, events)
    settle(state, events)


def _agreed(state: DipState, events: list[Event]) -> bool:
    winner = votes.conceded_to(state)
    if winner is not None:
        finish(state, "concession", [winner], events)
    elif votes.passed_draw(state):
        survivors = state.played()
        finish(state, "draw" if len(survivors) > 1 else "solo", survivors, events)
    return state.step == "over"


def _by_power(state: DipState, orders: dict[str, DipOrders]) -> dict[str, list[Order]]:
    found = {}
    for seat, given in sorted(orders.items()):
        power = state.power_of(seat)
        if power is not None:
            found[power] = list(given.orders)
    return found


def _name(state: DipState, power: str) -> str:
    return state.board.power(power).name


def run_movement(state: DipState, by_power: dict[str, list[Order]], events: list[Event]) -> None:
    """Adjudicate a movement phase: units move, the dislodged wait with where they may go."""
    geo = geography(state.board)
    pieces = {u.province: Piece(u.power, u.kind, u.at) for u in state.units}
    given: dict[str, Order] = {}
    for power, orders in by_power.items():
        for order in orders:
            piece = pieces.get(province_of(order.at))
            if order.kind in MOVEMENT_KINDS and piece and piece.power == power and \
                    piece.at == order.at:
                given[province_of(order.at)] = order
    outcome = movement.adjudicate(geo, pieces, given)
    events.append(Event(code="dip.orders", data={
        "phase": phase_label(state), "rows": _rows(state, outcome, given)}))
    units, dislodged = [], []
    for unit in state.units:
        verdict = outcome.verdicts[unit.province]
        if unit.province in outcome.arrivals:
            units.append(Unit(power=unit.power, kind=unit.kind, at=outcome.arrivals[unit.province]))
        elif verdict.dislodged_by is not None:
            by = verdict.dislodged_by
            dislodged.append(Dislodged(
                power=unit.power, kind=unit.kind, at=unit.at,
                attacker="" if by in outcome.table.convoyed else by,
                retreats=outcome.retreats(unit.province)))
            events.append(Event(code="dip.dislodged", data={
                "power": _name(state, unit.power), "unit": unit_text(unit.kind, unit.at),
                "by": place(by), "retreats": " ".join(map(place, dislodged[-1].retreats))
                or "none"}))
        else:
            units.append(unit)
    state.units = sorted(units, key=lambda u: u.at)
    state.dislodged = dislodged
    state.step = "retreat"


def _rows(state: DipState, outcome: movement.Movement,
          given: dict[str, Order]) -> list[dict[str, Any]]:
    """Each unit's order and its result, for the report and the map's arrows."""
    rows = []
    for province in sorted(outcome.table.pieces):
        piece = outcome.table.pieces[province]
        order = given.get(province) or Order(kind="hold", unit=piece.kind, at=piece.at)  # type: ignore[arg-type]
        verdict = outcome.verdicts[province]
        rows.append({"power": piece.power, "order": order_text(order), "kind": order.kind,
                     "at": order.at, "to": order.to, "of": order.of,
                     "result": verdict.result, "why": verdict.why,
                     "dislodged": verdict.dislodged_by is not None,
                     "convoyed": province in outcome.table.convoyed,
                     "ordered": province in given})
    return rows


def run_retreats(state: DipState, by_power: dict[str, list[Order]], events: list[Event]) -> None:
    """Adjudicate a retreat phase, then move on to Fall or to the Winter count."""
    mine = {province_of(d.at): d.power for d in state.dislodged}
    given = {province_of(o.at): o for power, orders in by_power.items() for o in orders
             if o.kind in ("retreat", "disband") and mine.get(province_of(o.at)) == power}
    _apply_retreats(state, given, events)


def _apply_retreats(state: DipState, given: dict[str, Order], events: list[Event]) -> None:
    rows = []
    for verdict in retreat.adjudicate(state.dislodged, given):
        unit = verdict.unit
        if verdict.result == "retreated":
            state.units.append(Unit(power=unit.power, kind=unit.kind, at=verdict.to))
        order = given.get(province_of(unit.at))
        rows.append({"power": unit.power, "unit": unit_text(unit.kind, unit.at),
                     "order": order_text(order) if order else "", "result": verdict.result,
                     "why": "met" if verdict.result == "bounced" else "",
                     "to": verdict.to, "kind": order.kind if order else "", "at": unit.at})
    state.units.sort(key=lambda u: u.at)
    if rows:
        events.append(Event(code="dip.retreats", data={"phase": phase_label(state),
                                                       "rows": rows}))
    state.dislodged = []
    _after_retreats(state, events)


def _after_retreats(state: DipState, events: list[Event]) -> None:
    if state.season == "spring":
        state.season, state.step = "fall", "movement"
        return
    before = state.alive()
    _count_centres(state, events)
    _eliminations(state, before, events)
    winner = solo(state)
    if winner is not None:
        finish(state, "solo", [winner], events)
    elif state.end_year and state.year >= state.end_year:
        finish(state, "last_year", state.played() or state.alive(), events)
    else:
        state.adjust = adjustment.balance(state)
        state.season, state.step = "winter", "adjustment"
        for power, count in sorted(state.adjust.items()):
            events.append(Event(code="dip.adjust_builds" if count > 0 else "dip.adjust_removes",
                                data={"power": _name(state, power), "count": abs(count)}))


def _count_centres(state: DipState, events: list[Event]) -> None:
    """After Fall: each centre with a unit in it belongs to that unit's power."""
    state.counted = {p: state.centre_count(p) for p in state.alive()}
    geo = geography(state.board)
    for unit in state.units:
        if unit.province in geo.centres and state.centres.get(unit.province) != unit.power:
            lost = state.centres.get(unit.province)
            state.centres[unit.province] = unit.power
            events.append(Event(code="dip.centre", data={
                "power": _name(state, unit.power), "place": place(unit.province),
                "from": _name(state, lost) if lost else "nobody"}))
    state.centres = dict(sorted(state.centres.items()))
    events.append(Event(code="dip.count", data={"year": state.year, "counts": {
        _name(state, p): state.centre_count(p) for p in state.alive()}}))


def run_adjustments(state: DipState, by_power: dict[str, list[Order]],
                    events: list[Event]) -> None:
    """Builds and removals (civil disorder for removals left out), then the new year."""
    geo = geography(state.board)
    before = state.alive()
    rows = []
    for power in sorted(state.adjust):
        done = adjustment.adjudicate(geo, state, power, by_power.get(power, []))
        rows += [{"power": power, "order": order_text(o), "result": r} for o, r in done.verdicts]
        gone = {u.at for u in done.removed + done.disorder}
        state.units = [u for u in state.units if not (u.power == power and u.at in gone)]
        state.units += done.built
        rows += [{"power": power, "order": f"REMOVE {unit_text(u.kind, u.at)}",
                  "result": "disorder"} for u in done.disorder]
        unused = state.adjust[power] - len(done.built) - done.waived
        if state.adjust[power] > 0 and unused > 0:
            rows.append({"power": power, "order": f"WAIVE {unused}", "result": "unused"})
    state.units.sort(key=lambda u: u.at)
    if rows:
        events.append(Event(code="dip.adjustments", data={"phase": phase_label(state),
                                                          "rows": rows}))
    _eliminations(state, before, events)
    _new_year(state)


def _eliminations(state: DipState, before: list[str], events: list[Event]) -> None:
    alive = state.alive()
    for power in before:
        if power not in alive:
            events.append(Event(code="dip.eliminated", data={"power": _name(state, power)}))


def _new_year(state: DipState) -> None:
    state.adjust = {}
    state.year += 1
    state.season, state.step = "spring", "movement"
    alive = set(state.alive())
    state.draw = [p for p in state.draw if p in alive]
    state.concede = {p: to for p, to in state.concede.items() if p in alive and to in alive}


def settle(state: DipState, events: list[Event]) -> None:
    """Go on through phases in which no player has anything to order."""
    while state.step != "over" and not ordering(state):
        if state.step == "retreat":
            _apply_retreats(state, {}, events)
        elif state.step == "adjustment":
            run_adjustments(state, {}, events)
        elif state.played():  # no player has a unit: the others' units hold
            run_movement(state, {}, events)
        else:
            finish(state, "last_year", state.alive(), events)

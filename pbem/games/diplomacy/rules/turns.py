"""One call of `advance`: take the votes, adjudicate the phase, then go on through every phase
in which nobody has anything to order (retreats with nowhere to go, a winter with nothing to
build or remove), until some player owes orders or the game is over."""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from pbem.core.game import Event
from pbem.games.diplomacy.board.geography import geography
from pbem.games.diplomacy.content import province_of
from pbem.games.diplomacy.inputs import DipOrders, Order
from pbem.games.diplomacy.order_text import order_text, place, unit_text
from pbem.games.diplomacy.rules import adjustment, movement, retreat, votes
from pbem.games.diplomacy.rules.phases import ordering, phase_label
from pbem.games.diplomacy.rules.victory import finish, solo
from pbem.games.diplomacy.state import DipState, Dislodged, Unit

MOVEMENT_KINDS = ("hold", "move", "support", "convoy")
LOCATION = attrgetter("at")  # units are kept in the order of their locations
HOLD = Order(kind="hold")


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
    elif (among := votes.agreed_draw(state)) is not None:
        finish(state, "draw" if len(among) > 1 else "solo", among, events)
    return state.step == "over"


def _by_power(state: DipState, orders: dict[str, DipOrders]) -> dict[str, list[Order]]:
    found = {}
    for seat, given in sorted(orders.items()):
        power = state.power_of(seat)
        if power is not None:
            found[power] = list(given.orders)
    return found


def _name(state: DipState, power: str) -> str:
    return geography(state.board).power_names[power]


def run_movement(state: DipState, by_power: dict[str, list[Order]], events: list[Event]) -> None:
    """Adjudicate a movement phase: units move, the dislodged wait with where they may go."""
    geo = geography(state.board)
    province_at = geo.province
    pieces = units = {province_at[u.at]: u for u in state.units}
    given: dict[str, Order] = {}
    for power, orders in by_power.items():
        for order in orders:
            province = province_at.get(order.at, "")
            piece = pieces.get(province)
            if piece and piece.power == power and piece.at == order.at and \
                    order.kind in MOVEMENT_KINDS:
                given[province] = order
    outcome = movement.adjudicate(geo, pieces, given, fallback=state.rules == "2000")
    events.append(Event(code="dip.orders", data={
        "phase": phase_label(state), "rows": _rows(outcome, given)}))
    staying, dislodged = [], []
    for province, unit in units.items():
        verdict = outcome.verdicts[province]
        if province in outcome.arrivals:
            staying.append(Unit(power=unit.power, kind=unit.kind, at=outcome.arrivals[province]))
        elif verdict.dislodged_by is not None:
            dislodged.append(_dislodged(state, outcome, province, unit, events))
        else:
            staying.append(unit)
    state.units = sorted(staying, key=LOCATION)
    state.dislodged = dislodged
    state.step = "retreat"


def _dislodged(state: DipState, outcome: movement.Movement, province: str, unit: Unit,
               events: list[Event]) -> Dislodged:
    """A dislodged unit, with where it may retreat; announced to all."""
    by = outcome.verdicts[province].dislodged_by or ""
    found = Dislodged(power=unit.power, kind=unit.kind, at=unit.at,
                      attacker="" if by in outcome.table.convoyed else by,
                      retreats=outcome.retreats(province))
    events.append(Event(code="dip.dislodged", data={
        "power": _name(state, unit.power), "unit": unit_text(unit.kind, unit.at),
        "by": place(by), "retreats": ", ".join(map(place, found.retreats)) or "none"}))
    return found


def _rows(outcome: movement.Movement, given: dict[str, Order]) -> list[dict[str, Any]]:
    """Each unit's order and its result, for the report and the map's arrows."""
    rows = []
    table = outcome.table
    verdicts, convoyed = outcome.verdicts, table.convoyed
    for province, piece in table.pieces.items():  # in board order, as the units are
        order = given.get(province) or HOLD
        verdict = verdicts[province]
        row: dict[str, Any] = {"power": piece.power, "unit": piece.kind, "kind": order.kind,
                               "at": piece.at, "result": verdict.result}
        if order is HOLD:  # what a plain hold leaves out, the report reads as absent
            row["ordered"] = False
        else:
            row["to"], row["of_unit"], row["of"] = order.to, order.of_unit, order.of
            if order.via:
                row["via"] = True
            if province in convoyed:
                row["convoyed"] = True
        if verdict.why:
            row["why"] = verdict.why
        if verdict.dislodged_by is not None:
            row["dislodged"] = True
        rows.append(row)
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
    state.units.sort(key=LOCATION)
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
    _count_centres(state, before, events)
    _eliminations(state, before, events)
    winner = solo(state)
    if winner is not None:
        finish(state, "solo", [winner], events)
    elif state.end_year and state.year >= state.end_year:
        finish(state, "last_year", state.played() or state.alive(), events)
    else:
        state.adjust = adjustment.balance(state)  # the reports list who builds or removes
        state.season, state.step = "winter", "adjustment"


def _count_centres(state: DipState, alive: list[str], events: list[Event]) -> None:
    """After Fall: each centre with a unit in it belongs to that unit's power."""
    before = state.centre_counts()
    state.counted = {p: before.get(p, 0) for p in alive}
    geo, centres = geography(state.board), state.centres
    province_at = geo.province
    for unit in state.units:
        province = province_at[unit.at]
        if province in geo.centres and centres.get(province) != unit.power:
            lost = centres.get(province)
            centres[province] = unit.power
            events.append(Event(code="dip.centre", data={
                "power": _name(state, unit.power), "place": place(province),
                "from": _name(state, lost) if lost else "nobody"}))
    state.centres = dict(sorted(centres.items()))
    after = state.centre_counts()
    events.append(Event(code="dip.count", data={"year": state.year, "counts": {
        _name(state, p): after.get(p, 0) for p in alive}}))


def run_adjustments(state: DipState, by_power: dict[str, list[Order]],
                    events: list[Event]) -> None:
    """Builds and removals (civil disorder for removals left out), then the new year."""
    geo = geography(state.board)
    rows: list[dict[str, Any]] = []
    gone: set[str] = set()
    province_at = geo.province
    taken = {province_at[u.at] for u in state.units}
    for power in sorted(state.adjust):
        done = adjustment.adjudicate(geo, state, power, by_power.get(power, []), taken)
        rows += _adjustment_rows(state, done)
        gone.update(u.at for u in done.removed + done.disorder)
        state.units += done.built
    state.units = sorted((u for u in state.units if u.at not in gone), key=LOCATION)
    if rows:
        events.append(Event(code="dip.adjustments", data={"phase": phase_label(state),
                                                          "rows": rows}))
    shrinking = [p for p, count in state.adjust.items() if count < 0]
    for power in shrinking:  # only a power that removed units can have lost its last one
        if not state.units_of(power) and not state.centre_count(power):
            events.append(Event(code="dip.eliminated", data={"power": _name(state, power)}))
    _new_year(state)


def _adjustment_rows(state: DipState, done: adjustment.Adjusted) -> list[dict[str, Any]]:
    """Each build, removal and waiver, its parts kept (the report writes the order)."""
    power = done.power
    rows: list[dict[str, Any]] = [
        {"power": power, "kind": o.kind, "unit": o.unit, "at": o.at, "result": r}
        for o, r in done.verdicts]
    rows += [{"power": power, "kind": "remove", "unit": u.kind, "at": u.at,
              "result": "disorder"} for u in done.disorder]
    unused = state.adjust[power] - len(done.built) - done.waived
    if state.adjust[power] > 0 and unused > 0:
        rows.append({"power": power, "kind": "waive", "unit": None, "at": "", "count": unused,
                     "result": "unused"})
    return rows


def _eliminations(state: DipState, before: list[str], events: list[Event]) -> list[str]:
    """Announce the powers out of the game since `before`; return those still in it."""
    alive = state.alive()
    for power in before:
        if power not in alive:
            events.append(Event(code="dip.eliminated", data={"power": _name(state, power)}))
    return alive


def _new_year(state: DipState) -> None:
    state.adjust = {}
    state.year += 1
    state.season, state.step = "spring", "movement"
    if state.draw or state.concede:
        alive = state.alive()
        state.draw = [p for p in state.draw if p in alive]
        votes.withdraw_stale(state)
        state.concede = {p: to for p, to in state.concede.items()
                         if p in alive and to in alive}


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

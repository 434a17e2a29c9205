"""Property tests of the order language: any legal orders written canonically read back the
same; any legal order spelled any way players write it reads to itself; no text breaks it."""

from __future__ import annotations

from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.core.rng import SeededRng, derive_seed
from pbem.games.diplomacy import GAME
from pbem.games.diplomacy.board.geography import geography
from pbem.games.diplomacy.content import province_of
from pbem.games.diplomacy.inputs import DipOrders, Order
from pbem.games.diplomacy.orders import order_key
from pbem.games.diplomacy.rules.adjustment import build_fits, build_sites
from pbem.games.diplomacy.state import DipState, Unit
from tests.games.diplomacy_game.play import standard_game
from tests.support.examples import examples

Spot = tuple[DipState, str]


@cache
def spots() -> list[Spot]:
    """(state, seat) pairs from seeded bot play: movement, retreat and adjustment phases."""
    found: list[Spot] = []
    state = standard_game()
    for step in range(30):
        due = GAME.due(state)
        found += [(state, seat) for seat in due.players]
        inputs = {s: GAME.random_input(state, s, SeededRng(derive_seed(8, f"{step}{s}")))
                  for s in due.players}
        state = GAME.advance(state, inputs, SeededRng(step)).state
    assert {s.step for s, _ in found} == {"movement", "retreat", "adjustment"}
    return found


def legal_orders(state: DipState, seat: str) -> list[Order]:
    """Every simple legal order of the seat's power now (no convoy chains of several)."""
    power = state.power_of(seat) or ""
    if state.step == "retreat":
        return _retreats(state, power)
    if state.step == "adjustment":
        return _adjustments(state, power)
    geo, found = geography(state.board), []
    units = {u.province: u for u in state.units}
    for unit in state.units_of(power):
        found.append(Order(kind="hold", unit=unit.kind, at=unit.at))
        reach = sorted(geo.army[unit.province]) if unit.kind == "A" else \
            sorted(geo.fleet[unit.at])
        found += [Order(kind="move", unit=unit.kind, at=unit.at, to=t) for t in reach]
        for other in units.values():
            if other is unit:
                continue
            if geo.can_reach(unit.kind, unit.at, other.province):
                found.append(Order(kind="support", unit=unit.kind, at=unit.at,
                                   of_unit=other.kind, of=other.province))
            found += _move_supports(state, unit, other)
    return found


def _move_supports(state: DipState, unit: Unit, other: Unit) -> list[Order]:
    geo = geography(state.board)
    found = []
    targets = geo.army.get(other.province, ()) if other.kind == "A" else \
        {province_of(t) for t in geo.fleet.get(other.at, ())}
    for target in sorted(targets):
        if target != unit.province and geo.can_reach(unit.kind, unit.at, target):
            found.append(Order(kind="support", unit=unit.kind, at=unit.at,
                               of_unit=other.kind, of=other.province, to=target))
    return found


def _retreats(state: DipState, power: str) -> list[Order]:
    found = []
    for d in state.dislodged:
        if d.power == power:
            found.append(Order(kind="disband", unit=d.kind, at=d.at))
            found += [Order(kind="retreat", unit=d.kind, at=d.at, to=r) for r in d.retreats]
    return found


def _adjustments(state: DipState, power: str) -> list[Order]:
    geo = geography(state.board)
    if state.adjust.get(power, 0) < 0:
        return [Order(kind="remove", unit=u.kind, at=u.at) for u in state.units_of(power)]
    found = [Order(kind="waive")]
    for site in build_sites(state, power):
        for location in (site, *geo.coasts.get(site, ())):
            found += [Order(kind="build", unit=k, at=location)  # type: ignore[arg-type]
                      for k in "AF" if build_fits(geo, k, location)]
    return found


def _one_per_unit(state: DipState, seat: str, chosen: list[Order]) -> list[Order]:
    kept: dict[str, Order] = {}
    waives = [o for o in chosen if o.kind == "waive"]
    for order in chosen:
        if order.kind != "waive":
            kept[province_of(order.at)] = order
    orders = list(kept.values()) + waives
    if state.step == "adjustment":
        orders = orders[: abs(state.adjust.get(state.power_of(seat) or "", 0))]
    return sorted(orders, key=order_key)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_canonical_text_reads_back_to_the_same_orders(data: st.DataObject) -> None:
    state, seat = data.draw(st.sampled_from(spots()))
    options = legal_orders(state, seat)
    chosen = data.draw(st.lists(st.sampled_from(options), max_size=8))
    powers = [p.key for p in state.board.powers if p.key != state.power_of(seat)]
    orders = DipOrders(orders=_one_per_unit(state, seat, chosen),
                       draw=data.draw(st.none() | st.booleans()),
                       concede=data.draw(st.none() | st.sampled_from(["", *powers])))
    text = GAME.canonical(state, seat, orders)
    parsed = GAME.parse(state, seat, text)
    assert parsed.errors == [], (text, parsed.errors)
    assert parsed.orders == orders, text


def _spelled(data: st.DataObject, state: DipState, location: str) -> str:
    province, _, coast = location.partition("/")
    record = state.board.province(province)
    name = data.draw(st.sampled_from([province, province.upper(), record.name,
                                      record.name.upper(), *record.aliases]))
    if coast:
        coast_name = next(c.name for c in state.board.coasts if c.location == location)
        name += data.draw(st.sampled_from([f"/{coast}", f"({coast})", f" {coast}",
                                           f" ({coast.upper()})", f" {coast_name}"]))
    return name


def _unit(data: st.DataObject, kind: str | None) -> str:
    words = {"A": ["A ", "a ", "Army ", ""], "F": ["F ", "f ", "Fleet ", ""]}
    return data.draw(st.sampled_from(words[kind or "A"]))


def _written(data: st.DataObject, state: DipState, order: Order) -> str:
    me = _unit(data, order.unit) + _spelled(data, state, order.at)
    arrow = data.draw(st.sampled_from(["-", " - ", " -> ", " move ", " to ", " M "]))
    if order.kind == "hold":
        return me + data.draw(st.sampled_from(["", " H", " hold", " HOLDS"]))
    if order.kind == "move":
        return me + arrow + _spelled(data, state, order.to)
    other = _unit(data, order.of_unit) + _spelled(data, state, order.of)
    verb = data.draw(st.sampled_from([" S ", " supports ", " SUPPORT "]))
    if order.kind == "support":
        target = (arrow + _spelled(data, state, order.to)) if order.to else \
            data.draw(st.sampled_from(["", " H"]))
        return me + verb + other + target
    return me + " C " + other + arrow + _spelled(data, state, order.to)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_spelling_reads_to_the_same_order(data: st.DataObject) -> None:
    moving = [(s, seat) for s, seat in spots() if s.step == "movement"]
    state, seat = data.draw(st.sampled_from(moving))
    order = data.draw(st.sampled_from(legal_orders(state, seat)))
    text = _written(data, state, order)
    parsed = GAME.parse(state, seat, text)
    assert parsed.errors == [], (text, parsed.errors)
    assert parsed.orders.orders == [order], text


@settings(max_examples=examples(200), deadline=None)
@given(st.text(max_size=200))
def test_no_text_breaks_the_reader(text: str) -> None:
    state, seat = spots()[0]
    parsed = GAME.parse(state, seat, text)
    assert parsed.orders is None or isinstance(parsed.orders, DipOrders)
    assert all(p.line >= 0 for p in parsed.problems)

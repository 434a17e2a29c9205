"""Where each dislodged unit of a DATC case may retreat, from the previous movement's results.

The movement is played again: each unit a successful move brought in goes back to where it
came from, each dislodged unit to where it stood, and the results' orders are adjudicated as in
play. When that gives back the case's position, the engine's own retreats are the answer, so a
standoff is what the DATC calls one (units of equal strength bounced), not any failed move.

When the results leave out orders their outcome needed (a success the replay does not give),
each failed move is weighed on its own: it left its target contested unless its target is
occupied, its convoy failed, or it lost a head-to-head battle (its unit dislodged from there).
"""

from __future__ import annotations

from typing import NamedTuple

from pbem.games.diplomacy.board.geography import Geography, geography
from pbem.games.diplomacy.content import province_of
from pbem.games.diplomacy.datc.text import Case, Placed
from pbem.games.diplomacy.inputs import Order
from pbem.games.diplomacy.language.lexicon import lexicon
from pbem.games.diplomacy.language.order_read import Draft, Unreadable, read_draft
from pbem.games.diplomacy.orders import parse_orders
from pbem.games.diplomacy.rules import turns
from pbem.games.diplomacy.state import DipState, Dislodged, Unit


class Result(NamedTuple):
    """One line of PRESTATE_RESULTS, read."""

    success: bool
    power: str
    text: str
    draft: Draft


def retreat_options(case: Case, state: DipState) -> list[Dislodged]:
    """Each of the case's dislodged units with where it may retreat (`state`: after the move)."""
    results = _read(state, case)
    replayed = _replay(state, case, results)
    if replayed is not None:
        return replayed
    return _from_flags(geography(state.board), case, state, results)


def _read(state: DipState, case: Case) -> list[Result]:
    lex, found = lexicon(state.board), []
    for success, power, text in case.results:
        try:
            found.append(Result(success, power, text, read_draft(lex, text)))
        except Unreadable:
            continue
    return found


def _replay(state: DipState, case: Case, results: list[Result]) -> list[Dislodged] | None:
    """The engine's retreats for the movement played again; None when it does not give back
    the case's position."""
    before = _before(geography(state.board), state.units, case.dislodged, results)
    if before is None:
        return None
    movement = state.model_copy(update={"step": "movement", "units": before, "dislodged": []})
    turns.run_movement(movement, _orders(movement, results), [])
    after = sorted((u.power, u.kind, u.at) for u in movement.units)
    gone = sorted((d.power, d.kind, d.at) for d in movement.dislodged)
    if after != sorted(state.units) or gone != sorted(case.dislodged):
        return None
    return movement.dislodged


def _before(geo: Geography, units: list[Unit], dislodged: list[Placed],
            results: list[Result]) -> list[Unit] | None:
    """The units as they stood before the movement; None when the results do not fit."""
    where = {province_of(u.at): u for u in units}
    back: list[Unit] = []
    for success, power, _, draft in results:
        mover = where.get(draft.to) if success and draft.kind == "move" else None
        if mover is None or mover.power != power:
            continue
        del where[draft.to]
        back.append(Unit(power, mover.kind, _origin(geo, mover, draft)))
    back += [Unit(p, k, at) for p, k, at in dislodged]  # type: ignore[arg-type]
    for unit in back:
        if province_of(unit.at) in where:
            return None
        where[province_of(unit.at)] = unit
    return sorted(where.values(), key=lambda u: u.at)


def _origin(geo: Geography, mover: Unit, draft: Draft) -> str:
    """Where a unit that moved came from, with the coast a fleet must have stood on."""
    if draft.at_coast or mover.kind == "A" or draft.at not in geo.coasts:
        return draft.at_coast or draft.at
    there = province_of(mover.at)
    fits = [c for c in geo.coasts[draft.at] if geo.fleet_targets(c, there)]
    return fits[0] if fits else draft.at


def _orders(state: DipState, results: list[Result]) -> dict[str, list[Order]]:
    texts: dict[str, list[str]] = {}
    for result in results:
        texts.setdefault(result.power, []).append(result.text)
    return orders_read(state, texts)


def orders_read(state: DipState, texts: dict[str, list[str]]) -> dict[str, list[Order]]:
    """Each power's order lines read as its orders (a power whose lines read to none left out)."""
    found = {}
    for power, lines in texts.items():
        parsed = parse_orders(state, power, "\n".join(lines))
        if parsed.orders is not None:
            found[power] = list(parsed.orders.orders)
    return found


def _from_flags(geo: Geography, case: Case, state: DipState,
                results: list[Result]) -> list[Dislodged]:
    """Retreats read from the results' flags alone, each failed move weighed on its own."""
    moves = [(r.success, r.draft) for r in results if r.draft.kind == "move"]
    carried = {(d.at, d.to) for _, d in moves if d.via}
    carried |= {(r.draft.of, r.draft.to) for r in results if r.draft.kind == "convoy"}
    broken = _broken_convoys(case, results)
    gone = {province_of(at) for _, _, at in case.dislodged}
    beaten = {(d.at, d.to) for ok, d in moves if ok and (d.at, d.to) not in carried}
    taken = {province_of(u.at) for u in state.units}
    contested = {d.to for ok, d in moves if not ok and d.to not in taken
                 and (d.at, d.to) not in broken
                 and not (d.at in gone and (d.to, d.at) in beaten)}
    found = []
    for power, kind, at in case.dislodged:
        here = province_of(at)
        origins = {src for src, to in beaten if to == here and _borders(geo, src, at)}
        nexts = sorted(geo.army.get(here, ())) if kind == "A" else sorted(geo.fleet.get(at, ()))
        retreats = [n for n in nexts if province_of(n) not in taken | contested | origins]
        found.append(Dislodged(power=power, kind=kind, at=at, retreats=retreats))  # type: ignore[arg-type]
    return found


def _broken_convoys(case: Case, results: list[Result]) -> set[tuple[str, str]]:
    """The convoyed moves one of whose convoying fleets failed or was dislodged."""
    gone = {province_of(at) for _, _, at in case.dislodged}
    return {(r.draft.of, r.draft.to) for r in results if r.draft.kind == "convoy"
            and (not r.success or r.draft.at in gone)}


def _borders(geo: Geography, source: str, at: str) -> bool:
    """Whether the attack could have come over land or along the coast (not by convoy)."""
    here = province_of(at)
    return here in geo.army.get(source, ()) or here in geo.sea_next.get(source, ())

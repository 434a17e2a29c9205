"""Diplomacy adjudication: pbem against the `diplomacy` package on the same orders.

Plays seven-player games between pbem's bots (random legal orders). Every phase, the same
position and the same orders go to both engines, and each adjudicates that one phase: pbem
copies the state and runs the phase's rules (`turns.run_movement`, `run_retreats` or
`run_adjustments`: the decisions, the new positions and the report's events), the package runs
`process` (its orders set beforehand, untimed, as their checking is not adjudication). Each
phase is timed in CPU time `--repeat` times and its fastest run kept, on both sides, so that
other work on a shared machine disturbs the figures less. Both positions after the phase are
compared; a phase where they differ is listed with the DATC's reading of it. The package is
the `datc` extra (`pip install -e '.[datc]'`). Usage:

    python -m bench.adjudication --game diplomacy [--games 5] [--years 12] [--repeat 5]
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bench.harness import Figures, ratio
from pbem.core.game import Seat, Setup
from pbem.core.rng import SeededRng, derive_seed
from pbem.games.diplomacy import GAME
from pbem.games.diplomacy.content import province_of
from pbem.games.diplomacy.inputs import DipOrders, Order
from pbem.games.diplomacy.rules import turns as pbem_turns
from pbem.games.diplomacy.state import DipState
from pbem.paths import campaigns_dir

Position = frozenset[str]  # "FRANCE A PAR", "*ENGLAND F NTH" (dislodged)
Phase = tuple[DipState, dict[str, DipOrders]]
RUN = {"movement": pbem_turns.run_movement, "retreat": pbem_turns.run_retreats,
       "adjustment": pbem_turns.run_adjustments}


@dataclass
class Tally:
    """Times and comparisons over every phase played, by the kind of phase."""

    pbem_s: Counter[str] = field(default_factory=Counter)
    package_s: Counter[str] = field(default_factory=Counter)
    phases: Counter[str] = field(default_factory=Counter)
    differing: list[dict[str, Any]] = field(default_factory=list)


def main(args: Any) -> None:
    """Run the games and print the figures (called by bench.adjudication)."""
    tally = Tally()
    for game in range(args.games):
        play(derive_seed(args.seed, f"diplomacy-{game}"), args.years, args.repeat, tally)
    figures(tally).show(args.json)
    if not args.json:
        for difference in tally.differing:
            case = difference.pop("case")
            print(f"  differs: {difference}\n{case}")


def play(seed: int, years: int, repeat: int, tally: Tally) -> None:
    """One game between the bots, every phase adjudicated by both engines."""
    from diplomacy.engine.game import Game as PackageGame

    state, package, step = _opening(), PackageGame(), 0
    movement: Phase | None = None
    while GAME.outcome(state) is None and state.year < state.board.first_year + years:
        due = GAME.due(state)
        inputs = {s: GAME.random_input(state, s, SeededRng(derive_seed(seed, f"{step}{s}")))
                  for s in due.players}
        theirs, theirs_s = _package_phase(package, (state, inputs), movement, repeat)
        ours, ours_s = _pbem_phase(state, inputs, repeat)
        tally.phases[state.step] += 1
        tally.pbem_s[state.step] += ours_s
        tally.package_s[state.step] += theirs_s
        _compare(tally, state, ours, theirs, inputs)
        if state.step == "movement":
            movement = (state, inputs)
        state = GAME.advance(state, inputs, SeededRng(derive_seed(seed, str(step)))).state
        step += 1


def _fastest(work: Callable[[], Any], repeat: int, before: Callable[[], Any]) -> tuple[Any, float]:
    """The result of `work` and its fastest time over `repeat` runs (`before` untimed)."""
    best, result = float("inf"), None
    for _ in range(max(1, repeat)):
        before()
        started = time.process_time()  # CPU time: waiting for a busy machine's cores is not
        result = work()
        best = min(best, time.process_time() - started)
    return result, best


def _pbem_phase(state: DipState, inputs: dict[str, DipOrders],
                repeat: int) -> tuple[Position, float]:
    """pbem's position right after this one phase, and its fastest time (the copy included)."""
    by_power = {state.powers[s]: list(o.orders) for s, o in inputs.items()}
    run = RUN[state.step]

    def work() -> DipState:
        copy = state.fresh_copy()
        run(copy, by_power, [])
        return copy

    after, seconds = _fastest(work, repeat, lambda: None)
    placed = {f"{u.power.upper()} {u.kind} {u.at.upper()}" for u in after.units}
    if state.step == "movement":
        placed |= {_dislodged(d.power.upper(), f"{d.kind} {d.at.upper()}",
                              [r.upper() for r in d.retreats]) for d in after.dislodged}
    return frozenset(placed), seconds


def _dislodged(power: str, unit: str, retreats: list[str]) -> str:
    """A dislodged unit and where it may retreat: "*AUSTRIA A DEN > KIE" ("> -": nowhere)."""
    return f"*{power} {unit} > {' '.join(sorted(retreats)) or '-'}"


def _package_phase(package: Any, phase: Phase, movement: Phase | None,
                   repeat: int) -> tuple[Position, float]:
    """The package's position after the same phase, and its fastest `process` time. Its
    retreat phase follows its own movement, so that movement is processed again first."""
    state, inputs = phase

    def before() -> None:
        if state.step == "retreat" and movement is not None:
            _set_up(package, *movement)
            package.process()
        _set_up(package, state, inputs)

    _, seconds = _fastest(package.process, repeat, before)
    return _position(package), seconds


def _opening() -> DipState:
    path = campaigns_dir() / "diplomacy" / "standard.toml"
    scenario = GAME.load_scenario(path.read_text(encoding="utf-8"), str(path))
    seats = [Seat(id=f"p{n}", name=f"Player {n}") for n in range(1, 8)]
    # the package takes the DATC's older options, so pbem plays by them too here: like for like
    settings = {"powers": "in-order", "rules": "2000"}
    return GAME.start(Setup(seats=seats, scenario=scenario, settings=settings), SeededRng(1))


def _set_up(package: Any, state: DipState, inputs: dict[str, DipOrders]) -> None:
    """The package given pbem's position and the same orders, in its own order syntax."""
    if state.step != "retreat":  # a retreat phase follows the package's own movement
        package.clear_units()
        package.clear_centers()
        for power in state.board.powers:
            units = [f"{u.kind} {u.at.upper()}" for u in state.units_of(power.key)]
            owned = [p.upper() for p, owner in state.centres.items() if owner == power.key]
            package.set_units(power.key.upper(), units, reset=True)
            package.set_centers(power.key.upper(), owned, reset=True)
        package.set_current_phase(f"{state.season[0].upper()}{state.year}{state.step[0].upper()}")
    for seat, given in inputs.items():
        orders = [package_order(o) for o in given.orders]
        package.set_orders(state.powers[seat].upper(), orders)


def package_order(order: Order) -> str:
    """An order in the package's syntax: A PAR - BUR, A LON - NWY VIA, A PAR B, A MUN D."""
    me = f"{order.unit} {order.at.upper()}"
    if order.kind == "move":
        return f"{me} - {order.to.upper()}" + (" VIA" if order.via else "")
    if order.kind in ("support", "convoy"):
        letter = "S" if order.kind == "support" else "C"
        other = f"{order.of_unit} {order.of.upper()}"
        return f"{me} {letter} {other}" + (f" - {order.to.upper()}" if order.to else "")
    return {"hold": f"{me} H", "retreat": f"{me} R {order.to.upper()}", "build": f"{me} B",
            "disband": f"{me} D", "remove": f"{me} D", "waive": "WAIVE"}[order.kind]


def _position(package: Any) -> Position:
    """The package's units after the phase, each dislodged one with where it may retreat."""
    placed, possible = set(), None
    for power, units in package.get_units().items():
        for unit in units:
            if not unit.startswith("*"):
                placed.add(f"{power} {unit}")
                continue
            possible = possible or package.get_all_possible_orders()
            where = unit[3:]
            orders = possible.get(where, possible.get(where[:3], []))
            retreats = [o.split()[-1] for o in orders if " R " in o]
            placed.add(_dislodged(power, unit[1:], retreats))
    return frozenset(placed)


def _compare(tally: Tally, state: DipState, pbem: Position, package: Position,
             inputs: dict[str, DipOrders]) -> None:
    # A dislodged unit with nowhere to go is disbanded: the package at once (or it asks for a
    # retreat phase of disband only), pbem when the phase ends. The outcome is the same.
    pbem, package = _without_stranded(pbem), _without_stranded(package)
    if pbem == package:
        return
    touched = {province_of(u.split()[2].lower()) for u in pbem ^ package}
    orders = sorted(package_order(o) for given in inputs.values() for o in given.orders
                    if province_of(o.at) in touched or province_of(o.to) in touched)
    tally.differing.append({
        "phase": f"{state.season} {state.year} {state.step}",
        "only_pbem": sorted(pbem - package), "only_package": sorted(package - pbem),
        "orders": orders, "datc": reading(state, inputs, pbem ^ package),
        "case": case_text(state, inputs)})


def _without_stranded(position: Position) -> Position:
    return frozenset(u for u in position if not u.endswith(" > -"))


def reading(state: DipState, inputs: dict[str, DipOrders], differing: Position) -> str:
    """What the DATC says of a difference pbem's rules can explain: a retreat one engine
    allows and the other does not; anything else is left to be read from the case."""
    if not all(u.startswith("*") for u in differing):
        return "unread: settle the case below with the DATC (pbem adjudicate reads it)"
    copy = state.fresh_copy()
    outcome = movement_outcome(copy, {state.powers[s]: list(o.orders) for s, o in inputs.items()})
    said = []
    for unit in sorted(differing):
        for place in unit.split(" > ")[1].split():
            province = place.lower()
            if province in outcome.contested:
                said.append(f"{unit}: {place} was left empty by a standoff; DATC 6.H.6 (no "
                            "retreat to a contested area) supports pbem")
            elif province in outcome.occupied():
                said.append(f"{unit}: {place} is occupied; no retreat there, as pbem says")
    return "; ".join(said) or "unread: settle the case below with the DATC"


def movement_outcome(state: DipState, by_power: dict[str, list[Order]]) -> Any:
    """pbem's full outcome of a movement phase (standoffs included), for reading differences."""
    from pbem.games.diplomacy.board.geography import geography
    from pbem.games.diplomacy.rules import movement

    units = {province_of(u.at): u for u in state.units}
    given = {province_of(o.at): o for orders in by_power.values() for o in orders
             if province_of(o.at) in units}
    return movement.adjudicate(geography(state.board), units, given,
                               fallback=state.rules == "2000")


def case_text(state: DipState, inputs: dict[str, DipOrders]) -> str:
    """The phase as a DATC-format case, for `pbem adjudicate` and for reading it with the DATC
    (the previous movement's results, which a retreat phase needs, are left out)."""
    names = {p.key: p.name for p in state.board.powers}
    lines = [f"CASE {state.season} {state.year} {state.step}",
             f"PRESTATE_SETPHASE {state.season.title()} {state.year}, {state.step.title()}",
             "PRESTATE"]
    lines += [f"    {names[u.power]}: {u.kind} {u.at}" for u in state.units]
    lines += ["PRESTATE_SUPPLYCENTER_OWNERS"]
    lines += [f"    {names[owner]}: A {place}" for place, owner in sorted(state.centres.items())]
    if state.dislodged:
        lines += ["PRESTATE_DISLODGED"]
        lines += [f"    {names[d.power]}: {d.kind} {d.at}" for d in state.dislodged]
    lines += ["ORDERS"]
    lines += [f"    {names[state.powers[seat]]}: {package_order(order)}"
              for seat, given in sorted(inputs.items()) for order in given.orders]
    return "\n".join([*lines, "END"])


def figures(tally: Tally) -> Figures:
    """Phases per second for each engine, their ratio (overall and by kind of phase), and
    how many phases differ."""
    phases = sum(tally.phases.values())
    ours, theirs = sum(tally.pbem_s.values()), sum(tally.package_s.values())
    found: dict[str, Any] = {
        "phases": phases,
        "pbem_phases_per_s": ratio(phases, ours),
        "package_phases_per_s": ratio(phases, theirs),
        "pbem_over_package": ratio(theirs, ours),
    }
    for kind in RUN:
        if tally.phases[kind]:
            found[f"{kind}_phases"] = tally.phases[kind]
            found[f"{kind}_pbem_ms"] = 1000 * tally.pbem_s[kind] / tally.phases[kind]
            found[f"{kind}_package_ms"] = 1000 * tally.package_s[kind] / tally.phases[kind]
            found[f"{kind}_pbem_over_package"] = ratio(tally.package_s[kind], tally.pbem_s[kind])
    found["phases_differing"] = len(tally.differing)
    return Figures("adjudication, Diplomacy: pbem and the diplomacy package", found)

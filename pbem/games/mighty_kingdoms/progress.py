"""How the campaign moves on, as the engine asks: the inputs of the kind the stage takes, the
rules that resolve that stage, and the next turn (the phase and who owes it are phases.py)."""

from __future__ import annotations

from typing import Any

from pbem.core.game import REFEREE, Advance, Event
from pbem.core.rng import SeededRng
from pbem.games.mighty_kingdoms import inputs as kinds
from pbem.games.mighty_kingdoms.battles.kow import default_result
from pbem.games.mighty_kingdoms.setup import (
    resolve_army,
    resolve_capital,
    resolve_placement,
    resolve_race,
)
from pbem.games.mighty_kingdoms.state import MKState
from pbem.games.mighty_kingdoms.summer.month import resolve_month, resume_month
from pbem.games.mighty_kingdoms.winter.season import resolve_winter

STAGE_KINDS = {"race": "race", "capital": "capital", "placement": "placement", "army": "army",
               "summer": "summer", "battle": "battle-result", "winter": "winter"}


def advance(state: MKState, inputs: dict[str, Any], rng: SeededRng) -> Advance:
    """Apply the inputs of the current stage to a copy of `state`."""
    work = state.working_copy()
    typed, ignored = _stage_inputs(state, inputs)
    new, events = _step(work, typed, rng)
    new.turn = state.turn + 1
    return Advance(state=new, events=ignored + events)


def _stage_inputs(state: MKState, inputs: dict[str, Any]) -> tuple[dict[str, Any], list[Event]]:
    """Typed inputs of the kind this stage takes; anything else is left out and reported."""
    wanted = STAGE_KINDS.get(state.stage)
    kept: dict[str, Any] = {}
    ignored: list[Event] = []
    for seat, value in sorted(inputs.items()):
        typed = kinds.input_from_json(value) if isinstance(value, dict) else value
        kind = getattr(typed, "kind", None)
        if kind == wanted and (seat == REFEREE) == (kind == "battle-result"):
            kept[seat] = typed
        elif typed is not None:
            ignored.append(Event(code="mk.input_ignored", data={"seat": seat, "kind": kind},
                                 visible_to=[seat]))
    return kept, ignored


def _step(state: MKState, inputs: dict[str, Any], rng: SeededRng) -> tuple[MKState, list[Event]]:
    steps = {"race": resolve_race, "capital": resolve_capital, "placement": resolve_placement,
             "army": resolve_army, "summer": resolve_month}
    if state.stage in steps:
        return steps[state.stage](state, inputs, rng)  # type: ignore[operator]
    if state.stage == "battle":
        given = inputs.get(REFEREE) or default_result(state)
        return resume_month(state, given, rng)
    if state.stage == "winter":
        return resolve_winter(state, inputs, rng)
    return state, []

"""Preview: adjudicate the open phase from the orders in hand, committing nothing."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session

from pbem.core.game import REFEREE, Advance, Game
from pbem.core.rng import SeededRng
from pbem.errors import Conflict
from pbem.ledger import queries
from pbem.ledger.models import Campaign, Phase
from pbem.services.base.runtime import Runtime
from pbem.services.base.state_diff import diff_states
from pbem.services.base.states import canonical_json, current_state, game_of
from pbem.services.reports.bundle import build


@dataclass
class Preview:
    """What the open phase would produce now."""

    phase: str
    defaults: list[str]
    referee_report: str
    player_report: str | None
    diff: list[str]


def inputs_in_hand(
    session: Session, game: Game, phase: Phase, state: Any
) -> tuple[dict[str, Any], list[str]]:
    """The live inputs of every due seat, defaults standing in for missing ones (nothing stored)."""
    due = game.due(state)
    inputs: dict[str, Any] = {}
    defaults: list[str] = []
    for seat in [*due.players, *due.optional] + ([REFEREE] if due.referee else []):
        live = queries.live_submission(session, phase, seat)
        if live is not None:
            inputs[seat] = game.input_from_json(json.loads(live.orders_json))
        elif seat in due.players:
            inputs[seat] = game.default_input(state, seat)
            defaults.append(seat)
    return inputs, defaults


def preview(rt: Runtime, name: str, who: str | None = None) -> Preview:
    """Run the open phase in memory with its own seed; show the referee's and a player's report."""
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        phase = queries.open_phase(session, campaign)
        if phase is None:
            raise Conflict("turn.E_NO_OPEN_PHASE", campaign=name)
        game, state = game_of(campaign), current_state(session, campaign)
        inputs, defaults = inputs_in_hand(session, game, phase, state)
        advance = game.advance(state, inputs, SeededRng(phase.seed))
        seat = queries.find_player(session, campaign, who).seat if who else None
        return Preview(
            phase=phase.label,
            defaults=defaults,
            referee_report=_report(campaign, REFEREE, phase, advance),
            player_report=_report(campaign, seat, phase, advance) if seat else None,
            diff=diff_states(
                json.loads(canonical_json(state)), json.loads(canonical_json(advance.state))
            ),
        )


def _report(campaign: Campaign, seat: str | None, phase: Phase, advance: Advance) -> str:
    return build(campaign, seat, phase, advance.state, advance.events, None).text

"""Replay: rebuild a campaign from its recorded inputs and seeds, and compare every snapshot."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from sqlmodel import Session

from pbem.core.rng import SeededRng
from pbem.ledger import queries
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import canonical_json, game_of, setup_of
from pbem.services.turns.adjustments import reapply


@dataclass
class ReplayReport:
    """What replay checked, and where it differed."""

    campaign: str
    checked: int = 0
    mismatches: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when every stored snapshot was reproduced byte for byte."""
        return not self.mismatches


def replay(rt: Runtime, name: str) -> ReplayReport:
    """Re-run the opening and every adjudicated phase, comparing each snapshot byte for byte."""
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        game = game_of(campaign)
        report = ReplayReport(campaign=name)
        state = game.start(setup_of(campaign), SeededRng(campaign.start_seed))
        _compare(
            report, "opening", canonical_json(state), queries.snapshot_at(session, campaign, 0)
        )
        for where, adjusted, stored in reapply(session, campaign, game, 0, state):
            state = adjusted
            _compare(report, where, canonical_json(state), stored)
        for phase in queries.done_phases(session, campaign):
            inputs = {
                row.seat: game.input_from_json(json.loads(row.orders_json))
                for row in queries.used_submissions(session, phase)
            }
            state = game.advance(state, inputs, SeededRng(phase.seed)).state
            stored = queries.snapshot_at(session, campaign, phase.seq)
            _compare(report, f"phase {phase.seq} ({phase.key})", canonical_json(state), stored)
            for where, adjusted, after in reapply(session, campaign, game, phase.seq, state):
                state = adjusted
                _compare(report, where, canonical_json(state), after)
        return report


def _compare(report: ReplayReport, where: str, rebuilt: str, stored: object) -> None:
    report.checked += 1
    stored_json = getattr(stored, "state_json", None)
    if stored_json != rebuilt:
        report.mismatches.append(where)

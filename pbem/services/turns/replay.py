"""Replay: rebuild a campaign from its recorded inputs and the seeds its secret gives, and
compare every snapshot."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from sqlmodel import Session

from pbem.core.rng import SeededRng
from pbem.ledger import queries
from pbem.services.base.runtime import Runtime
from pbem.services.base.seeding import expected_start_seed, keyed_phase_seeds
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
        start = expected_start_seed(campaign)
        _compare_seed(report, "the opening's seed", start, campaign.start_seed)
        state = game.start(setup_of(campaign), SeededRng(start))
        _compare(
            report, "opening", canonical_json(state), queries.snapshot_at(session, campaign, 0)
        )
        for where, adjusted, stored in reapply(session, campaign, game, 0, state):
            state = adjusted
            _compare(report, where, canonical_json(state), stored)
        phases = queries.done_phases(session, campaign)
        keyed = keyed_phase_seeds(campaign, max((p.seq for p in phases), default=0))
        for phase in phases:
            inputs = {
                row.seat: game.input_from_json(json.loads(row.orders_json))
                for row in queries.used_submissions(session, phase)
            }
            if keyed is not None and phase.seed not in keyed:
                report.mismatches.append(f"phase {phase.seq}'s seed")
            state = game.advance(state, inputs, SeededRng(phase.seed)).state
            stored = queries.snapshot_at(session, campaign, phase.seq)
            _compare(report, f"phase {phase.seq} ({phase.key})", canonical_json(state), stored)
            for where, adjusted, after in reapply(session, campaign, game, phase.seq, state):
                state = adjusted
                _compare(report, where, canonical_json(state), after)
        return report


def _compare_seed(report: ReplayReport, where: str, derived: int, recorded: int) -> None:
    """The seed the secret gives must be the one the ledger recorded."""
    if derived != recorded:
        report.mismatches.append(where)


def _compare(report: ReplayReport, where: str, rebuilt: str, stored: object) -> None:
    report.checked += 1
    stored_json = getattr(stored, "state_json", None)
    if stored_json != rebuilt:
        report.mismatches.append(where)

"""A campaign as it stands for input: the phase open now, the state and what is due, read once
under the campaign's lock by whatever takes input (a player's mail, the referee, a rollback's
carried orders), and handed down instead of each step reading them again."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlmodel import Session

from pbem.core.game import Due
from pbem.ledger import queries
from pbem.ledger.models import Campaign, Phase
from pbem.services.base.locks import hold_campaign
from pbem.services.base.states import game_of, shared_current_state


@dataclass(frozen=True)
class CampaignNow:
    """One campaign at the moment input reaches it."""

    campaign: Campaign
    phase: Phase | None  # the phase open for input, if any
    state: Any  # the newest state: only read (games never change a state they are given)
    due: Due

    @property
    def takes_input(self) -> bool:
        """A phase is open and the campaign is being played."""
        return self.phase is not None and self.campaign.status == "active"


def read_now(session: Session, campaign: Campaign) -> CampaignNow:
    """The campaign now, read after taking its lock: a phase being adjudicated elsewhere takes
    no late input, which goes to the next phase once that adjudication commits."""
    hold_campaign(session, campaign.id)
    state = shared_current_state(session, campaign)
    phase = queries.open_phase(session, campaign)
    return CampaignNow(campaign, phase, state, game_of(campaign).due(state))

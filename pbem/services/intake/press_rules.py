"""What press a campaign allows (its press settings, docs/settings.md), and the code of why a
PRESS mail asked for press it does not allow."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pbem.ledger.models import Campaign
from pbem.services.base.states import campaign_settings
from pbem.services.intake.press import Addressed

PRESS_OFF = "mail.E_PRESS_OFF"  # gunboat: no press at all
GREY_OFF = "mail.E_PRESS_GREY_OFF"  # PRESS GREY where press always names its sender
WHITE_OFF = "mail.E_PRESS_WHITE_OFF"  # PRESS WHITE where press never names its sender
FAKE_OFF = "mail.E_PRESS_FAKE_OFF"  # PRESS FAKE where fake broadcasts are not allowed


@dataclass(frozen=True)
class PressRules:
    """A campaign's press: allowed at all, private press too, whose name shows, fakes, copies."""

    allowed: bool = True
    partial: bool = True  # press to one player (press_to=anyone), not only PRESS ALL
    style: str = "white"  # white | grey | either
    fake: bool = False
    copy: str = "none"  # none | private | all

    def refusal(self, found: Addressed) -> str:
        """The code of why this press may not go, or "" when it may."""
        if "grey" in found.asked and self.style == "white":
            return GREY_OFF
        if "white" in found.asked and self.style == "grey":
            return WHITE_OFF
        if "fake" in found.asked and not self.fake and not found.to_all:
            return FAKE_OFF
        return ""

    def grey(self, found: Addressed) -> bool:
        """Whether this press goes without its sender's name."""
        return self.style == "grey" or (self.style == "either" and "grey" in found.asked)

    def shown_to_all(self, found: Addressed) -> bool:
        """Whether its recipients read it as press to all players (a broadcast, or a fake)."""
        return found.to_all or "fake" in found.asked

    def copied(self, found: Addressed) -> bool:
        """Whether the referee gets a copy of this press."""
        return self.copy == "all" or (self.copy == "private" and not found.to_all)


def rules_of(campaign: Campaign) -> PressRules:
    """The press a campaign allows, from its settings (a campaign older than a setting has its
    default)."""
    settings: dict[str, Any] = campaign_settings(campaign)
    return PressRules(
        allowed=bool(campaign.allow_press),
        partial=settings.get("press_to", "anyone") != "all",
        style=str(settings.get("press_style", "white")),
        fake=bool(settings.get("press_fake", False)),
        copy=str(settings.get("press_copy", "none")),
    )

"""One campaign's failure in a tick is recorded and never stops the others."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from pbem.errors import PbemError
from pbem.mail.headers import safe_header

E_CAMPAIGN_STEP = "tick.E_CAMPAIGN_STEP"  # a per-campaign step raised; the tick went on
CLAIM_LOST = "turn.claim_lost"  # another run claimed the phase first: a normal outcome

DETAIL_CHARS = 500  # the longest quarantine detail kept

log = logging.getLogger("pbem.tick")
_SPACES = re.compile(r"\s+")


def describe(exc: BaseException) -> str:
    """A short, safe one-line detail for an exception."""
    text = _SPACES.sub(" ", f"{type(exc).__name__}: {exc}")
    return safe_header(text, DETAIL_CHARS)


@dataclass(frozen=True)
class CampaignNote:
    """Something one campaign's step ran into during a tick: a stable code and a short detail."""

    campaign: str
    step: str  # remind | turn
    code: str
    detail: str = ""

    @property
    def failed(self) -> bool:
        """True for a failure the referee should look at; a lost claim is not one."""
        return self.code != CLAIM_LOST

    def line(self) -> str:
        """One line for the referee."""
        return f"{self.campaign} ({self.step}): {self.code} {self.detail}".rstrip()


@contextmanager
def guarded(notes: list[CampaignNote] | None, campaign: str, step: str) -> Iterator[None]:
    """Record an exception from one campaign's step in `notes` and go on (None: let it raise)."""
    if notes is None:
        yield
        return
    try:
        yield
    except Exception as exc:
        note_failure(notes, campaign, step, exc)


def note_failure(notes: list[CampaignNote], campaign: str, step: str, exc: Exception) -> None:
    """Log the exception being handled and record it against one campaign's step."""
    detail = exc.code if isinstance(exc, PbemError) else describe(exc)
    log.exception("campaign %s failed in step %s", campaign, step)
    notes.append(CampaignNote(campaign, step, E_CAMPAIGN_STEP, detail))

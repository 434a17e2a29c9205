"""A tick's time budget: work stops being started once it is spent, and resumes next tick."""

from __future__ import annotations

import time
from dataclasses import dataclass, field


@dataclass
class TimeBudget:
    """How long one pass may keep starting adjudications and sends (monotonic seconds)."""

    seconds: float
    started: float = field(default_factory=time.monotonic)

    def spent(self) -> bool:
        """True once the pass has used its time; what is left waits for the next tick."""
        return time.monotonic() - self.started >= self.seconds

    def left(self) -> float:
        """Seconds still to spend (never below 0)."""
        return max(0.0, self.seconds - (time.monotonic() - self.started))


UNLIMITED = TimeBudget(float("inf"))

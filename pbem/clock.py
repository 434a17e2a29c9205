"""Time, passed in so that tests can set it: aware UTC datetimes everywhere."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from typing import Protocol


class Clock(Protocol):
    """Something that says what time it is."""

    def now(self) -> datetime:
        """The current time, aware, in UTC."""
        ...


class SystemClock:
    """The real clock, which `PBEM_NOW` (ISO 8601) can pin for demos and tests."""

    def now(self) -> datetime:
        """The current time, aware, in UTC."""
        pinned = os.environ.get("PBEM_NOW")
        if pinned:
            return datetime.fromisoformat(pinned).astimezone(UTC)
        return datetime.now(UTC)


class FixedClock:
    """A clock that stands still until moved."""

    def __init__(self, at: datetime) -> None:
        self.at = at

    def now(self) -> datetime:
        """The time it was set to."""
        return self.at

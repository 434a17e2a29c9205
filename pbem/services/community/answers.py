"""What the desk answers, and to whom: plain values every desk module shares."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Who:
    """The sender of a community mail: the From address (lower-case) and a display name."""

    address: str
    name: str


@dataclass(frozen=True)
class Answer:
    """What the desk answers: a stable code and what its wording or template needs."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def refused(self) -> bool:
        """True for a refusal (a code with E_)."""
        return ".E_" in self.code

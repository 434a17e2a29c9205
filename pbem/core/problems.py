"""Line-numbered problems found while reading orders, with stable codes."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Severity = Literal["error", "warning"]


class Problem(BaseModel):
    """One problem in a player's text: where, which stable code, and its parameters.

    `kind` follows godip's split: `invalid` means not understood, `illegal`
    means understood but not allowed by the rules in this state.
    """

    model_config = ConfigDict(frozen=True)

    line: int
    code: str
    kind: Literal["invalid", "illegal"] = "invalid"
    severity: Severity = "error"
    params: dict[str, str] = Field(default_factory=dict)
    suggestion: str | None = None


def did_you_mean(word: str, choices: Iterable[str], cutoff: float = 0.7) -> str | None:
    """Return the closest known word to a misspelling, or None."""
    matches = difflib.get_close_matches(
        word.lower(), [c.lower() for c in choices], n=1, cutoff=cutoff
    )
    return matches[0] if matches else None


def strip_comment(line: str) -> str:
    """Drop a `#` or `//` comment and surrounding blanks from an order line."""
    for marker in ("#", "//"):
        cut = line.find(marker)
        if cut >= 0:
            line = line[:cut]
    return line.strip()

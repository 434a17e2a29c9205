"""The exception an order reader raises for a problem on one line."""

from __future__ import annotations

from typing import Literal

Kind = Literal["invalid", "illegal"]


class LineError(Exception):
    """A problem on one order line: a stable code, its kind, a suggestion and parameters."""

    def __init__(self, code: str, kind: Kind = "invalid", suggestion: str | None = None,
                 **params: str) -> None:
        super().__init__(code)
        self.code, self.kind, self.suggestion, self.params = code, kind, suggestion, params

"""The exception a rules check raises when an order is understood but not allowed."""

from __future__ import annotations


class Refused(Exception):
    """An illegal order: a stable problem code and its parameters."""

    def __init__(self, code: str, **params: str) -> None:
        super().__init__(code)
        self.code, self.params = code, params

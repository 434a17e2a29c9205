"""What an order kind's rules ask of the phase's resolver: the table, other orders' decisions,
given supports and convoy routes. The resolver (resolver.py) provides it; the order kinds
(hold, move, support, convoy) read only this, so they never import the resolver back."""

from __future__ import annotations

from typing import Protocol

from pbem.games.diplomacy.rules.table import Table


class Decisions(Protocol):
    """The decisions of one phase, as the order kinds' rules ask for them."""

    table: Table

    def resolve(self, order: str) -> bool:
        """The decision of the order of the unit in `order` (a province)."""
        ...

    def path(self, army: str) -> bool:
        """Whether a convoyed army has a chain of fleets that stay to its destination."""
        ...

    def supports(self, helped: list[str] | None, but_not: str | None = None) -> int:
        """How many of these supports are given, leaving out `but_not`'s power's."""
        ...

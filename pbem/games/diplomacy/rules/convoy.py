"""Convoy orders: a convoying fleet helps only while it stays; a convoyed army needs a chain
of such fleets from its province to its destination (DATC 6.F, 6.G)."""

from __future__ import annotations

from pbem.games.diplomacy.rules import hold
from pbem.games.diplomacy.rules.decisions import Decisions
from pbem.games.diplomacy.rules.table import Table, chain_exists


def stays(r: Decisions, fleet: str) -> bool:
    """A convoying fleet's decision: it is not dislodged."""
    return hold.dislodged_by(r, fleet) is None


def linked(table: Table, army: str, fleets: set[str]) -> bool:
    """Whether `fleets` link the army's province to its destination."""
    return chain_exists(table.geo, army, table.dest[army], fleets)

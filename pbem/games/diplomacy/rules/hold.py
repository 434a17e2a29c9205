"""Units that stay where they are: hold strength (DATC 5.B), the same for every order but a
move (a unit that supports or convoys also holds its province)."""

from __future__ import annotations

from pbem.games.diplomacy.rules.decisions import Decisions


def strength(r: Decisions, province: str) -> int:
    """Nothing for an empty province or a unit that moves out; 1 for one whose move failed;
    else 1 plus its given supports to hold."""
    table = r.table
    if province not in table.pieces:
        return 0
    if province in table.dest:
        return 0 if r.resolve(province) else 1
    return 1 + r.supports(table.hold_support.get(province))


def dislodged_by(r: Decisions, province: str) -> str | None:
    """The mover that takes the province of a unit that stays, if one does."""
    for mover in r.table.attackers.get(province, ()):
        if r.resolve(mover):
            return mover
    return None

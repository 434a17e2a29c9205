"""Move orders: attack, defend and prevent strength, and whether a move succeeds (DATC 5.B).

`r` is the phase's decisions (the resolver); `mover` the province of the moving unit.
"""

from __future__ import annotations

from pbem.games.diplomacy.rules import hold
from pbem.games.diplomacy.rules.decisions import Decisions


def succeeds(r: Decisions, mover: str) -> bool:
    """A move succeeds when its attack beats what holds the destination (or the unit it meets
    head to head) and every other move into the same province."""
    attack = attack_strength(r, mover)
    if attack == 0:
        return False
    table = r.table
    there = table.dest[mover]
    opponent = table.opposing(mover)
    if opponent is not None:
        if attack <= defend_strength(r, opponent):
            return False
    elif attack <= hold.strength(r, there):
        return False
    for rival in table.attackers[there]:
        if rival != mover and attack <= prevent_strength(r, rival):
            return False
    return True


def attack_strength(r: Decisions, mover: str) -> int:
    """1 plus its given supports; nothing without a convoy route; nothing against its own
    power's unit that stays; supports of the defender's own power do not count against it."""
    table = r.table
    if mover in table.convoyed and not r.path(mover):
        return 0
    there = table.dest[mover]
    occupant = table.pieces.get(there)
    helped = table.move_support.get(mover)
    if occupant is None or _leaves(r, mover, there):
        return 1 + r.supports(helped)
    if occupant.power == table.pieces[mover].power:
        return 0
    return 1 + r.supports(helped, but_not=occupant.power)


def _leaves(r: Decisions, mover: str, there: str) -> bool:
    """Whether the unit in the destination moves out (not head to head) and succeeds."""
    table = r.table
    return there in table.dest and table.opposing(mover) is None and r.resolve(there)


def defend_strength(r: Decisions, mover: str) -> int:
    """What a move brings to a head-to-head battle: 1 plus its given supports."""
    return 1 + r.supports(r.table.move_support.get(mover))


def prevent_strength(r: Decisions, mover: str) -> int:
    """What a move brings against others into the same province: nothing without a route,
    nothing once it has lost its own head-to-head battle."""
    table = r.table
    if mover in table.convoyed and not r.path(mover):
        return 0
    opponent = table.opposing(mover)
    if opponent is not None and r.resolve(opponent):
        return 0
    return 1 + r.supports(table.move_support.get(mover))

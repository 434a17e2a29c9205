"""Support orders: whether a support is given or cut (DATC 5.B; cutting, 6.D).

A support is cut by any move into the supporter's province from another power, unless the
move comes from the province the support is aimed at, or comes by convoy and has no route;
it is also cut when the supporter is dislodged.
"""

from __future__ import annotations

from pbem.games.diplomacy.rules.decisions import Decisions


def given(r: Decisions, supporter: str) -> bool:
    """True while the support stands; a support that matches no order is never given."""
    table = r.table
    if supporter not in table.supporting:
        return False
    power = table.pieces[supporter].power
    target = table.support_target.get(supporter)
    for attacker in table.attackers.get(supporter, ()):
        if table.pieces[attacker].power == power or attacker == target:
            continue
        if attacker in table.convoyed and not r.path(attacker):
            continue
        return False
    # dislodged by the very unit whose province it supported an attack on
    return not (target is not None and table.dest.get(target) == supporter
                and table.pieces[target].power != power and r.resolve(target))


def cutters(r: Decisions, supporter: str) -> list[str]:
    """The moves that cut this support (for the report), once everything is decided."""
    table = r.table
    power = table.pieces[supporter].power
    target = table.support_target.get(supporter)
    found = []
    for attacker in table.attackers.get(supporter, ()):
        if table.pieces[attacker].power == power:
            continue
        if attacker in table.convoyed and not r.path(attacker):
            continue
        if attacker != target or r.resolve(attacker):
            found.append(attacker)
    return found

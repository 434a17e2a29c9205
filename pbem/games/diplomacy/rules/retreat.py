"""Retreat phases: each dislodged unit retreats to one of its free neighbours or disbands;
two or more retreating to the same province all disband (DATC 6.H)."""

from __future__ import annotations

from dataclasses import dataclass

from pbem.games.diplomacy.content import province_of
from pbem.games.diplomacy.inputs import Order
from pbem.games.diplomacy.state import Dislodged


@dataclass
class RetreatVerdict:
    """What became of one dislodged unit: retreated, bounced (and disbanded) or disbanded."""

    unit: Dislodged
    result: str
    to: str = ""
    ordered: bool = False


def adjudicate(dislodged: list[Dislodged], orders: dict[str, Order]) -> list[RetreatVerdict]:
    """Resolve the retreats; `orders` by the province each unit was dislodged from."""
    wanted: dict[str, str] = {}
    for unit in dislodged:
        order = orders.get(province_of(unit.at))
        if order is not None and order.kind == "retreat" and order.to in unit.retreats:
            wanted[unit.at] = order.to
    crowd: dict[str, int] = {}
    for to in wanted.values():
        crowd[province_of(to)] = crowd.get(province_of(to), 0) + 1
    verdicts = []
    for unit in dislodged:
        ordered = province_of(unit.at) in orders
        to = wanted.get(unit.at, "")
        if not to:
            verdicts.append(RetreatVerdict(unit, "disbanded", ordered=ordered))
        elif crowd[province_of(to)] > 1:
            verdicts.append(RetreatVerdict(unit, "bounced", to, ordered=True))
        else:
            verdicts.append(RetreatVerdict(unit, "retreated", to, ordered=True))
    return verdicts

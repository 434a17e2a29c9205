"""Winter orders: the typed model, the parser, the canonical text and the defaults.

One line per entry, keywords case-insensitive, `#` or `//` comments:

    tithe p2 gold 1 food 1        a gift (each 0 or 1) to another seat, once per seat
    build village C4              build or upgrade: village, city, fortress, capital
    upgrade C5 to city            the same as `build city C5`
    recruit C6                    a new army at a fortress; in kow mode its list follows:
    unit Ironguard strength 2 points 140 type infantry
    unit Thane strength 0 points 90 type hero hero item Blade of Dawn
    disband 4                     remove an army (frees a slot under the army cap)
    unfed 4 2                     armies to remove first if food is short
    recall C5                     city or village to gather in when there is no capital
    deploy 3 to C5                where an army goes at the end of winter
    quest D7 hero 3.Thane         advanced: send a hero of army 3 to the tower at D7
    equip 3.Thane with Blade      advanced: give an artefact to a unit when deploying
    pass                          nothing (an empty email means the same)
"""

from __future__ import annotations

from pbem.core.game import ParseResult
from pbem.games.mighty_kingdoms.state import MKState
from pbem.games.mighty_kingdoms.winter.parse import parse_winter_text
from pbem.games.mighty_kingdoms.winter.text import (
    deploy_line,
    equip_line,
    purchase_lines,
    quest_line,
    recall_line,
    tithe_line,
    unfed_line,
)
from pbem.games.mighty_kingdoms.winter_inputs import (
    Deployment,
    Equip,
    Purchase,
    Quest,
    Tithe,
    WinterOrders,
)

__all__ = [
    "Deployment",
    "Equip",
    "Purchase",
    "Quest",
    "Tithe",
    "WinterOrders",
    "canonical_winter",
    "default_winter",
    "parse_winter",
]


def parse_winter(state: MKState, seat: str, text: str) -> ParseResult:
    """Read a player's winter email into WinterOrders and line-numbered problems."""
    return parse_winter_text(state, seat, text)


def canonical_winter(state: MKState, seat: str, orders: WinterOrders) -> str:
    """The one canonical text of a player's winter orders (parse(canonical(o)) == o)."""
    lines = [tithe_line(t) for t in orders.tithes]
    for purchase in orders.purchases:
        lines += purchase_lines(purchase)
    if orders.unfed:
        lines.append(unfed_line(orders.unfed))
    if orders.recall:
        lines.append(recall_line(orders.recall))
    lines += [deploy_line(d) for d in orders.deploy]
    lines += [quest_line(q) for q in orders.quests]
    lines += [equip_line(e) for e in orders.equip]
    return "\n".join(lines) if lines else "pass"


def default_winter(state: MKState, seat: str) -> WinterOrders:
    """The rulings' defaults: no tithes, no purchases, default feeding and deployment."""
    return WinterOrders(defaulted=True)

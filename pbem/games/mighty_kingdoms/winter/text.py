"""The one canonical text line for each kind of winter order entry."""

from __future__ import annotations

from pbem.games.mighty_kingdoms.armies.unit_lines import unit_line
from pbem.games.mighty_kingdoms.winter_inputs import Deployment, Equip, Purchase, Quest, Tithe

__all__ = ["deploy_line", "equip_line", "purchase_lines", "quest_line", "recall_line",
           "tithe_line", "unfed_line", "unit_line"]


def tithe_line(tithe: Tithe) -> str:
    """E.g. `tithe p2 gold 1 food 0`."""
    return f"tithe {tithe.to} gold {tithe.gold} food {tithe.food}"


def purchase_lines(purchase: Purchase) -> list[str]:
    """`build city C5`, `disband 4`, or `recruit C6` followed by its unit lines."""
    if purchase.action == "build":
        return [f"build {purchase.target} {purchase.tile}"]
    if purchase.action == "disband":
        return [f"disband {purchase.army}"]
    head = f"recruit {purchase.tile}" + (" allied" if purchase.allied else "")
    return [head, *(unit_line(u) for u in purchase.units)]


def unfed_line(armies: list[str]) -> str:
    """E.g. `unfed 4 2`."""
    return "unfed " + " ".join(armies)


def recall_line(tile: str) -> str:
    """E.g. `recall C5`."""
    return f"recall {tile}"


def deploy_line(deployment: Deployment) -> str:
    """E.g. `deploy 3 to C5`."""
    return f"deploy {deployment.army} to {deployment.tile}"


def quest_line(quest: Quest) -> str:
    """E.g. `quest D7 hero 3.Dwarf King`."""
    return f"quest {quest.tower} hero {quest.army}.{quest.hero}"


def equip_line(equip: Equip) -> str:
    """E.g. `equip 3.Dwarf King with Blade of Dawn`."""
    return f"equip {equip.army}.{equip.unit} with {equip.artefact}"

"""The rulebook's tables as data: unit types, auto-kills, immunities, abilities and the deck."""

from __future__ import annotations

from typing import Literal, NamedTuple

Terrain = Literal[
    "clear", "rough", "hill", "impassable", "wood", "steep-hill", "bua", "fortified-bua"
]
BASE_TERRAINS: tuple[Terrain, ...] = ("clear", "rough", "hill", "impassable")
GERMAN_TERRAINS: tuple[Terrain, ...] = ("wood", "steep-hill", "bua", "fortified-bua")
TERRAINS: tuple[Terrain, ...] = BASE_TERRAINS + GERMAN_TERRAINS


class UnitType(NamedTuple):
    """One row of the unit type table: move limit and attack range."""

    move: int
    range: int


UNITS: dict[str, UnitType] = {
    "camp": UnitType(0, 1),
    "general": UnitType(3, 1),
    "auxilia": UnitType(3, 1),
    "warband": UnitType(2, 1),
    "blades": UnitType(2, 1),
    "spears": UnitType(2, 1),
    "pikes": UnitType(1, 1),
    "cavalry": UnitType(4, 1),
    "knights": UnitType(3, 1),
    "psiloi": UnitType(3, 2),
    "light-horse": UnitType(5, 2),
    "bows": UnitType(2, 2),
    "elephants": UnitType(3, 1),
    "artillery": UnitType(1, 4),
    "war-wagons": UnitType(2, 2),
    "scythed-chariots": UnitType(4, 1),
    "horde": UnitType(2, 1),  # German house rules only
}

# The table's shared rows: Heavy Chariots fight as Knights, Light Chariots as Light Horse.
ALIASES = {
    "heavy-chariots": "knights",
    "light-chariots": "light-horse",
    "lighthorse": "light-horse",
    "warwagons": "war-wagons",
    "scythed": "scythed-chariots",
    "elephant": "elephants",
    "bow": "bows",
    "spear": "spears",
    "pike": "pikes",
    "blade": "blades",
    "knight": "knights",
}

FIELD_TYPES = tuple(t for t in UNITS if t not in ("camp", "general", "horde"))
MISSILE = frozenset({"psiloi", "light-horse", "bows", "artillery", "war-wagons"})

AUTO_KILLS: dict[str, frozenset[str]] = {
    "auxilia": frozenset({"elephants", "bows", "psiloi"}),
    "warband": frozenset({"blades", "pikes", "artillery", "bows", "spears"}),
    "blades": frozenset({"bows", "auxilia"}),
    "spears": frozenset({"bows", "auxilia", "pikes", "cavalry"}),
    "pikes": frozenset({"blades", "auxilia", "cavalry"}),
    "cavalry": frozenset(
        {"psiloi", "blades", "bows", "light-horse", "artillery", "auxilia", "warband"}
    ),
    "knights": frozenset(
        {"auxilia", "spears", "pikes", "psiloi", "warband", "cavalry", "light-horse"}
    ),
    "psiloi": frozenset({"elephants", "psiloi"}),
    "light-horse": frozenset({"elephants", "knights", "psiloi", "artillery"}),
    "bows": frozenset({"knights", "cavalry", "light-horse", "psiloi", "pikes", "warband"}),
    "artillery": frozenset({"elephants", "war-wagons", "scythed-chariots"}),
    "war-wagons": frozenset({"cavalry", "knights", "light-horse", "scythed-chariots"}),
    "scythed-chariots": frozenset({"knights", "blades", "warband", "light-horse", "auxilia"}),
    "elephants": frozenset({"knights", "war-wagons", "warband", "light-horse", "scythed-chariots"}),
}

IMMUNE_TO: dict[str, frozenset[str]] = {
    "blades": frozenset({"bows", "artillery"}),
    "spears": frozenset({"bows", "artillery"}),
    "artillery": frozenset({"bows"}),
    "war-wagons": frozenset({"scythed-chariots"}),
}
# Psiloi and Light Horse are immune to everything that cannot auto-kill them.
IMMUNE_UNLESS_KILLER = frozenset({"psiloi", "light-horse"})

AbilityUse = Literal["attack", "defence", "move", "special"]
ABILITIES: dict[str, tuple[str, frozenset[AbilityUse]]] = {
    "general": ("Rally", frozenset({"defence"})),
    "auxilia": ("Open Formation", frozenset({"attack", "defence"})),
    "warband": ("Berserker Frenzy", frozenset({"attack"})),
    "blades": ("Shield Wall", frozenset({"defence"})),
    "spears": ("Throw Spears", frozenset({"attack"})),
    "pikes": ("Receive Charge", frozenset({"attack", "defence"})),
    "cavalry": ("Bows", frozenset({"attack"})),
    "knights": ("Dismount", frozenset({"special"})),
    "psiloi": ("Run", frozenset({"attack", "move"})),
    "light-horse": ("Wheel About", frozenset({"attack", "move"})),
    "bows": ("Indirect Fire", frozenset({"attack"})),
    "artillery": ("Indirect Fire", frozenset({"attack"})),
    "elephants": ("Trample", frozenset({"attack"})),
    "war-wagons": ("Strong Defense", frozenset({"defence"})),
    "scythed-chariots": ("Open Ground", frozenset({"attack"})),
}

CardType = Literal["move", "attack", "defence", "both", "special", "scout"]


class CardKind(NamedTuple):
    """One row of the card list: its count in the deck, type, and move values if any."""

    title: str
    copies: int
    type: CardType
    low: int = 0  # a move card's smallest value (Quick: 0, a knight's move)
    high: int = 0  # its largest value


CARDS: dict[str, CardKind] = {
    "trod": CardKind("Trod", 5, "move", 1, 1),
    "march": CardKind("March", 5, "move", 2, 2),
    "fast-pace": CardKind("Fast Pace", 5, "move", 3, 3),
    "gallop": CardKind("Gallop", 5, "move", 4, 5),
    "quick": CardKind("Quick", 5, "move", 3, 0),  # a knight's move; needs a Move of 3+
    "attack": CardKind("Attack", 5, "attack"),
    "supported": CardKind("Supported Attack", 5, "attack"),
    "outflank": CardKind("Outflank", 5, "attack"),
    "elite": CardKind("Elite", 5, "both"),
    "push": CardKind("Push", 5, "defence"),
    "recoil": CardKind("Recoil", 5, "defence"),
    "reinforced": CardKind("Reinforced", 5, "defence"),
    "rally": CardKind("Rally", 5, "defence"),
    "rough": CardKind("Rough Ground", 5, "defence"),
    "special": CardKind("Special Ability", 8, "special"),
    "scout": CardKind("Scout", 2, "scout"),
}
CARD_ALIASES = {
    "fast": "fast-pace",
    "fastpace": "fast-pace",
    "supported-attack": "supported",
    "rough-ground": "rough",
    "special-ability": "special",
    "ability": "special",
}

ATTACK_CARDS = ("attack", "supported", "outflank", "elite", "special")
DEFENCE_CARDS = ("push", "recoil", "reinforced", "rally", "rough", "elite", "special")
MOVE_CARDS = ("trod", "march", "fast-pace", "gallop", "quick")
TRIGGER = "dba.attack"  # the reaction window of an attack; players write "on attack …"
HAND_LIMIT = 5
DRAW = 3
VICTORY_POINTS = 8


def deck_ids() -> list[str]:
    """Every card in the deck as a unique id, e.g. 'march#3', in the card list's order."""
    return [f"{key}#{n}" for key, kind in CARDS.items() for n in range(1, kind.copies + 1)]


def card_key(card_id: str) -> str:
    """The card kind of a card id ('march#3' -> 'march')."""
    return card_id.split("#", 1)[0]


def unit_type(word: str) -> str | None:
    """The unit type a player's word names (aliases allowed), or None."""
    key = word.strip().lower().replace("_", "-").replace(" ", "-")
    key = ALIASES.get(key, key)
    return key if key in UNITS else None


def card_name(word: str) -> str | None:
    """The card kind a player's word names, or None."""
    key = word.strip().lower().replace("_", "-")
    key = CARD_ALIASES.get(key, key)
    return key if key in CARDS else None


def auto_kills(attacker: str, target: str, horde_rules: bool = False) -> bool:
    """True when `attacker` kills `target` without a card (the automatic kill table)."""
    if horde_rules and target == "horde":
        return False
    return target in AUTO_KILLS.get(attacker, frozenset())


def immune(target: str, attacker: str) -> bool:
    """True when `target` is immune to `attacker` (the immunity table): it recoils instead."""
    if target in IMMUNE_UNLESS_KILLER:
        return not auto_kills(attacker, target)
    return attacker in IMMUNE_TO.get(target, frozenset())


def loss_value(unit: str) -> int:
    """How many units a loss counts towards victory: the Camp counts as 2."""
    return 2 if unit == "camp" else 1

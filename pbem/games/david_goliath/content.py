"""The David and Goliath deck as data: every card with its count, users and effect."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, Field

Role = Literal["david", "goliath"]
ROLES: tuple[Role, Role] = ("david", "goliath")
KNIGHT = 0  # a range or move of K: a knight's jump, as in chess

SWORD_TYPES = ("thrust", "slash", "chop")
STONE_TYPES = ("fast", "curved", "sinker")
ALL_TYPES = (*SWORD_TYPES, "ts", *STONE_TYPES)


class Card(BaseModel):
    """One card of the deck: `kind` says which rule uses it, the other fields how."""

    slug: str
    name: str
    count: int
    users: tuple[Role, ...]
    kind: Literal["ranged", "stone", "sword", "move", "defence", "negate", "event", "bigger"]
    distance: tuple[int, ...] = ()  # move or range in squares; KNIGHT for a knight's jump
    lines: tuple[str, ...] = ()  # "orthogonal" and/or "diagonal"
    type: str = ""  # sword or stone type
    blocks: tuple[str, ...] = ()  # attack types a defence stops
    draw: int = 0  # event: cards drawn
    keep: int = 0  # event: cards kept of those drawn (0: all)
    discard: int = 0  # event: cards then discarded from the whole hand, any the player names
    aliases: tuple[str, ...] = Field(default_factory=tuple)


BOTH: tuple[Role, ...] = ("david", "goliath")
D: tuple[Role, ...] = ("david",)
G: tuple[Role, ...] = ("goliath",)
ORTH, DIAG, ANY = ("orthogonal",), ("diagonal",), ("orthogonal", "diagonal")
SWORD_ALL = SWORD_TYPES
THRUST_ETC = ("thrust", "chop", "ts")


def _ranged(slug: str, name: str, count: int, distance: int, word: str) -> Card:
    aliases = (f"sling-{word}", f"throw-{word}", word)
    return Card(
        slug=slug,
        name=name,
        count=count,
        users=BOTH,
        kind="ranged",
        distance=(distance,),
        lines=ANY,
        aliases=aliases,
    )


def _sword(slug: str, name: str, lines: tuple[str, ...], kind: str) -> Card:
    return Card(slug=slug, name=name, count=2, users=G, kind="sword", lines=lines, type=kind)


def _move(
    slug: str, name: str, count: int, users: tuple[Role, ...], d: int, lines: tuple[str, ...]
) -> Card:
    return Card(
        slug=slug, name=name, count=count, users=users, kind="move", distance=(d,), lines=lines
    )


def _defence(
    slug: str, name: str, count: int, users: tuple[Role, ...], blocks: tuple[str, ...]
) -> Card:
    return Card(slug=slug, name=name, count=count, users=users, kind="defence", blocks=blocks)


def _event(
    slug: str, name: str, users: tuple[Role, ...], draw: int, keep: int = 0, discard: int = 0
) -> Card:
    return Card(
        slug=slug,
        name=name,
        count=1,
        users=users,
        kind="event",
        draw=draw,
        keep=keep,
        discard=discard,
    )


CARDS: tuple[Card, ...] = (
    _ranged("sling-throw-close", "Sling/Throw Close", 3, 2, "close"),
    _ranged("sling-throw-short", "Sling/Throw Short", 3, 3, "short"),
    _ranged("sling-throw-medium", "Sling/Throw Medium", 2, 4, "medium"),
    _ranged("sling-throw-long", "Sling/Throw Long", 2, KNIGHT, "long"),
    _ranged("sling-throw-far", "Sling/Throw Far", 2, 5, "far"),
    Card(slug="stone-fast", name="Stone Fast", count=4, users=D, kind="stone", type="fast"),
    Card(slug="stone-curved", name="Stone Curved", count=4, users=D, kind="stone", type="curved"),
    Card(slug="stone-sinker", name="Stone Sinker", count=4, users=D, kind="stone", type="sinker"),
    _sword("sword-thrust", "Sword Thrust", ORTH, "thrust"),
    _sword("sword-lunge-thrust", "Sword Lunge Thrust", DIAG, "thrust"),
    _sword("sword-slash", "Sword Slash", ORTH, "slash"),
    _sword("sword-hack-slash", "Sword Hack & Slash", DIAG, "slash"),
    _sword("sword-chop", "Sword Chop", ORTH, "chop"),
    _sword("sword-overhead-chop", "Sword Overhead Chop", DIAG, "chop"),
    _move("walk", "Walk", 4, BOTH, 1, ORTH),
    _move("step", "Step", 4, BOTH, 1, DIAG),
    _move("jog", "Jog", 3, BOTH, 2, ORTH),
    _move("trot", "Trot", 3, BOTH, 2, DIAG),
    _move("run", "Run", 3, BOTH, 3, ORTH),
    _move("swift", "Swift", 3, BOTH, 3, DIAG),
    _move("fleet", "Fleet", 2, D, KNIGHT, ORTH),
    _move("chase", "Chase", 2, BOTH, 5, ORTH),
    _move("sprint", "Sprint", 2, BOTH, 5, DIAG),
    _defence("shield", "Shield", 4, G, ("fast", "sinker")),
    _defence("block", "Block", 4, G, ("curved", "sinker")),
    _defence("guard", "Guard", 4, G, ("fast", "curved")),
    _defence("dodge", "Dodge", 4, D, THRUST_ETC),
    _defence("jump-back", "Jump Back", 4, D, ("thrust", "slash")),
    _defence("duck", "Duck", 4, D, ("slash", "chop", "ts")),
    Card(slug="trip", name="Trip", count=1, users=BOTH, kind="negate"),
    Card(slug="fall", name="Fall", count=1, users=BOTH, kind="negate"),
    _event("gods-of-the-philistines", "Gods of The Philistines", G, 2),
    _event("god-of-the-israelites", "God of the Israelites", D, 2),
    _event("future-king", "Future King", D, 3),
    _event("pagan-warrior", "Pagan Warrior", G, 3),
    _defence("armor", "Armor", 1, G, ALL_TYPES),
    _defence("staff-parry", "Staff Parry", 1, D, SWORD_ALL),
    _event("champion-of-yahweh", "Champion of Yahweh", D, 4),
    _event("champion-of-dagon", "Champion of Dagon", G, 4),
    _event("single-combat", "Single Combat", BOTH, 0),
    _event("divine-aid", "Divine Aid", D, 7, discard=6),  # "Draw 7 cards and discard 6"
    _event("challenge", "Challenge", G, 3, keep=2),
    _defence("wounded", "Wounded", 2, BOTH, ALL_TYPES),
    Card(
        slug="four-cubits",
        name="Four Cubits & a Span",
        count=1,
        users=G,
        kind="move",
        distance=(1, 2),
        lines=ORTH,
        aliases=("four-cubits-a-span", "four-cubits-and-a-span"),
    ),
    Card(
        slug="bigger",
        name="The Bigger They are…",
        count=1,
        users=D,
        kind="bigger",
        distance=(3,),
        lines=ANY,
        type="fast",
        aliases=("the-bigger-they-are", "bigger-they-are"),
    ),
)

BY_SLUG: dict[str, Card] = {c.slug: c for c in CARDS}


def slugify(text: str) -> str:
    """A card name as written by a player, reduced to lower-case words joined by hyphens."""
    words = re.sub(r"&|\band\b|\ba\b(?=\s+span)", " ", text.lower())
    return "-".join(re.findall(r"[a-z0-9]+", words))


def _lookup() -> dict[str, str]:
    table: dict[str, str] = {}
    for card in CARDS:
        for name in (card.slug, slugify(card.name), *card.aliases):
            table.setdefault(slugify(name), card.slug)
    return table


LOOKUP = _lookup()


def card_named(text: str) -> Card | None:
    """The card a player means by `text` ('Jump Back', 'jump-back', 'throw far'), or None."""
    slug = LOOKUP.get(slugify(text))
    return BY_SLUG[slug] if slug else None


def card_of(card_id: str) -> Card:
    """The card behind an instance id such as 'dodge.3'."""
    card = BY_ID.get(card_id)
    return card if card is not None else BY_SLUG[card_id.rsplit(".", 1)[0]]


def full_deck() -> list[str]:
    """Every card instance, in list order: 'walk.1' … 'walk.4', …"""
    return list(FULL_DECK)


FULL_DECK: tuple[str, ...] = tuple(f"{c.slug}.{n}" for c in CARDS for n in range(1, c.count + 1))
BY_ID: dict[str, Card] = {card_id: BY_SLUG[card_id.rsplit(".", 1)[0]] for card_id in FULL_DECK}
SLUG_OF: dict[str, str] = {card_id: card.slug for card_id, card in BY_ID.items()}


def usable_by(card: Card, role: Role) -> bool:
    """True when `role` may play `card` (D, G or B in the rulebook's list)."""
    return role in card.users

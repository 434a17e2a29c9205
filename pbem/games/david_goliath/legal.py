"""What a player may legally do now: moves, attacks, events, defences and negates."""

from __future__ import annotations

from pydantic import BaseModel

from pbem.games.david_goliath.content import (
    BY_SLUG,
    KNIGHT,
    SLUG_OF,
    Card,
    Role,
    card_of,
    usable_by,
)
from pbem.games.david_goliath.squares import (
    directions,
    knight_apart,
    knight_jumps,
    line_between,
    ray,
)
from pbem.games.david_goliath.state import DGState


class MovePlan(BaseModel):
    """A legal move: the card, where it ends and the squares it enters on the way."""

    card: str
    dest: str
    path: list[str]


class AttackPlan(BaseModel):
    """A legal attack: the cards it discards, its kind and its type."""

    cards: list[str]
    attack: str  # sword, spear, thrown-spear, sling
    type: str


def other(role: Role) -> Role:
    """The opponent's role."""
    return "goliath" if role == "david" else "david"


def held(state: DGState, role: Role, kinds: tuple[str, ...]) -> list[Card]:
    """The distinct cards of these kinds in `role`'s hand that `role` may play, in list order."""
    slugs = {SLUG_OF.get(c) or card_of(c).slug for c in state.figures[role].hand}
    return [
        c for c in BY_SLUG.values() if c.slug in slugs and c.kind in kinds and usable_by(c, role)
    ]


def _open(state: DGState, square: str, blocker: str | None) -> bool:
    return square not in state.terrain and square != blocker


def moves_with(state: DGState, role: Role, card: Card) -> list[MovePlan]:
    """Every legal move of `role` with `card`."""
    start = state.figures[role].square
    blocker = state.figures[other(role)].square
    if start is None:
        return []
    if card.distance == (KNIGHT,):
        return [
            MovePlan.model_construct(card=card.slug, dest=s, path=[s])
            for s in knight_jumps(start)
            if _open(state, s, blocker)
        ]
    plans = []
    terrain = state.terrain
    for distance in card.distance:
        for step in directions(card.lines):
            path = ray(start, step, distance)
            if path and all(s not in terrain and s != blocker for s in path):  # see _open
                plans.append(MovePlan.model_construct(card=card.slug, dest=path[-1], path=path))
    return sorted(plans, key=lambda p: (p.card, p.dest))


def legal_moves(state: DGState, role: Role) -> list[MovePlan]:
    """Every legal move of `role` with any card held."""
    return [p for card in held(state, role, ("move",)) for p in moves_with(state, role, card)]


def in_range(state: DGState, source: str, target: str, distance: int) -> bool:
    """True when a shot of exactly `distance` (or a knight's jump) reaches, with no tree between."""
    if distance == KNIGHT:
        return knight_apart(source, target)
    line = line_between(source, target)
    if line is None:
        return False
    _, steps, between = line
    return steps == distance and not any(state.terrain.get(s) == "tree" for s in between)


def adjacent_on(source: str, target: str, lines: tuple[str, ...]) -> bool:
    """True when target is next to source along one of `lines`."""
    line = line_between(source, target)
    return line is not None and line[1] == 1 and line[0] in lines


def legal_attacks(state: DGState, role: Role) -> list[AttackPlan]:
    """Every legal attack of `role` now."""
    me, foe = state.figures[role].square, state.figures[other(role)].square
    if me is None or foe is None:
        return []
    if role == "goliath":
        return _goliath_attacks(state, me, foe)
    return _david_attacks(state, me, foe)


def _goliath_attacks(state: DGState, me: str, foe: str) -> list[AttackPlan]:
    spear = state.spear_at is None
    plans = [
        AttackPlan(
            cards=[c.slug],
            attack="spear" if spear else "sword",
            type="thrust" if spear else c.type,
        )
        for c in held(state, "goliath", ("sword",))
        if adjacent_on(me, foe, c.lines)
    ]
    if spear:
        plans += [
            AttackPlan(cards=[c.slug], attack="thrown-spear", type="ts")
            for c in held(state, "goliath", ("ranged",))
            if in_range(state, me, foe, c.distance[0])
        ]
    return plans


def _david_attacks(state: DGState, me: str, foe: str) -> list[AttackPlan]:
    if state.stones_held <= 0:
        return []
    slings = held(state, "david", ("ranged", "bigger"))
    stones = held(state, "david", ("stone", "bigger"))
    plans = []
    for sling in slings:
        if not in_range(state, me, foe, sling.distance[0]):
            continue
        for stone in stones:
            if sling.slug == stone.slug:
                continue  # one card cannot be both sling and stone
            plans.append(
                AttackPlan(cards=[sling.slug, stone.slug], attack="sling", type=stone.type)
            )
    return plans


def legal_events(state: DGState, role: Role) -> list[str]:
    """The event cards `role` may play now."""
    return [c.slug for c in held(state, role, ("event",))]


def defences(state: DGState, role: Role, attack_type: str) -> list[str]:
    """The defence cards `role` may play against an attack of `attack_type`."""
    found = [c.slug for c in held(state, role, ("defence",)) if attack_type in c.blocks]
    if "wounded" in found and state.wound_tokens <= 0:
        found.remove("wounded")
    return found


def negates(state: DGState, role: Role) -> list[str]:
    """The negate cards `role` holds."""
    return [c.slug for c in held(state, role, ("negate",))]


def back_rank(role: Role) -> str:
    """The rank a figure is placed on: David's side is rank 1, Goliath's rank 8."""
    return "1" if role == "david" else "8"


def placements(state: DGState, role: Role) -> list[str]:
    """The back-row squares `role` may start on."""
    taken = state.figures[other(role)].square
    return [
        f"{f}{back_rank(role)}" for f in "abcdefgh" if _open(state, f"{f}{back_rank(role)}", taken)
    ]

"""Reaction windows of David and Goliath: a Negate during a move, a Defense against an attack,
and the choice after Divine Aid or Challenge. Building them and closing them."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.reactions import PASS, Choice, Window, standing_answer
from pbem.games.david_goliath.content import BY_SLUG, card_of
from pbem.games.david_goliath.legal import other
from pbem.games.david_goliath.state import DGState, Pending

TYPE_WORDS = {"ts": "thrown spear"}
ATTACK_WORDS = {
    "sword": "a sword",
    "spear": "a spear thrust",
    "thrown-spear": "a thrown spear",
    "sling": "a sling stone",
}


def _id(state: DGState) -> str:
    state.windows_opened += 1
    return f"t{state.turn}-w{state.windows_opened}"


def negate_window(state: DGState, pending: Pending, cards: list[str]) -> Window:
    """Ask the mover's opponent whether to end the move early with Trip or Fall."""
    seat = state.seat_of(other(pending.actor))
    choices = [Choice(key=PASS, label="let the move finish")]
    for slug in cards:
        name = BY_SLUG[slug].name
        choices.append(Choice(key=slug, label=f"play {name}: the move ends on {pending.start}"))
        stops = pending.path[:-1] if _is_line(pending) else []
        choices += [
            Choice(key=f"{slug} {sq}", label=f"play {name}: the move ends on {sq}") for sq in stops
        ]
    facts = {"mover": pending.actor.title(), "card": card_of(pending.cards[0]).name}
    return Window(
        id=_id(state), seat=seat, trigger="dg.negate", facts=facts, choices=choices, default=PASS
    )


def _is_line(pending: Pending) -> bool:
    return card_of(pending.cards[0]).distance != (0,)


def defence_window(state: DGState, pending: Pending, cards: list[str]) -> Window:
    """Ask the target which Defense card, if any, blocks the attack."""
    seat = state.seat_of(other(pending.actor))
    choices = [Choice(key=PASS, label="play no defense: the attack kills")]
    for slug in cards:
        card = BY_SLUG[slug]
        blocks = ", ".join(TYPE_WORDS.get(t, t) for t in card.blocks)
        extra = "; you take a wound" if slug == "wounded" else ""
        choices.append(Choice(key=slug, label=f"play {card.name} (blocks {blocks}){extra}"))
    kind = TYPE_WORDS.get(pending.type, pending.type)
    what = f"{ATTACK_WORDS.get(pending.attack, pending.attack)} ({kind})"
    facts = {"attack": pending.attack, "type": pending.type, "what": what}
    # silence plays no card: only the seat's own answer or standing reaction spends one
    return Window(
        id=_id(state), seat=seat, trigger="dg.defend", facts=facts, choices=choices, default=PASS
    )


def choose_window(state: DGState, pending: Pending) -> Window:
    """Ask the player of Divine Aid which drawn card to keep, or of Challenge which to discard."""
    seat = state.seat_of(pending.actor)
    slugs = list(dict.fromkeys(card_of(c).slug for c in pending.drawn))
    verb = "keep" if pending.keep == 1 else "discard"
    choices = [Choice(key=f"{verb} {s}", label=f"{verb} {BY_SLUG[s].name}") for s in slugs]
    default = choices[0].key if verb == "keep" else choices[-1].key
    facts = {"card": card_of(pending.cards[0]).name}
    return Window(
        id=_id(state), seat=seat, trigger="dg.choose", facts=facts, choices=choices, default=default
    )


def standing_close(state: DGState, window: Window, events: list[Event]) -> str | None:
    """The answer of a standing reaction covering `window` (recorded as an event), or None."""
    role = state.roles[window.seat]
    resolution = standing_answer(window, state.figures[role].standing)
    if resolution is None:
        return None
    events.append(
        Event(
            code="core.reaction.standing",
            data={"window": window.id, "seat": window.seat, "answer": resolution.answer},
            visible_to=[window.seat],
        )
    )
    return resolution.answer

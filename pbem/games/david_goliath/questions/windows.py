"""Reaction windows of David and Goliath: a Negate during a move, a Defense against an attack,
the choice after Challenge and the discards after Divine Aid. Building them and closing them."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.reactions import PASS, Choice, StandingReaction, Window, standing_answer
from pbem.games.david_goliath.content import BY_SLUG, card_of
from pbem.games.david_goliath.legal import defences, negates, other
from pbem.games.david_goliath.questions.divine_aid import TRIGGER as DIVINE_TRIGGER
from pbem.games.david_goliath.questions.divine_aid import discard_window
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


def divine_window(state: DGState, pending: Pending) -> Window:
    """Ask the player of Divine Aid which cards of the whole hand to discard."""
    return discard_window(state, pending, _id(state))


def choose_window(state: DGState, pending: Pending) -> Window:
    """Ask the player of Challenge which drawn card to discard (keep one, for a card that
    keeps one of those drawn)."""
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
    answer = standing_fit(window, state.figures[role].standing)
    if answer is None:
        return None
    events.append(
        Event(
            code="core.reaction.standing",
            data={"window": window.id, "seat": window.seat, "answer": answer},
            visible_to=[window.seat],
        )
    )
    return answer


def standing_fit(window: Window, standing: list[StandingReaction]) -> str | None:
    """The answer standing lines give `window`, or None when none is written for it.

    Whether a line is written for a question depends only on the question (its trigger and
    attack type), not on the hand: the first such line naming a card held answers; when none
    does, a Defend question takes any card held that blocks (Wounded last: a blocked attack
    beats death), a Negate question `pass`. So a standing line spares a question whatever is
    held, and the other player cannot tell from a pause what that is (issue 24).
    """
    fitting = [r for r in standing if r.model_copy(update={"answer": PASS}).covers(window)]
    if not fitting:
        return None
    held = standing_answer(window, fitting)
    if held is not None:
        return held.answer
    return _any_block(window) if window.trigger == "dg.defend" else PASS


def _any_block(window: Window) -> str:
    """A Defense card the seat holds that stops the attack, Wounded last; else pass."""
    cards = [c.key for c in window.choices if c.key != PASS]
    cards.sort(key=lambda key: key == "wounded")
    return cards[0] if cards else PASS


def rebuild_window(state: DGState) -> Window:
    """The open window asked again of the same hand (same id), after the hand changed."""
    window, pending = state.window, state.pending
    assert window is not None and pending is not None
    opened = state.windows_opened
    asked = other(pending.actor)
    if window.trigger == "dg.negate":
        found = negate_window(state, pending, negates(state, asked))
    elif window.trigger == "dg.defend":
        found = defence_window(state, pending, defences(state, asked, pending.type))
    elif window.trigger == DIVINE_TRIGGER:
        found = divine_window(state, pending)
    else:
        found = choose_window(state, pending)
    state.windows_opened = opened
    return found.model_copy(update={"id": window.id})

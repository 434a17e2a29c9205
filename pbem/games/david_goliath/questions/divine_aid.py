"""Divine Aid, "Event: Draw 7 cards and discard 6": the player discards any six cards of the
whole hand, drawn or held before, named in one answer to a question of their own. Cards not
named are taken newest first, so silence discards the six drawn last (the first drawn stays).
"""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.problems import Problem
from pbem.core.reactions import Choice, Window
from pbem.games.david_goliath.content import BY_SLUG, card_named, card_of
from pbem.games.david_goliath.inputs import DGOrders
from pbem.games.david_goliath.orders_text import card_of_text
from pbem.games.david_goliath.state import DGState, Pending

TRIGGER = "dg.divine_aid"
VERB = "discard"
ANSWER_WORDS = ("react", "answer")
JOINERS = ("and", "+")


def discard_count(state: DGState, pending: Pending) -> int:
    """Cards the event discards now: six, or the whole hand when it holds fewer."""
    return min(card_of(pending.cards[0]).discard, len(state.figures[pending.actor].hand))


def chosen(state: DGState, pending: Pending, named: list[str]) -> list[str]:
    """The cards discarded (instance ids): each slug named, its newest copy held, then the
    newest cards not named until there are enough. The slugs must be held (`problems`)."""
    newest = list(reversed(state.figures[pending.actor].hand))
    picked: list[str] = []
    for slug in named:
        picked.append(next(c for c in newest if card_of(c).slug == slug and c not in picked))
    missing = discard_count(state, pending) - len(picked)
    return picked + [c for c in newest if c not in picked][:missing]


def answer_text(cards: list[str]) -> str:
    """The answer naming these cards: 'discard walk step …'."""
    return " ".join([VERB, *(card_of(c).slug for c in cards)])


def default_answer(state: DGState, pending: Pending) -> str:
    """Silence: the newest cards, i.e. the six drawn last."""
    return answer_text(chosen(state, pending, []))


def problems(state: DGState, pending: Pending, answer: str | None) -> list[Problem]:
    """Why `answer` cannot be the discards: not a discard list, too many cards, or cards
    not held; empty when it can."""
    words, count = (answer or "").split(), discard_count(state, pending)
    named = words[1:]
    if words[:1] != [VERB] or not named or any(s not in BY_SLUG for s in named):
        return [_illegal("dg.E_DIVINE_FORM", count=str(count))]
    if len(named) > count:
        return [_illegal("dg.E_DIVINE_COUNT", count=str(count), named=str(len(named)))]
    held = [card_of(c).slug for c in state.figures[pending.actor].hand]
    for slug in dict.fromkeys(named):
        if named.count(slug) > held.count(slug):
            name, have = BY_SLUG[slug].name, str(held.count(slug))
            return [
                _illegal("dg.E_DIVINE_HELD", card=name, held=have, named=str(named.count(slug)))
            ]
    return []


def _illegal(code: str, **params: str) -> Problem:
    return Problem(line=0, code=code, kind="illegal", params=params)


def settle(state: DGState, pending: Pending, answer: str | None) -> str:
    """The complete answer to act on: the one given when it is legal, else the default."""
    if problems(state, pending, answer):
        return default_answer(state, pending)
    return answer_text(chosen(state, pending, (answer or "").split()[1:]))


def completed(state: DGState, orders: DGOrders) -> DGOrders:
    """`orders` with a legal answer to the open Divine Aid question written out in full."""
    pending = state.pending
    if pending is None or pending.kind != "discard" or orders.action != "react":
        return orders
    return orders.model_copy(update={"answer": settle(state, pending, orders.answer)})


def discard_window(state: DGState, pending: Pending, window_id: str) -> Window:
    """Ask the player of Divine Aid which cards of the whole hand to discard."""
    hand = state.figures[pending.actor].hand
    count, default = discard_count(state, pending), default_answer(state, pending)
    names = ", ".join(card_of(c).name for c in chosen(state, pending, []))
    choices = [Choice(key=default, label=f"the {count} newest cards: {names}")]
    for slug in dict.fromkeys(card_of(c).slug for c in hand):
        label = f"{BY_SLUG[slug].name}, and the newest others to make {count}"
        choices.append(Choice(key=f"{VERB} {slug}", label=label))
    facts = {"card": card_of(pending.cards[0]).name, "count": count, "held": len(hand)}
    seat = state.seat_of(pending.actor)
    return Window(
        id=window_id, seat=seat, trigger=TRIGGER, facts=facts, choices=choices, default=default
    )


def finish_discard(state: DGState, pending: Pending, answer: str, events: list[Event]) -> None:
    """Discard the cards a complete answer names; discards are public."""
    cards = chosen(state, pending, answer.split()[1:])
    hand = state.figures[pending.actor].hand
    for card in cards:
        hand.remove(card)
    state.discard.extend(cards)
    data = {
        "role": pending.actor.title(),
        "card": card_of(pending.cards[0]).name,
        "cards": [card_of(c).name for c in cards],
    }
    events.append(Event(code="dg.divine_discards", data=data))


def discard_line(words: list[str]) -> list[str] | None:
    """The card slugs an answer line 'discard walk step …' ('react discard …' too) names, or
    None when the line is no such answer."""
    if words[:1] and words[0] in ANSWER_WORDS:
        words = words[1:]
    if len(words) < 2 or words[0] != VERB:
        return None
    return cards_in(words[1:])


def cards_in(words: list[str]) -> list[str]:
    """The cards named one after the other, each by its longest name ('jump back walk')."""
    slugs: list[str] = []
    start = 0
    while start < len(words):
        end = next(
            (e for e in range(len(words), start, -1) if card_named(" ".join(words[start:e]))),
            None,
        )
        if end is None:
            if words[start] not in JOINERS:
                card_of_text(words[start])  # not a card: raises LineError, with a suggestion
            start += 1
            continue
        card = card_named(" ".join(words[start:end]))
        assert card is not None
        slugs.append(card.slug)
        start = end
    return slugs

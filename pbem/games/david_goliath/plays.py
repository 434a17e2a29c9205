"""Playing cards: events, moves and attacks, and finishing them once any window has closed."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.reactions import Window
from pbem.core.rng import SeededRng
from pbem.games.david_goliath.content import BY_SLUG, Role, card_of
from pbem.games.david_goliath.deck import draw, kill, take_from_hand, wound
from pbem.games.david_goliath.legal import AttackPlan, MovePlan, defences, negates, other
from pbem.games.david_goliath.public import may_defend, may_negate
from pbem.games.david_goliath.questions.divine_aid import discard_count, finish_discard
from pbem.games.david_goliath.questions.windows import (
    choose_window,
    defence_window,
    divine_window,
    negate_window,
    standing_close,
)
from pbem.games.david_goliath.state import DGState, Pending


def _spend(state: DGState, role: Role, slugs: list[str]) -> list[str]:
    ids = [c for c in (take_from_hand(state, role, s) for s in slugs) if c is not None]
    state.discard.extend(ids)
    return ids


def play_event(state: DGState, role: Role, slug: str, rng: SeededRng, events: list[Event]) -> None:
    """Play an event card: draw cards, make the opponent discard, or draw and choose."""
    ids = _spend(state, role, [slug])
    card = BY_SLUG[slug]
    events.append(Event(code="dg.event", data={"role": role.title(), "card": card.name}))
    if slug == "single-combat":
        _random_discard(state, other(role), rng, events)
        return
    drawn = draw(state, role, card.draw, rng, events)
    if card.discard:
        pending = Pending(kind="discard", actor=role, cards=ids, drawn=drawn)
        _discard_from_hand(state, pending, events)
    elif card.keep and len(drawn) > card.keep:
        pending = Pending(kind="choose", actor=role, cards=ids, drawn=drawn, keep=card.keep)
        _open(state, pending, choose_window(state, pending), events)


def _discard_from_hand(state: DGState, pending: Pending, events: list[Event]) -> None:
    """Divine Aid: ask which cards of the whole hand go, unless the hand must go whole."""
    if len(state.figures[pending.actor].hand) > discard_count(state, pending):
        _open(state, pending, divine_window(state, pending), events)
    else:
        finish_discard(state, pending, "discard", events)


def _random_discard(state: DGState, role: Role, rng: SeededRng, events: list[Event]) -> None:
    hand = state.figures[role].hand
    if not hand:
        events.append(Event(code="dg.no_discard", data={"role": role.title()}))
        return
    lost = rng.choice(sorted(hand), purpose=f"single combat: {role} discards")
    hand.remove(lost)
    state.discard.append(lost)
    events.append(
        Event(code="dg.random_discard", data={"role": role.title(), "card": card_of(lost).name})
    )


def play_move(
    state: DGState, role: Role, plan: MovePlan, rng: SeededRng, events: list[Event]
) -> None:
    """Discard a move card; the opponent may answer with a Negate, else the move is made."""
    ids = _spend(state, role, [plan.card])
    start = state.figures[role].square or ""
    pending = Pending(kind="move", actor=role, cards=ids, start=start, path=plan.path)
    if may_negate(state, other(role)):  # asked on public facts, even holding no Negate
        data = {
            "role": role.title(),
            "card": BY_SLUG[plan.card].name,
            "from": start,
            "to": plan.dest,
        }
        events.append(Event(code="dg.move_started", data=data))
        answers = negates(state, other(role))
        _open(state, pending, negate_window(state, pending, answers), events)
    else:
        finish_move(state, pending, len(pending.path), "", events)


def finish_move(
    state: DGState, pending: Pending, steps: int, negate: str, events: list[Event]
) -> None:
    """Move the figure `steps` squares along its path, picking up its spear or stones."""
    role = pending.actor
    entered = pending.path[:steps]
    end = entered[-1] if entered else pending.start
    state.figures[role].square = end
    card = card_of(pending.cards[0]).name
    data = {"role": role.title(), "card": card, "from": pending.start, "to": end}
    if negate:
        data["negate"] = BY_SLUG[negate].name
    events.append(Event(code="dg.negated" if negate else "dg.moved", data=data))
    for square in entered:
        _pick_up(state, role, square, events)


def _pick_up(state: DGState, role: Role, square: str, events: list[Event]) -> None:
    if role == "goliath" and state.spear_at == square:
        state.spear_at = None
        events.append(Event(code="dg.spear_recovered", data={"square": square}))
    if role == "david" and state.stones_at.get(square):
        count = state.stones_at.pop(square)
        state.stones_held += count
        events.append(Event(code="dg.stones_recovered", data={"square": square, "count": count}))


def play_attack(
    state: DGState, role: Role, plan: AttackPlan, rng: SeededRng, events: list[Event]
) -> None:
    """Discard the attack cards; the target may answer with a Defense, else it dies."""
    ids = _spend(state, role, plan.cards)
    if plan.attack == "sling":
        state.stones_held -= 1
    pending = Pending(kind="attack", actor=role, cards=ids, attack=plan.attack, type=plan.type)
    target = other(role)
    events.append(
        Event(
            code="dg.attack",
            data={
                "role": role.title(),
                "attack": plan.attack,
                "type": plan.type,
                "cards": [card_of(c).name for c in ids],
                "from": state.figures[role].square,
                "to": state.figures[target].square,
            },
        )
    )
    if may_defend(state, target, plan.type):  # asked on public facts, even holding no Defense
        answers = defences(state, target, plan.type)
        _open(state, pending, defence_window(state, pending, answers), events)
    else:
        finish_attack(state, pending, "pass", events)


def finish_attack(state: DGState, pending: Pending, answer: str, events: list[Event]) -> None:
    """Resolve an attack after the target's answer: blocked (maybe wounded) or killed."""
    target = other(pending.actor)
    card = None if answer == "pass" else take_from_hand(state, target, answer)
    if card is None:
        kill(state, target, events, pending.attack)
        return
    state.discard.append(card)
    events.append(
        Event(code="dg.blocked", data={"role": target.title(), "card": BY_SLUG[answer].name})
    )
    square = state.figures[target].square or ""
    if pending.attack == "thrown-spear":
        state.spear_at = square
        events.append(Event(code="dg.spear_lands", data={"square": square}))
    if pending.attack == "sling":
        state.stones_at[square] = state.stones_at.get(square, 0) + 1
        events.append(Event(code="dg.stone_lands", data={"square": square}))
    if answer == "wounded":
        wound(state, target, events)


def finish_choice(state: DGState, pending: Pending, answer: str, events: list[Event]) -> None:
    """Keep one drawn card (Divine Aid) or discard one (Challenge), as answered."""
    verb, _, slug = answer.partition(" ")
    hand = state.figures[pending.actor].hand
    picked = next(c for c in pending.drawn if card_of(c).slug == slug)
    dropped = [c for c in pending.drawn if c != picked] if verb == "keep" else [picked]
    for card in dropped:
        hand.remove(card)
    state.discard.extend(dropped)
    events.append(
        Event(code="dg.chose", data={"role": pending.actor.title(), "count": len(dropped)})
    )


def _open(state: DGState, pending: Pending, window: Window, events: list[Event]) -> None:
    state.pending = pending
    answer = standing_close(state, window, events)
    if answer is None:
        state.window = window
        return
    close(state, answer, events)


def close(state: DGState, answer: str, events: list[Event]) -> None:
    """Finish the pending play with the window's answer and clear the window."""
    pending = state.pending
    state.window, state.pending = None, None
    if pending is None:
        return
    if pending.kind == "choose":
        finish_choice(state, pending, answer, events)
    elif pending.kind == "discard":
        finish_discard(state, pending, answer, events)
    elif pending.kind == "attack":
        finish_attack(state, pending, answer, events)
    else:
        _close_move(state, pending, answer, events)


def _close_move(state: DGState, pending: Pending, answer: str, events: list[Event]) -> None:
    if answer == "pass":
        finish_move(state, pending, len(pending.path), "", events)
        return
    slug, _, square = answer.partition(" ")
    negator = other(pending.actor)
    card = take_from_hand(state, negator, slug)
    if card is None:
        finish_move(state, pending, len(pending.path), "", events)
        return
    state.discard.append(card)
    steps = pending.path.index(square) + 1 if square in pending.path else 0
    finish_move(state, pending, steps, slug, events)

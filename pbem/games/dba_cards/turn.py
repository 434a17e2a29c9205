"""One player's turn: orders phase (draw, discard, scout), move phase, battle phase."""

from __future__ import annotations

from collections.abc import Callable

from pbem.core.copying import deep_copy
from pbem.core.game import Event
from pbem.core.reactions import replace_standing, resolve
from pbem.core.rng import SeededRng
from pbem.games.dba_cards.content import CARDS, DRAW, HAND_LIMIT, card_key
from pbem.games.dba_cards.inputs import (
    AnswerInput,
    Attack,
    Discard,
    Dismount,
    Move,
    Order,
    Scout,
    Standing,
    Trample,
    TurnInput,
)
from pbem.games.dba_cards.order_text import order_line, standing_lines
from pbem.games.dba_cards.play.battle import answer, strike
from pbem.games.dba_cards.play.deck import draw, hand_counts, lay_down, play
from pbem.games.dba_cards.play.moves import do_dismount, do_move
from pbem.games.dba_cards.refusal import Refused
from pbem.games.dba_cards.state import DBAState

BATTLE = (Attack, Trample)


def atomic(state: DBAState, run: Callable[[DBAState], list[Event]]) -> list[Event]:
    """Run one order on a copy; keep the result only if no rule refused it."""
    work = deep_copy(state)
    events = run(work)
    for name in DBAState.model_fields:
        setattr(state, name, getattr(work, name))
    return events


def attempt(state: DBAState, seat: str, order: Order) -> list[Event]:
    """Carry out one order, or report it skipped (a unit lost, a card gone) and go on."""
    try:
        return atomic(state, lambda work: run_order(work, seat, order))
    except Refused as refused:
        return skipped(seat, order, refused.code)


def skipped(seat: str, order: Order, code: str) -> list[Event]:
    """An order that can no longer be carried out: the public learn only that one of the seat's
    orders was skipped; the order itself (its card stays in the hand) is told to its seat alone."""
    return [
        Event(code="dba.skipped", data={"seat": seat}),
        Event(
            code="dba.skipped_order",
            data={"seat": seat, "problem": code, "order": order_line(order)},
            visible_to=[seat],
        ),
    ]


def run_order(state: DBAState, seat: str, order: Order) -> list[Event]:
    """Carry out one order on `state`, playing its card; Refused if it is not allowed."""
    if isinstance(order, Move):
        if play(state, seat, order.card) is None:
            raise Refused("dba.E_NO_CARD", card=CARDS[order.card].title)
        return do_move(state, seat, order)
    if isinstance(order, Dismount):
        if play(state, seat, "special") is None:
            raise Refused("dba.E_NO_CARD", card=CARDS["special"].title)
        return do_dismount(state, seat, order)
    if isinstance(order, Scout):
        return scout(state, seat)
    if isinstance(order, Attack | Trample):
        return strike(state, seat, order)
    return []


def scout(state: DBAState, seat: str) -> list[Event]:
    """Play Scout: the seat alone sees the opponent's hand."""
    if play(state, seat, "scout") is None:
        raise Refused("dba.E_NO_CARD", card=CARDS["scout"].title)
    other = state.opponent(seat)
    hand = list(state.sides[other].hand)
    return [
        Event(code="dba.scout", data={"seat": seat, "opponent": other}),
        Event(
            code="dba.scouted",
            data={
                "opponent": other,
                "cards": hand,
                "titles": [CARDS[card_key(c)].title for c in hand],
            },
            visible_to=[seat],
        ),
    ]


def set_standing(state: DBAState, seat: str, standing: Standing) -> list[Event]:
    """Replace the seat's standing reactions with the ones sent (private to the seat)."""
    side = state.sides[seat]
    if not standing.clear and not standing.add:
        return []
    side.standing = replace_standing(side.standing, standing.add)
    rules = standing_lines(Standing(add=side.standing))
    return [Event(code="dba.standing", data={"seat": seat, "rules": rules}, visible_to=[seat])]


def run_turn(state: DBAState, seat: str, orders: TurnInput, rng: SeededRng) -> list[Event]:
    """Apply the active player's whole turn, stopping if a defender must be asked."""
    events = set_standing(state, seat, orders.standing)
    events += cut_to_limit(state, seat, orders.orders)
    for order in orders.orders:
        if isinstance(order, Scout | Move | Dismount):
            events += attempt(state, seat, order)
    state.pending = [o for o in orders.orders if isinstance(o, BATTLE)]
    return events + continue_battle(state, seat, rng)


def cut_to_limit(state: DBAState, seat: str, orders: list[Order]) -> list[Event]:
    """Discard face down to the hand limit: the named cards first, then unneeded ones from the
    end. The others learn how many cards went, the seat alone which."""
    hand = state.sides[seat].hand
    excess = len(hand) - HAND_LIMIT
    gone: list[str] = []
    for order in orders:
        if isinstance(order, Discard) and len(gone) < excess:
            card = next((c for c in hand if card_key(c) == order.card), None)
            if card is not None:
                gone.append(card)
                lay_down(state, seat, card)
    needed = _plays(orders)
    for card in reversed(list(hand)):
        if len(hand) <= HAND_LIMIT:
            break
        kind = card_key(card)
        if hand_counts(hand).get(kind, 0) > needed.get(kind, 0):
            lay_down(state, seat, card)
            gone.append(card)
    while len(hand) > HAND_LIMIT:
        gone.append(hand[-1])
        lay_down(state, seat, hand[-1])
    if not gone:
        return []
    return [
        Event(code="dba.discard_count", data={"seat": seat, "count": len(gone)}),
        Event(
            code="dba.discarded",
            data={"seat": seat, "cards": [CARDS[card_key(c)].title for c in gone]},
            visible_to=[seat],
        ),
    ]


def _plays(orders: list[Order]) -> dict[str, int]:
    """How many cards of each kind the orders will play."""
    counts: dict[str, int] = {}
    for kind in (card_of(o) for o in orders):
        if kind is not None:
            counts[kind] = counts.get(kind, 0) + 1
    return counts


def card_of(order: Order) -> str | None:
    """The card kind an order plays, if any."""
    if isinstance(order, Move | Attack):
        return order.card
    if isinstance(order, Dismount | Trample):
        return "special"
    if isinstance(order, Scout):
        return "scout"
    return None


def continue_battle(state: DBAState, seat: str, rng: SeededRng) -> list[Event]:
    """Run the turn's remaining attacks; end the turn when none waits on an answer."""
    events: list[Event] = []
    while state.pending and state.stage == "turn":
        events += attempt(state, seat, state.pending.pop(0))
    if state.stage == "turn":
        events += end_turn(state, rng)
    return events


def run_answer(state: DBAState, seat: str, given: AnswerInput, rng: SeededRng) -> list[Event]:
    """Close the open window with the seat's answer (or its default) and resume the turn."""
    window = state.window
    if window is None:
        return []
    events = set_standing(state, seat, given.standing)
    events += answer(
        state, window, resolve(window, given.choice if given.window == window.id else None)
    )
    if state.stage == "over":
        return events
    return events + continue_battle(state, state.active, rng)


def end_turn(state: DBAState, rng: SeededRng) -> list[Event]:
    """Pass the turn: the next player draws three cards (or the turn limit ends the game)."""
    for unit in state.units:
        unit.moved = unit.attacked = False
    state.active = state.next_seat(state.active)
    state.turn += 1
    limit = state.settings.turn_limit
    if limit and state.turn > limit:
        return _time_up(state)
    return [
        Event(code="dba.turn", data={"seat": state.active, "turn": state.turn}),
        *draw(state, state.active, DRAW, rng),
    ]


def _time_up(state: DBAState) -> list[Event]:
    first, second = state.seat_ids()[:2]
    # fewer losses per seat of the side wins (cross-multiplied to stay in whole numbers)
    one = state.side_lost(first) * len(state.allies(second))
    two = state.side_lost(second) * len(state.allies(first))
    state.stage, state.end_note = "over", "turn limit"
    if one != two:
        state.winner = first if one < two else second
    return [
        Event(code="dba.time_up", data={"winner": state.winner or "nobody", "turn": state.turn - 1})
    ]

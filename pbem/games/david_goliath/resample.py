"""The secrecy check's twin (pbem/core/secrecy.py): the same duel as one seat knows it, with
what the rules hide from that seat, the other hand and the deck order, dealt afresh."""

from __future__ import annotations

from pbem.core.copying import deep_copy
from pbem.core.rng import SeededRng
from pbem.games.david_goliath.content import Role, card_of
from pbem.games.david_goliath.legal import other
from pbem.games.david_goliath.questions.windows import rebuild_window
from pbem.games.david_goliath.state import DGState


def resample_hidden(state: DGState, seat: str, rng: SeededRng) -> DGState:
    """The other hand redealt (same size) from it and the deck together, the rest the new deck."""
    twin = deep_copy(state)
    role = state.role_of(seat)
    if role is None:
        return twin  # the referee sees every card
    foe: Role = other(role)
    hand = twin.figures[foe].hand
    pool = rng.shuffled(sorted(hand + twin.deck), purpose="twin: unseen cards")
    dealt = dict(zip(hand, pool[: len(hand)], strict=True))
    twin.figures[foe].hand = pool[: len(hand)]
    twin.deck = pool[len(hand) :]
    pending = twin.pending
    if pending is not None and pending.kind in ("choose", "discard") and pending.actor == foe:
        pending.drawn = [dealt.get(c, c) for c in pending.drawn]
    if twin.window is not None and twin.window.seat == state.seat_of(foe):
        twin.window = rebuild_window(twin)
    return twin


def public_discard(state: DGState) -> list[str]:
    """The discard pile by card name, as both players see it."""
    return [card_of(c).name for c in state.discard]

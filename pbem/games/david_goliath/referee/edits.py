"""The referee's typed edits of a duel: figures, wounds, cards in hand, stones and the spear.

Each edit keeps the duel whole: figures stand on open squares apart, wound tokens come from the
common supply, and every card stays in exactly one place (deck, discard pile or a hand).
"""

from __future__ import annotations

from collections.abc import Callable

from pbem.core.cards import move_first
from pbem.core.copying import deep_copy
from pbem.core.edits import Change, EditBook, EditCommand, EditUsage, one_of, whole
from pbem.core.game import Advance, EditRefused
from pbem.games.david_goliath.content import ROLES, Card, Role, card_named, card_of
from pbem.games.david_goliath.squares import is_square
from pbem.games.david_goliath.state import DEATH_WOUNDS, DGState

STONES = 5  # David's stone tokens in all
WOUND_TOKENS = 4  # the common supply at the start


def edit(state: DGState, command: str) -> Advance:
    """Apply one edit: place, wounds, give, take, stones, stones-at or spear."""
    return BOOK.apply(state, command)


def edit_commands() -> list[EditUsage]:
    """Every edit command, for help and refusals."""
    return BOOK.usages()


def _between_plays(state: DGState) -> None:
    if state.window is not None or state.pending is not None:
        raise EditRefused("dg.E_EDIT_WINDOW")
    if state.step.startswith("place"):
        raise EditRefused("dg.E_EDIT_PLACING")


def _role(text: str) -> Role:
    return "david" if one_of(text, ROLES, "figure") == "david" else "goliath"


def _open_square(state: DGState, text: str) -> str:
    square = text.lower()
    if not is_square(square):
        raise EditRefused("dg.E_EDIT_SQUARE", square=text)
    if square in state.terrain:
        raise EditRefused("dg.E_EDIT_BLOCKED", square=square, terrain=state.terrain[square])
    return square


def _card(text: str) -> Card:
    card = card_named(text)
    if card is None:
        raise EditRefused("dg.E_EDIT_CARD", card=text)
    return card


def _place(state: DGState, args: list[str]) -> Change:
    role, square = _role(args[0]), _open_square(state, args[1])
    other = state.figures["goliath" if role == "david" else "david"]
    if other.square == square:
        raise EditRefused("dg.E_EDIT_TAKEN", square=square)
    state.figures[role].square = square
    return Change(f"place {role} {square}")


def _wounds(state: DGState, args: list[str]) -> Change:
    role, count = _role(args[0]), whole(args[1], maximum=DEATH_WOUNDS - 1)
    state.figures[role].wounds = count
    state.wound_tokens = WOUND_TOKENS - sum(f.wounds for f in state.figures.values())
    return Change(f"wounds {role} {count}")


def _give(state: DGState, args: list[str]) -> Change:
    role, card = _role(args[0]), _card(" ".join(args[1:]))
    hand = state.figures[role].hand  # the End Phase cuts it to the hand limit, as in play
    if not move_first([state.deck, state.discard], hand, _copy_of(card)):
        raise EditRefused("dg.E_EDIT_NO_COPY", card=card.name)
    return Change(f"give {role} {card.slug}", public=f"a card into {role.title()}'s hand")


def _take(state: DGState, args: list[str]) -> Change:
    role, card = _role(args[0]), _card(" ".join(args[1:]))
    if not move_first([state.figures[role].hand], state.discard, _copy_of(card)):
        raise EditRefused("dg.E_EDIT_NOT_HELD", role=role.title(), card=card.name)
    return Change(f"take {role} {card.slug}")


def _copy_of(card: Card) -> Callable[[str], bool]:
    return lambda instance: card_of(instance).slug == card.slug


def _stones(state: DGState, args: list[str]) -> Change:
    lying = sum(state.stones_at.values())
    state.stones_held = whole(args[0], maximum=STONES - lying)
    return Change(f"stones {state.stones_held}")


def _stones_at(state: DGState, args: list[str]) -> Change:
    square = _open_square(state, args[0])
    others = sum(n for s, n in state.stones_at.items() if s != square)
    count = whole(args[1], maximum=STONES - state.stones_held - others)
    state.stones_at.pop(square, None)
    if count:
        state.stones_at[square] = count
    return Change(f"stones-at {square} {count}")


def _spear(state: DGState, args: list[str]) -> Change:
    if args[0].lower() == "held":
        state.spear_at = None
        return Change("spear held")
    state.spear_at = _open_square(state, args[0])
    return Change(f"spear {state.spear_at}")


BOOK = EditBook[DGState](
    [
        EditCommand("place", ("ROLE", "SQUARE"), "a figure stands on another open square",
                    _place, "place david e2"),
        EditCommand("wounds", ("ROLE", "N"), f"a figure's wounds (0 to {DEATH_WOUNDS - 1})",
                    _wounds, "wounds goliath 1"),
        EditCommand("give", ("ROLE", "CARD..."),
                    "a card from the deck (else the discard pile) into a hand", _give,
                    "give david jump back"),
        EditCommand("take", ("ROLE", "CARD..."),
                    "a card from a hand to the discard pile", _take, "take goliath shield"),
        EditCommand("stones", ("N",), "David's stones in hand", _stones, "stones 4"),
        EditCommand("stones-at", ("SQUARE", "N"), "stones lying on a square", _stones_at,
                    "stones-at d5 1"),
        EditCommand("spear", ("SQUARE|held",), "where Goliath's spear is", _spear, "spear held"),
    ],
    copy=deep_copy,
    check=_between_plays,
)

"""Words and squares in order lines: reading one order, or one standing reaction, from its words
(order_text.py writes them back)."""

from __future__ import annotations

import re

from pbem.core.reactions import StandingReaction
from pbem.games.dba_cards.content import TRIGGER, card_name
from pbem.games.dba_cards.inputs import (
    Attack,
    Discard,
    Dismount,
    Move,
    Order,
    Scout,
    Trample,
)
from pbem.games.dba_cards.refusal import Refused
from pbem.games.dba_cards.squares import valid

FACT_KEYS = ("attacker", "target", "card", "square", "from", "elite")
TRUE = {"yes", "true", "1"}
FALSE = {"no", "false", "0"}


def squares_in(words: list[str], size: int) -> list[str]:
    """Square names from words like 'd2-d4,' or 'd2 d4'; Refused for anything else."""
    found: list[str] = []
    for word in words:
        for part in re.split(r"[-,>]+", word):
            if not part:
                continue
            if not valid(part, size):
                raise Refused("dba.E_SQUARE", square=part)
            found.append(part)
    return found


def card_word(word: str) -> str:
    """The card kind a word names; Refused if none."""
    kind = card_name(word)
    if kind is None:
        raise Refused("dba.E_CARD_NAME", card=word)
    return kind


def split_with(words: list[str]) -> tuple[list[str], str | None]:
    """Words before 'with', and the card named after it (if any)."""
    if "with" not in words:
        return words, None
    at = words.index("with")
    rest = "-".join(words[at + 1 :])
    if not rest:
        raise Refused("dba.E_CARD_NAME", card="")
    return words[:at], card_word(rest)


def read_order(words: list[str], size: int) -> Order:
    """One order from the words of a line (lower case); Refused when not understood."""
    verb, rest = words[0], words[1:]
    if verb == "discard" and len(rest) >= 1:
        return Discard(card=card_word("-".join(rest)))
    if verb == "scout" and not rest:
        return Scout()
    if verb == "move":
        before, card = split_with(rest)
        squares = squares_in([w for w in before if w != "to"], size)  # "move d2 to d4 with …"
        if card is None or len(squares) < 2 or len(squares) % 2:
            raise Refused("dba.E_MOVE_FORM")
        return Move(card=card, steps=list(zip(squares[::2], squares[1::2], strict=True)))
    if verb == "dismount":
        squares = squares_in(rest, size)
        if len(squares) != 1:
            raise Refused("dba.E_DISMOUNT_FORM")
        return Dismount(square=squares[0])
    if verb == "attack":
        before, card = split_with(rest)
        squares = squares_in(before, size)
        if len(squares) != 2:
            raise Refused("dba.E_ATTACK_FORM")
        return Attack(source=squares[0], target=squares[1], card=card)
    if verb == "trample":
        squares = squares_in(rest, size)
        if len(squares) != 3:
            raise Refused("dba.E_TRAMPLE_FORM")
        return Trample(source=squares[0], via=squares[1], target=squares[2])
    raise Refused("dba.E_UNKNOWN_ORDER", word=verb)


def read_standing(words: list[str]) -> StandingReaction:
    """'on attack [when k=v …] play CHOICE' as a standing reaction; Refused if malformed."""
    if len(words) < 4 or words[1] != "attack" or words[-2] != "play":
        raise Refused("dba.E_STANDING_FORM")
    answer = words[-1]
    if answer != "pass":
        answer = card_word(answer)
    when: dict[str, object] = {}
    middle = words[2:-2]
    for i in range(0, len(middle), 2):
        pair = middle[i : i + 2]
        if len(pair) != 2 or pair[0] != "when" or "=" not in pair[1]:
            raise Refused("dba.E_STANDING_FORM")
        key, _, value = pair[1].partition("=")
        if key not in FACT_KEYS or not value:
            raise Refused("dba.E_STANDING_FACT", fact=key)
        when[key] = _fact_value(key, value)
    return StandingReaction(trigger=TRIGGER, answer=answer, when=when)


def _fact_value(key: str, value: str) -> object:
    parts: list[object] = []
    for part in value.split(","):
        if key == "elite" and part in TRUE | FALSE:
            parts.append(part in TRUE)
        else:
            parts.append(part)  # a word that is no fact value is refused by its check
    return parts[0] if len(parts) == 1 else parts

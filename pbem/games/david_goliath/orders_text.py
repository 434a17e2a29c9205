"""Reading single order lines: cards, squares, and standing reactions."""

from __future__ import annotations

from pbem.core.problems import Problem, did_you_mean
from pbem.core.reactions import PASS, StandingReaction, clears_standing, impossible_part
from pbem.games.david_goliath.content import (
    BY_SLUG,
    LOOKUP,
    STONE_TYPES,
    SWORD_TYPES,
    Card,
    Role,
    card_named,
    usable_by,
)
from pbem.games.david_goliath.squares import is_square
from pbem.games.david_goliath.state import PHASE_TRIGGER

TYPE_NAMES = {
    "thrust": "thrust",
    "thrusts": "thrust",
    "slash": "slash",
    "slashes": "slash",
    "chop": "chop",
    "chops": "chop",
    "ts": "ts",
    "spear": "ts",
    "thrown-spear": "ts",
    "fast": "fast",
    "curved": "curved",
    "curve": "curved",
    "sinker": "sinker",
    "sinkers": "sinker",
}
ATTACKED_WITH: dict[Role, tuple[str, ...]] = {
    "david": (*SWORD_TYPES, "ts"),  # swords, a spear thrust (a thrust) and the thrown spear
    "goliath": STONE_TYPES,
}
TYPE_WORDS = {t: t for t in (*SWORD_TYPES, *STONE_TYPES)} | {"ts": "thrown spear"}
FILLER = {"sword", "with", "against", "and", "to", "stones", "stone", "attacks", "the", "a"}


class LineError(ValueError):
    """A line that could not be read: its problem code and parameters."""

    def __init__(self, code: str, **params: str) -> None:
        super().__init__(code)
        self.code, self.params = code, params
        self.suggestion: str | None = None


def card_of_text(text: str) -> Card:
    """The card named by `text`, or a LineError with a did-you-mean suggestion."""
    card = card_named(text)
    if card is None:
        error = LineError("dg.E_CARD", name=text)
        error.suggestion = did_you_mean(text.replace(" ", "-"), LOOKUP)
        raise error
    return card


def cards_of_text(words: list[str]) -> list[Card]:
    """One card, or two written one after the other ('sling close stone fast')."""
    words = [w for w in words if w not in ("with", "and", "+", ",")]
    whole = card_named(" ".join(words))
    if whole is not None:
        return [whole]
    for cut in range(1, len(words)):
        first, second = card_named(" ".join(words[:cut])), card_named(" ".join(words[cut:]))
        if first is not None and second is not None:
            return [first, second]
    return [card_of_text(" ".join(words))]


def square_of(text: str) -> str:
    """A square name a1-h8, or a LineError."""
    if not is_square(text):
        raise LineError("dg.E_SQUARE", square=text)
    return text


def standing_of(words: list[str], role: Role) -> StandingReaction | None:
    """Read 'defend with CARD [against TYPE …]' or 'negate with CARD' for `role`; None for
    'none' or 'clear'. A LineError also when the reaction could never answer a question."""
    if clears_standing(["standing", *words]):
        return None
    if words[:1] == ["pass"] or words == ["negate", "pass"]:
        return _standing_pass(words)
    if not words or words[0] not in ("defend", "block", "negate") or "with" not in words:
        raise LineError("dg.E_STANDING", text=" ".join(words))
    cut = words.index("with")
    after = words[cut + 1 :]
    card_words = after[: after.index("against")] if "against" in after else after
    type_words = words[1:cut] + (after[after.index("against") + 1 :] if "against" in after else [])
    card = card_of_text(" ".join(card_words))
    types = _types(type_words)
    if card.kind != ("negate" if words[0] == "negate" else "defence"):
        raise LineError("dg.E_STANDING_CARD", card=card.name)
    if not usable_by(card, role):
        raise LineError("dg.E_STANDING_ROLE", card=card.name, role=role.title())
    if words[0] == "negate":
        return StandingReaction(trigger="dg.negate", answer=card.slug)
    rule = StandingReaction(
        trigger="dg.defend", answer=card.slug, when={"type": types} if types else {}
    )
    _check_types(rule, card, role)
    return rule


PHASE_WORDS = {"event": "event", "events": "event", "move": "move", "moves": "move"}
PHASE_WORDS |= {"attack": "attack", "attacks": "attack"}


def _standing_pass(words: list[str]) -> StandingReaction:
    """'pass event|move|attack': that phase of yours is passed without asking; 'negate pass':
    every Negate question is answered 'pass' without asking."""
    if words == ["negate", "pass"]:
        return StandingReaction(trigger="dg.negate", answer=PASS)
    if len(words) != 2 or words[1] not in PHASE_WORDS:
        raise LineError("dg.E_STANDING", text=" ".join(words))
    return StandingReaction(
        trigger=PHASE_TRIGGER, answer=PASS, when={"phase": PHASE_WORDS[words[1]]}
    )


def _check_types(rule: StandingReaction, card: Card, role: Role) -> None:
    """Refuse attack types `role` never meets, or that `card` does not block."""
    found = impossible_part(rule, [card.slug], {"type": ATTACKED_WITH[role]})
    if found is not None:
        raise LineError("dg.E_STANDING_TYPE", type=TYPE_WORDS[found.value], role=role.title())
    for kind in rule.when.get("type", []):
        if kind not in card.blocks:
            blocks = ", ".join(TYPE_WORDS[t] for t in card.blocks if t in ATTACKED_WITH[role])
            raise LineError(
                "dg.E_STANDING_BLOCKS", card=card.name, type=TYPE_WORDS[kind], blocks=blocks
            )


def _types(words: list[str]) -> list[str]:
    found: list[str] = []
    for word in (w.strip(",") for w in words):
        if word in FILLER or not word:
            continue
        if word not in TYPE_NAMES:
            error = LineError("dg.E_TYPE", type=word)
            error.suggestion = did_you_mean(word, TYPE_NAMES)
            raise error
        if TYPE_NAMES[word] not in found:
            found.append(TYPE_NAMES[word])
    return found


def standing_text(rule: StandingReaction) -> str:
    """The canonical line of a standing reaction."""
    if rule.trigger == PHASE_TRIGGER:
        return f"standing pass {rule.when.get('phase')}"
    if rule.trigger == "dg.negate" and rule.answer == PASS:
        return "standing negate pass"
    verb = "negate" if rule.trigger == "dg.negate" else "defend"
    types = rule.when.get("type") or []
    against = f" against {' '.join(types)}" if types else ""
    return f"standing {verb} with {rule.answer}{against}"


def problem(line: int, error: LineError, kind: str = "invalid") -> Problem:
    """A Problem from a LineError."""
    return Problem(
        line=line,
        code=error.code,
        kind="illegal" if kind == "illegal" else "invalid",
        params=error.params,
        suggestion=error.suggestion,
    )


def card_name(slug: str) -> str:
    """A card's printed name."""
    return BY_SLUG[slug].name

"""Reaction windows and standing reactions: plays made in answer to another player's action.

A rule that lets a player answer (a Defense card against an attack, a Negate during a move,
an event played in another player's action) opens a `Window`: one seat is asked one question
with its legal `choices`, under the campaign's shorter reaction deadline. Before asking, the
game checks the seat's `StandingReaction`s, sent earlier with their orders; one that covers
the window answers it at once, so play need not wait for a mail round trip.

Everything here is pure data and pure functions: games hold windows and standing reactions
in their own state, and the engine reads the open window from `Due.window`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, Literal, NamedTuple

from pydantic import BaseModel, Field

ANSWER_WORDS = ("react", "answer", "play")
PASS = "pass"  # the answer that plays nothing: what silence means on a defence question
CLEAR_WORDS = ("clear", "none")  # 'standing clear' and 'standing none' empty the set


class Choice(BaseModel):
    """One legal answer: `key` is its canonical text (also what a player writes)."""

    key: str  # e.g. "pass", "dodge", "negate"
    label: str = ""  # human wording, e.g. "play Dodge (cancels a sword thrust)"


class Window(BaseModel):
    """An open question to one seat, in the middle of another's turn."""

    id: str  # unique within the campaign, e.g. "t7-attack-2"
    seat: str
    trigger: str  # stable code of what happened, e.g. "dg.attack"
    facts: dict[str, Any] = Field(default_factory=dict)  # what standing reactions may match on
    choices: list[Choice]
    default: str  # the choice key taken when the window's deadline passes unanswered

    def choice(self, key: str) -> Choice | None:
        """The choice whose key is `key` (case-insensitive), or None."""
        wanted = key.strip().lower()
        return next((c for c in self.choices if c.key.lower() == wanted), None)


class StandingReaction(BaseModel):
    """A player's instruction for windows not yet open: 'on TRIGGER [when k=v …] answer A'."""

    trigger: str
    answer: str
    when: dict[str, Any] = Field(default_factory=dict)  # every fact must match (lists: any of)

    def covers(self, window: Window) -> bool:
        """True when this instruction applies to `window` and names one of its legal choices."""
        if self.trigger != window.trigger or window.choice(self.answer) is None:
            return False
        return all(_fact_matches(window.facts.get(k), v) for k, v in sorted(self.when.items()))


class Resolution(BaseModel):
    """How a window closed: by the seat's answer, a standing reaction, or the default."""

    window_id: str
    seat: str
    answer: str
    how: Literal["answered", "standing", "default"]


def _fact_matches(actual: Any, wanted: Any) -> bool:
    if isinstance(wanted, list):
        return any(_fact_matches(actual, w) for w in wanted)
    if isinstance(actual, str) and isinstance(wanted, str):
        return actual.lower() == wanted.lower()
    return bool(actual == wanted)


def _resolved(
    window: Window, key: str, how: Literal["answered", "standing", "default"]
) -> Resolution:
    picked = window.choice(key)
    answer = picked.key if picked is not None else key
    return Resolution(window_id=window.id, seat=window.seat, answer=answer, how=how)


def standing_answer(window: Window, standing: list[StandingReaction]) -> Resolution | None:
    """The first standing reaction that covers `window`, as a resolution; None if none does."""
    for rule in standing:
        if rule.covers(window):
            return _resolved(window, rule.answer, "standing")
    return None


def resolve(window: Window, key: str | None) -> Resolution:
    """Close `window` with the answer an input names: that choice if legal, else the default.

    `how` is "answered" for a legal choice: a game cannot tell a seat's own answer from the
    default the engine sends for a silent seat; the engine's `core.reaction.closed` can.
    """
    picked = window.choice(key) if key else None
    if picked is None:
        return default_answer(window)
    return _resolved(window, picked.key, "answered")


def default_answer(window: Window) -> Resolution:
    """The documented default, taken when the window's deadline passes with no answer."""
    return _resolved(window, window.default, "default")


def read_answer(window: Window, text: str) -> Resolution | None:
    """Read a mailed answer: the first line that names a legal choice ('dodge', 'react dodge')."""
    for line in text.splitlines():
        words = line.strip().split(maxsplit=1)
        if not words:
            continue
        candidate = words[1] if words[0].lower() in ANSWER_WORDS and len(words) > 1 else line
        if window.choice(candidate) is not None:
            return _resolved(window, candidate, "answered")
    return None


def choices_text(window: Window) -> list[str]:
    """One line per legal choice, the default marked, for questions and order templates."""
    lines = []
    for c in window.choices:
        text = f"{c.key}: {c.label}" if c.label else c.key
        lines.append(text + (" (default)" if c.key == window.default else ""))
    return lines


def clears_standing(words: list[str]) -> bool:
    """True for a line that empties the seat's standing reactions: 'standing clear' or 'none'."""
    return len(words) == 2 and words[0] == "standing" and words[1] in CLEAR_WORDS


def replace_standing(
    current: list[StandingReaction], sent: list[StandingReaction] | None
) -> list[StandingReaction]:
    """A seat's standing reactions after a message: the lines it sent replace the set on file,
    in their order and each once; a message with no standing line (None) keeps the set."""
    if sent is None:
        return list(current)
    kept: list[StandingReaction] = []
    for rule in sent:
        if rule not in kept:
            kept.append(rule)
    return kept


class Impossible(NamedTuple):
    """The part of a standing reaction that no question can meet."""

    part: Literal["answer", "fact"]
    key: str  # the fact's name ("" for the answer)
    value: str  # the answer or fact value that never occurs ("" for an unknown fact)


def impossible_part(
    rule: StandingReaction, answers: Collection[str], facts: Mapping[str, Collection[Any]]
) -> Impossible | None:
    """The first part of `rule` no question of its trigger can meet (an answer never among the
    choices, a fact no question has, a value the fact never takes), or None if it may fire.

    `answers` are every choice key a question of the trigger can offer; `facts` every fact's
    possible values. A list in a condition must not hold a value that never occurs either: a
    typo there is a mistake the player wants to hear about, even if the other values fit.
    """
    if not any(rule.answer.lower() == a.lower() for a in answers):
        return Impossible("answer", "", rule.answer)
    for key, wanted in sorted(rule.when.items()):
        if key not in facts:
            return Impossible("fact", key, "")
        for value in wanted if isinstance(wanted, list) else [wanted]:
            if not any(_fact_matches(actual, value) for actual in facts[key]):
                return Impossible("fact", key, str(value))
    return None

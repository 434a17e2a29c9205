"""Standing reactions decide a question by the attack's facts alone, never by the hand.

A line applies when its trigger and conditions hold; the conditions test only the attack's
public facts. If any line applies, the question is not asked: the first applying line whose
card is a legal answer now is played, and when none is (the cards are not held, or their
condition fails), no card is played. Whether a question is asked thus never depends on which
cards the defender holds, so the attacker learns nothing of the hand from it.
"""

from __future__ import annotations

from pbem.core.reactions import PASS, Choice, Resolution, StandingReaction, Window


def applies(rule: StandingReaction, window: Window) -> bool:
    """True when `rule`'s trigger and conditions hold for `window`, whatever the hand."""
    return rule.covers(window.model_copy(update={"choices": [Choice(key=rule.answer)]}))


def standing_decision(window: Window, standing: list[StandingReaction]) -> Resolution | None:
    """The answer the seat's standing lines give `window`, or None when none applies."""
    lines = [rule for rule in standing if applies(rule, window)]
    if not lines:
        return None
    playable = next((rule for rule in lines if window.choice(rule.answer) is not None), None)
    answer = playable.answer if playable is not None else PASS
    chosen = window.choice(answer)
    return Resolution(
        window_id=window.id,
        seat=window.seat,
        answer=chosen.key if chosen is not None else PASS,
        how="standing",
    )

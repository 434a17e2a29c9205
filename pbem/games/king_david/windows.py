"""Decisions other players' actions force: retreat or stand, and whether to besiege.

A standing reaction answers at once. Else only a seat acting now is asked (a reaction window
with the legal choices and a documented default: stand; do not besiege); any other seat (a
defender) gets its documented default at once, never a question: whether it is asked would
tell the attacker and everyone else whether its hidden standing instructions cover the case."""

from __future__ import annotations

from typing import Any

from pbem.core.game import Event
from pbem.core.reactions import Choice, Window, standing_answer
from pbem.games.king_david.state import KDState

RETREAT = "kd.retreat"
SIEGE = "kd.siege"


def ask(state: KDState, seat: str, trigger: str, facts: dict[str, Any],
        choices: list[Choice], default: str, events: list[Event]) -> str | None:
    """The standing answer of `seat` (recorded, for it alone), the default for a seat not
    acting now, or None after opening a window for the acting seat."""
    state.windows_opened += 1
    window = Window(id=f"t{state.turn}-w{state.windows_opened}", seat=seat, trigger=trigger,
                    facts=facts, choices=choices, default=default)
    player = state.players.get(seat)
    found = standing_answer(window, player.standing) if player else None
    if found is None and player is None:
        return default
    if found is not None:
        events.append(Event(code="core.reaction.standing",
                            data={"window": window.id, "seat": seat, "answer": found.answer},
                            visible_to=[seat]))
        return found.answer
    if seat not in state.acting_now:
        events.append(Event(code="kd.defaulted", data={"window": window.id, "answer": default},
                            visible_to=[seat]))
        return default
    state.window = window
    events.append(Event(code="kd.asked", data={"seat": seat, "trigger": trigger,
                                               "window": window.id}, visible_to=[seat]))
    return None


def retreat_choices(options: list[str]) -> list[Choice]:
    """Stand, retreat (to the area the rules pick), or retreat to a named area."""
    found = [Choice(key="stand", label="stay for another round")]
    if options:
        found.append(Choice(key="retreat", label=f"retreat (to {options[0]} or a friendly area)"))
        found += [Choice(key=f"retreat {o}", label=f"retreat to {o}") for o in options]
    return found


def siege_choices() -> list[Choice]:
    """Besiege or not."""
    return [Choice(key="besiege", label="pay one resource and besiege the city"),
            Choice(key="no", label="do not besiege")]

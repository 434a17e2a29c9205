"""Decisions other players' actions force: retreat or stand, and whether to besiege.

A standing reaction answers at once, else the documented default (stand; do not besiege):
no seat is ever asked, the acting one included. Whether a question opened would depend on
whether the seat's hidden standing instructions cover the case, and everyone would see it:
the attacker in who owes, the others in the deadline and in when the next player is asked
(issue 24). `state.window` stays None; `_answer` in flow.py only closes one a stored state
from before this rule still holds."""

from __future__ import annotations

from typing import Any

from pbem.core.game import Event
from pbem.core.reactions import Choice, Window, standing_answer
from pbem.games.king_david.state import KDState

RETREAT = "kd.retreat"
SIEGE = "kd.siege"


def ask(state: KDState, seat: str, trigger: str, facts: dict[str, Any],
        choices: list[Choice], default: str, events: list[Event]) -> str:
    """The standing answer of `seat`, else the default (each recorded for the seat alone):
    a decision never waits for a question, so whether one is asked tells nobody anything."""
    window = Window(id=decision_id(state, trigger, facts), seat=seat, trigger=trigger,
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
    events.append(Event(code="kd.defaulted", data={"window": window.id, "answer": default},
                        visible_to=[seat]))
    return default


def decision_id(state: KDState, trigger: str, facts: dict[str, Any]) -> str:
    """How the seat's own report names a decision: the turn, what and where (and the combat
    round), all facts it knows; never a count of all decisions, which would tell it how many
    others had (they depend on stacks it cannot see)."""
    kind = trigger.rsplit(".", 1)[-1]
    round_part = f"-r{facts['round']}" if "round" in facts else ""
    return f"t{state.turn}-{kind}-{facts.get('area', '')}{round_part}"


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

"""Mighty Kingdoms shows a kingdom nothing that depends on what the fog of war hides from it
(issue 24).

Over random states of a three-kingdom campaign, for every seat: a twin state with the other
kingdoms' unrevealed armies' points and lists, the artefacts they hold and the pool drawn
afresh (`hidden.py`) must give that seat the same report, subject, phase,
deadline, who-owes list and readings of its mails, played forward on the same inputs.

A run stops where the rules show the seat something hidden: a battle (it reveals both
armies) or an artefact drawn from the pool by the seat.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pbem.core.rng import SeededRng
from pbem.core.secrecy import Receive, TwinRun, TwinStep
from pbem.games.mighty_kingdoms.hidden import resample_hidden
from pbem.games.mighty_kingdoms.state import MKState
from tests.support.examples import examples
from tests.support.secrecy import Desk, observe, random_states

STATES = examples(200)
# Tabletop battles and the advanced rules: the armies' lists and the artefacts are secret.
SETTINGS = {"battle_mode": "kow", "advanced": "true"}
STEPS = 2

# Orders naming armies and artefacts the seat does not hold (issue 24 item 4).
PROBES = [
    "move 1 to C4\ndefend 2\nraze 3",
    "regroup 2\nhold 3",
    "target 1 2 3\nretreat 2 to C2",
    "equip 1.Ironguard with Blade of the Last Dawn",
    "equip 2.1 with Stormglass Orb\nquest D7 hero 3.Thane",
    "disband 2\ndeploy 3 to C5",
]


def _own_artefacts(state: MKState, seat: str) -> list[str]:
    carried = [u.artefact or "" for a in state.armies_of(seat) for u in a.units if u.artefact]
    return sorted(carried + state.kingdoms[seat].artefacts_held)


class UntilShown(TwinRun):
    """The core twin run, stopped where the rules show the seat what was hidden."""

    def _advance(self, step: TwinStep, number: int) -> bool:
        moved = super()._advance(step, number)
        battle = any(e.code.startswith("mk.battle") or e.code.startswith("mk.slaughter")
                     for e in [*step.first_events, *step.second_events])
        drew = _own_artefacts(step.first, self.seat) != _own_artefacts(step.second, self.seat)
        return moved and not battle and not drew


def _leaks(game: Any, desk: Desk, states: list[Any], receive: Receive | None = None) -> list[str]:
    found = []
    for number, state in enumerate(states):
        for seat in [s.id for s in state.seats]:
            seen = receive or desk.receive
            run = UntilShown(game, seat, seen, seed=number, steps=STEPS, probes=PROBES)
            difference = run.compare(state)
            if difference:
                found.append(f"state {number}, seat {seat}: {difference}")
    return found


@pytest.mark.slow
def test_a_kingdom_cannot_tell_a_state_from_its_twin(tmp_path: Path) -> None:
    game, desk, opening = Desk.of_game("mighty-kingdoms", tmp_path, sets=SETTINGS)
    states = random_states(game, opening, STATES, seed=24, longest=40)
    assert len(states) == STATES
    found = _leaks(game, desk, states)
    assert not found, "\n".join(found[:10])


def test_the_twin_changes_hidden_facts_and_keeps_the_kingdoms_view(tmp_path: Path) -> None:
    game, _, opening = Desk.of_game("mighty-kingdoms", tmp_path, sets=SETTINGS)
    states = random_states(game, opening, 40, seed=7, longest=40)
    changed = 0
    pairs = 0
    for number, state in enumerate(states):
        for seat in [s.id for s in state.seats]:
            twin = resample_hidden(state, seat, SeededRng(number))
            assert game.view(twin, seat, []) == game.view(state, seat, [])
            others = [s.id for s in state.seats if s.id != seat]
            before = [(a.id, a.units) for o in others for a in state.armies_of(o)]
            after = [(a.id, a.units) for o in others for a in twin.armies_of(o)]
            pairs += 1
            changed += before != after
    assert changed > pairs // 3, (changed, pairs)


@pytest.mark.slow
def test_an_observer_cannot_tell_a_state_from_any_kingdoms_twin(tmp_path: Path) -> None:
    """An observer (issue 37) gets the public report: the same whatever the fog hides."""
    game, desk, opening = Desk.of_game("mighty-kingdoms", tmp_path, sets=SETTINGS)
    states = random_states(game, opening, 8, seed=25, longest=40)
    found = _leaks(game, desk, states, observe(desk))
    assert not found, "\n".join(found[:10])

"""Initiative (5.2) and the phase markers (4.4, 5.3, 13.0): drawn at random, the first six
face up, the rest hidden until reached, no second Build Phase on turn one."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.king_david.state import KDState

TRACK = 12
FACE_UP = 6


def cup_for(state: KDState) -> list[str]:
    """The phase cup this turn; with the variable ending, Game Ends replaces Action markers."""
    cup = [kind for kind, count in sorted(state.scenario.phase_cup.items())
           for _ in range(count)]
    ends = 0 if not state.variable_end else (1 if state.turn == 3 else 2 if state.turn > 3 else 0)
    for _ in range(ends):
        cup.remove("action")
        cup.append("end")
    return cup


def draw_markers(state: KDState, rng: SeededRng, events: list[Event]) -> None:
    """Draw twelve markers onto the Action Track; on turn one a second Build is redrawn."""
    cup = rng.shuffled(cup_for(state), purpose=f"phase markers turn {state.turn}")
    track: list[str] = []
    for marker in cup:
        if len(track) == TRACK:
            break
        if state.turn == 1 and marker == "build" and "build" in track:
            continue
        track.append(marker)
    state.markers, state.revealed, state.marker = track, FACE_UP, 0
    events.append(Event(code="kd.markers", data={"turn": state.turn,
                                                 "face_up": " ".join(track[:FACE_UP])}))


def roll_initiative(state: KDState, rng: SeededRng, events: list[Event]) -> None:
    """Each rolls a D6 (Judah a D8); from the highest, each takes the place they asked for."""
    ranking = _ranked(state, sorted(state.players), rng, events)
    slots: list[str | None] = [None] * len(ranking)
    for seat in ranking:
        free = [i for i, s in enumerate(slots) if s is None]
        slots[_place(free, state.players[seat].initiative)] = seat
    state.order = [s for s in slots if s is not None]
    events.append(Event(code="kd.initiative", data={"turn": state.turn,
                                                    "order": " ".join(state.order)}))


def _place(free: list[int], wished: str) -> int:
    """The first free place of those wished, best first ('first', 'last' or a number from
    one); with all of them taken, the first free place (5.2)."""
    for word in wished.split():
        if word in ("first", "last"):
            return free[0] if word == "first" else free[-1]
        if int(word) - 1 in free:
            return int(word) - 1
    return free[0]


def _ranked(state: KDState, seats: list[str], rng: SeededRng, events: list[Event]) -> list[str]:
    if len(seats) <= 1:
        return seats
    rolls = {}
    for seat in seats:
        die = state.scenario.country(state.players[seat].country).die
        rolls[seat] = rng.die(die, purpose=f"initiative {seat}")
    events.append(Event(code="kd.rolls", data={"purpose": "initiative", "rolls": " ".join(
        f"{s}={r}" for s, r in sorted(rolls.items()))}))
    ranked: list[str] = []
    for value in sorted(set(rolls.values()), reverse=True):
        tied = [s for s in seats if rolls[s] == value]
        ranked += _ranked(state, tied, rng, events) if len(tied) > 1 else tied
    return ranked

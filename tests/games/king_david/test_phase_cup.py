"""The phase cup (4.4, 5.3, event 27): Hand of Fate draws two new markers from what the
turn's draw left in the cup, on turn one never a second Build; and what a player sees of the
track does not settle which markers lie face down (issue 25 item 7)."""

from __future__ import annotations

import json
from collections import Counter

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.king_david import GAME
from pbem.games.king_david.events.turn import hand_of_fate
from pbem.games.king_david.phases import FACE_UP, TRACK, cup_for
from pbem.games.king_david.state import KDState
from tests.games.king_david.harness import opening
from tests.games.king_david.test_setup_and_turn import chosen

OPENINGS = 200


def with_hand_of_fate(seed: int) -> KDState:
    """A two-player opening as turn one begins, p1 holding Hand of Fate for boxes 11+12."""
    state = opening(2, seed=seed).model_copy(deep=True)
    state.order = ["p1", "p2"]
    state.players["p1"].events = ["hand-of-fate.1"]
    state.players["p1"].event_plays = ["hand-of-fate 11+12"]
    return state


def test_hand_of_fate_draws_two_new_markers_and_no_second_build_on_turn_one() -> None:
    for seed in range(OPENINGS):
        state = with_hand_of_fate(seed)
        kept = state.markers[:10]
        rng = SeededRng(seed)
        hand_of_fate(state, rng, [])
        placed: list[str] = []
        for draw in [d for d in rng.draws if d.purpose == "hand of fate"]:
            if draw.value == "build" and "build" in kept + placed:
                continue  # 4.4 on turn one: set aside, another is drawn
            placed.append(str(draw.value))
        assert state.markers == kept + placed, (seed, state.markers, placed)
        assert state.markers.count("build") <= 1


def face_down_settled(state: KDState) -> bool:
    """True when the face-up markers and the cup leave one set of face-down markers only:
    the cup holds no more than the six boxes take, or only one kind is left."""
    left = Counter(cup_for(state)) - Counter(state.markers[:FACE_UP])
    if state.turn == 1 and "build" in state.markers[:FACE_UP]:
        del left["build"]  # 4.4: no second Build on turn one
    return sum(left.values()) <= TRACK - FACE_UP or len(+left) < 2


def test_the_face_up_markers_never_settle_the_face_down_ones() -> None:
    for seed in range(OPENINGS):
        state = opening(2, seed=seed)
        assert not face_down_settled(state), (seed, state.markers[:FACE_UP])


def test_a_players_view_is_the_same_whatever_lies_face_down() -> None:
    state = chosen(3, seed=4).model_copy(deep=True)
    other = state.model_copy(deep=True)
    other.markers[FACE_UP:] = list(reversed(state.markers[FACE_UP:]))
    other.markers[-1] = next(k for k in ("action", "event", "harvest")
                             if k != state.markers[-1])
    assert other.markers != state.markers
    events: list[Event] = []
    for seat in [*sorted(state.players), None]:
        assert json.dumps(GAME.view(state, seat, events), sort_keys=True) == json.dumps(
            GAME.view(other, seat, events), sort_keys=True)

"""The order parser never crashes, and whatever it accepts prints and parses back the same."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.core.rng import SeededRng
from pbem.games.david_goliath import GAME
from pbem.games.david_goliath.state import DGState
from tests.games.david_goliath.harness import DAVID, GOLIATH, duel
from tests.support.examples import examples

WORDS = [
    "pass",
    "place",
    "event",
    "play",
    "move",
    "to",
    "attack",
    "react",
    "standing",
    "defend",
    "negate",
    "with",
    "against",
    "discard",
    "none",
    "walk",
    "jog",
    "fleet",
    "trip",
    "fall",
    "dodge",
    "duck",
    "shield",
    "armor",
    "sword-thrust",
    "sling",
    "close",
    "stone",
    "fast",
    "bigger",
    "thrust",
    "ts",
    "e4",
    "d7",
    "z9",
    "keep",
    ",",
    "#",
    "&",
    "…",
]
LINES = st.lists(st.sampled_from(WORDS), max_size=6).map(" ".join) | st.text(max_size=30)
STATES: list[DGState] = [
    duel(goliath_hand=("walk", "trip", "armor", "sword-thrust"), david_hand=("dodge", "fleet")),
    duel(
        step="attack-david",
        david="d3",
        goliath="d5",
        david_hand=("sling-throw-close", "stone-fast", "bigger"),
    ),
]
asked = GAME.advance(
    duel(goliath_hand=("jog",), david_hand=("trip", "fall")),
    {GOLIATH: GAME.parse(duel(goliath_hand=("jog",)), GOLIATH, "move jog to d6").orders},
    SeededRng(1),
).state
STATES.append(asked)


@settings(max_examples=examples(300), deadline=None)
@given(
    st.lists(LINES, max_size=5),
    st.sampled_from(range(len(STATES))),
    st.sampled_from([DAVID, GOLIATH]),
)
def test_parse_never_crashes_and_round_trips(lines: list[str], index: int, seat: str) -> None:
    state = STATES[index]
    parsed = GAME.parse(state, seat, "\n".join(lines))
    if parsed.orders is None:
        assert parsed.errors
        return
    text = GAME.canonical(state, seat, parsed.orders)
    again = GAME.parse(state, seat, text)
    assert again.errors == [] and again.orders == parsed.orders
    GAME.advance(state, {seat: parsed.orders}, SeededRng(2))


def test_the_fuzzed_states_include_an_open_question() -> None:
    assert STATES[-1].window is not None and STATES[-1].window.seat == DAVID


def test_a_mail_out_of_turn_stands_in_nothing_not_even_its_discards() -> None:
    state = STATES[0]
    idle = next(seat for seat in ("p1", "p2") if seat not in GAME.due(state).players)
    parsed = GAME.parse(state, idle, "pass\ndiscard walk")  # the case the fuzzer found
    assert parsed.orders is None
    for text in ("discard walk\n0", "discard walk", "standing none"):  # no action line read
        parsed = GAME.parse(state, idle, text)
        assert parsed.orders is None, text
        assert [p.code for p in parsed.errors][:1] == ["dg.E_NOT_YOUR_STEP"], text
    assert [p.code for p in parsed.errors] == ["dg.E_NOT_YOUR_STEP"]

"""Every card of the David and Goliath deck is played in seeded duels, read from the events.

A play is read only from public events: `dg.event`, `dg.moved` and `dg.negated` (the move card
and any Negate), `dg.attack` (every card of the attack) and `dg.blocked` (the Defense card).
Along the way no player's view, rendered report or acknowledgement shows a card of the other
hand or the deck's order.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from pbem.core.game import Event
from pbem.core.rng import SeededRng, derive_seed
from pbem.games.david_goliath import GAME
from pbem.games.david_goliath.content import CARDS
from pbem.games.david_goliath.state import DGState
from pbem.render.report import render_html, render_json, render_text, report_context
from tests.games.david_goliath.test_full_games import _header, _opening
from tests.support.examples import sampled

SEEDS = range(56)  # Staff Parry, a single card that only answers Goliath, first comes in duel 55
SLUGS = {card.name: card.slug for card in CARDS}


def played(events: list[Event]) -> Counter[str]:
    """The card slugs the events show played."""
    names: list[str] = []
    for event in events:
        data = event.data
        if event.code in ("dg.event", "dg.moved", "dg.negated", "dg.blocked"):
            names.append(str(data["card"]))
        if event.code == "dg.negated":
            names.append(str(data["negate"]))
        if event.code == "dg.attack":
            names += [str(name) for name in data["cards"]]
    return Counter(SLUGS[name] for name in names)


def _shown(state: DGState, viewer: str, events: list[Event]) -> str:
    view = GAME.view(state, viewer, events)
    head = _header(viewer)
    context = report_context(head, view)  # what both templates read, worked out once
    return "".join(
        [
            json.dumps(view),
            render_text(head, view, context),
            render_html(head, view, context=context),
            render_json(head, view),
        ]
    )


def leaks(before: DGState, after: DGState, events: list[Event], acks: dict[str, str]) -> list:
    """Cards of the other hand, and the deck order, seen in a player's view or acknowledgement."""
    found = []
    for viewer, other in (("p1", "p2"), ("p2", "p1")):
        mine = set(GAME.private_strings(before, viewer)) | set(GAME.private_strings(after, viewer))
        theirs = set(GAME.private_strings(before, other)) | set(GAME.private_strings(after, other))
        shown = _shown(after, viewer, events) + acks.get(viewer, "")
        found += [(viewer, card) for card in sorted(theirs - mine) if card in shown]
        if len(after.deck) > 1 and json.dumps(after.deck)[1:-1] in shown:
            found.append((viewer, "deck order"))
    return found


def play_checked(seed: int) -> Counter[str]:
    """One seeded duel to its end, every step checked for leaks (a fifth of them in the quick
    inner loop, a different fifth in each duel); the cards played."""
    state, kinds = _opening(seed), Counter[str]()
    for step in range(3000):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.due(state).players[0]
        made = GAME.random_input(state, seat, SeededRng(derive_seed(seed, f"bot{step}")))
        ack = GAME.canonical(state, seat, made)
        result = GAME.advance(state, {seat: made}, SeededRng(derive_seed(seed, str(step))))
        if sampled(seed + step):
            assert leaks(state, result.state, result.events, {seat: ack}) == [], (seed, step)
        kinds.update(played(result.events))
        state = result.state
    assert GAME.outcome(state) is not None
    return kinds


@pytest.mark.slow
def test_every_card_of_the_deck_is_played_and_nothing_leaks() -> None:
    kinds: Counter[str] = Counter()
    for seed in SEEDS:
        kinds.update(play_checked(seed))
    every = {card.slug for card in CARDS}
    assert len(every) == 45
    assert sorted(every - set(kinds)) == []


def test_the_play_reader_counts_only_what_the_events_show() -> None:
    events = [
        Event(code="dg.negated", data={"card": "Walk", "negate": "Trip"}),
        Event(code="dg.attack", data={"cards": ["Sling/Throw Far", "Stone Fast"]}),
        Event(code="dg.random_discard", data={"card": "Dodge"}),
        Event(code="dg.move_started", data={"card": "Run"}),
    ]
    assert played(events) == Counter({"walk": 1, "trip": 1, "sling-throw-far": 1, "stone-fast": 1})


def test_the_leak_check_finds_the_other_hand_in_an_acknowledgement() -> None:
    state = _opening(2)
    while not state.figures["goliath"].hand or not state.figures["david"].hand:
        seat = GAME.due(state).players[0]
        state = GAME.advance(state, {seat: GAME.default_input(state, seat)}, SeededRng(1)).state
    goliath = state.seat_of("goliath")
    david = state.seat_of("david")
    hand = GAME.private_strings(state, goliath)
    found = leaks(state, state, [], {david: " ".join(hand)})
    assert {v for v, _ in found} == {david} and len(found) == len(set(hand))

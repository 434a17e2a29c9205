"""Every card kind of the deck is played in seeded games, read from the events; nothing leaks.

A play is read only from public events: `dba.move`, `dba.attack` and `dba.defended` name the
card's title, `dba.dismount` and `dba.trample` play Special Ability, `dba.scout` plays Scout.
Along the way no player's view, rendered report or acknowledgement (the canonical text of an
input) shows a card id from the other hand or from the deck.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from pbem.core.game import Event
from pbem.core.rng import SeededRng, derive_seed
from pbem.games.dba_cards import GAME
from pbem.games.dba_cards.content import CARDS, deck_ids
from pbem.games.dba_cards.state import DBAState
from tests.games.dba_cards.test_full_games import _rendered, opening

SEEDS = (*range(7), 17)  # 17: an Elite card played as a defence (bot play is seeded)
TITLES = {kind.title: key for key, kind in CARDS.items()}
NAMED_PLAYS = ("dba.move", "dba.attack", "dba.defended")
SPECIAL_PLAYS = ("dba.dismount", "dba.trample")


def played(events: list[Event]) -> Counter[str]:
    """The card kinds the events show played, with the role of the Elite card told apart."""
    kinds: Counter[str] = Counter()
    for event in events:
        if event.code in NAMED_PLAYS and event.data["card"] in TITLES:
            key = TITLES[str(event.data["card"])]
            kinds[f"elite {event.code}" if key == "elite" else key] += 1
        elif event.code in SPECIAL_PLAYS:
            kinds["special"] += 1
        elif event.code == "dba.scout":
            kinds["scout"] += 1
    kinds["elite"] = kinds["elite dba.attack"] + kinds["elite dba.defended"]
    return +kinds


def leaks(before: DBAState, after: DBAState, events: list[Event], acks: dict[str, str]) -> list:
    """Card ids a player may not see that show in their view, report or acknowledgement."""
    found = []
    for viewer in after.seat_ids():
        other = after.opponent(viewer)
        scouted = [e for e in events if e.code == "dba.scouted" and e.visible_to == [viewer]]
        allowed = set(before.sides[viewer].hand) | set(after.sides[viewer].hand)
        allowed |= {str(c) for e in scouted for c in e.data["cards"]}
        secret = set(before.sides[other].hand) | set(after.sides[other].hand)
        secret |= set(before.deck) | set(after.deck)
        shown = _rendered(after, viewer, events) + acks.get(viewer, "")
        found += [(viewer, card) for card in sorted(secret - allowed) if card in shown]
        if len(after.deck) > 1 and json.dumps(after.deck)[1:-1] in shown:
            found.append((viewer, "deck order"))
    return found


def play_checked(seed: int) -> Counter[str]:
    """One seeded bot game to its end; every phase checked for leaks; the cards played."""
    state, kinds, step = opening(seed), Counter[str](), 0
    while GAME.outcome(state) is None:
        inputs, acks = {}, {}
        for seat in GAME.due(state).players:
            made = GAME.random_input(state, seat, SeededRng(derive_seed(seed, f"bot{step}")))
            inputs[seat], acks[seat] = made, GAME.canonical(state, seat, made)
        result = GAME.advance(state, inputs, SeededRng(derive_seed(seed, str(step))))
        assert leaks(state, result.state, result.events, acks) == [], (seed, step)
        kinds.update(played(result.events))
        state, step = result.state, step + 1
    return kinds


@pytest.mark.slow
def test_every_card_kind_of_the_deck_is_played_and_no_view_leaks_a_hand_or_the_deck() -> None:
    kinds: Counter[str] = Counter()
    for seed in SEEDS:
        kinds.update(play_checked(seed))
    every = {card.split("#")[0] for card in deck_ids()}
    assert every == set(CARDS) and len(every) == 16
    assert sorted(every - set(kinds)) == []
    assert kinds["elite dba.attack"] > 0 and kinds["elite dba.defended"] > 0


def test_the_play_reader_counts_only_what_the_events_show() -> None:
    events = [
        Event(code="dba.move", data={"card": "Quick"}),
        Event(code="dba.attack", data={"card": "automatic kill"}),
        Event(code="dba.attack", data={"card": "Elite"}),
        Event(code="dba.defended", data={"card": "Rough Ground"}),
        Event(code="dba.trample", data={}),
        Event(code="dba.discard", data={"cards": ["Push"]}),
    ]
    assert played(events) == Counter(
        {"quick": 1, "elite dba.attack": 1, "elite": 1, "rough": 1, "special": 1}
    )


def test_the_leak_check_finds_a_hand_shown_to_the_other_player() -> None:
    state = opening(3)
    step = GAME.advance(
        state, {s: GAME.default_input(state, s) for s in ("p1", "p2")}, SeededRng(1)
    )
    after = step.state
    assert after.sides["p1"].hand
    ack = "scout\n" + " ".join(after.sides["p1"].hand)
    assert [v for v, _ in leaks(state, after, step.events, {"p2": ack})] == ["p2"] * 3

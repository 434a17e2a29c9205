"""Setup, the round, the timeline and its short-lived kings, and the end of the game."""

from __future__ import annotations

import pytest

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.kings_of_israel import GAME
from pbem.games.kings_of_israel.cards.decks import kind
from pbem.games.kings_of_israel.inputs import KIOrders
from pbem.games.kings_of_israel.play.rounds import end_round, round_start
from pbem.games.kings_of_israel.setup import location_deck
from pbem.games.kings_of_israel.state import KIState
from tests.games.kings_of_israel.harness import opening


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_follows_the_book(players: int) -> None:
    state = opening(players, 7)
    ones = [p for p, c in state.sin.items() if c == 1]
    twos = [p for p, c in state.sin.items() if c == 2]
    assert (len(ones), len(twos), len(state.idols)) == (players + 2, players + 1, players)
    assert not set(state.idols) & set(state.sin)  # each Location card drawn once
    assert state.altars == ["samaria"]
    assert all(len(p.hand) == 2 for p in state.prophets.values())
    for prophet in state.prophets.values():
        assert prophet.at == state.board.ability(prophet.ability).start
    assert len({p.ability for p in state.prophets.values()}) == players
    assert sorted(state.decks.location) == sorted(location_deck(state.board, "none"))
    assert state.king() == "Saul" and state.round == 1 and state.step == "work"


def test_the_first_round_skips_the_sin_increase_but_the_second_does_not() -> None:
    state = opening(2, 7)
    before = dict(state.sin)
    assert state.sin == before
    events: list[Event] = []
    state.round, state.step = 2, "start"
    round_start(state, SeededRng(3), events)
    drawn = [e for e in events if e.code in ("ki.location_card", "ki.shall_be_again")]
    assert len([e for e in drawn if e.code == "ki.location_card"]) == 3
    first = opening(2, 7)
    first_events: list[Event] = []
    first.step = "start"
    round_start(first, SeededRng(3), first_events)
    assert "ki.no_sin_increase" in [e.code for e in first_events]


def test_a_good_king_gives_the_starting_player_a_blessing() -> None:
    state = opening(3, 2)
    assert state.king() == "Saul"
    assert len(state.prophets["p1"].blessings) == 1
    assert [len(state.prophets[s].blessings) for s in ("p2", "p3")] == [0, 0]


def test_an_evil_king_draws_sin_and_punishment() -> None:
    state = opening(2, 2)
    state.timeline = [k.name for k in state.board.kings].index("Jeroboam")
    state.step, state.round = "start", 2
    events: list[Event] = []
    round_start(state, SeededRng(1), events)
    assert "ki.sin_card" in [e.code for e in events]


def _timeline(players: int) -> list[str]:
    state = opening(players, 1)
    seen = [state.king()]
    for _ in range(40):
        state.asks = []
        end_round(state, SeededRng(1), [])
        if state.result:
            break
        seen.append(state.king())
    assert state.result == "lost" and state.reason == "destroyed"
    return seen


def test_short_lived_kings_are_skipped_by_player_count() -> None:
    two, three, four = _timeline(2), _timeline(3), _timeline(4)
    assert len(two) == 15 and len(three) == 15 and len(four) == 15
    assert "Nadab" not in two and "Nadab" not in three  # short-lived: no full round
    assert two == three == four


def test_short_lived_kings_defer_their_cards_to_the_next_full_round() -> None:
    state = opening(4, 1)
    events: list[Event] = []
    end_round(state, SeededRng(1), events)  # Saul -> Ish-bosheth (3-4, evil) -> David
    assert state.king() == "David"
    assert [e.data["king"] for e in events if e.code == "ki.short_king"] == ["Ish-bosheth"]
    assert len(state.deferred) == 1
    two = opening(2, 1)
    two_events: list[Event] = []
    end_round(two, SeededRng(1), two_events)
    assert "ki.short_king" not in [e.code for e in two_events] and not two.deferred
    state.asks, start_events = [], []
    round_start(state, SeededRng(2), start_events)
    assert not state.deferred
    assert "ki.sin_card" in [e.code for e in start_events]


def test_the_starting_player_card_passes_clockwise() -> None:
    state = opening(3, 1)
    seen = []
    for _ in range(4):
        seen.append(state.starting_seat())
        end_round(state, SeededRng(1), [])
    assert seen == ["p1", "p2", "p3", "p1"]


def test_the_easy_version_shows_every_hand_and_rewards_sacrifices() -> None:
    state = opening(2, 4, version="easy")
    view = GAME.view(state, "p2", [])
    p1 = next(p for p in view["prophets"] if p["seat"] == "p1")
    assert sorted(p1["hand"]) == sorted(kind(c) for c in state.prophets["p1"].hand)
    base = GAME.view(opening(2, 4), "p2", [])
    assert "hand" not in next(p for p in base["prophets"] if p["seat"] == "p1")
    state.prophets["p2"].sacrificed = True
    before = len(state.prophets["p2"].blessings)
    end_round(state, SeededRng(1), [])
    assert len(state.prophets["p2"].blessings) == before + 1


def _turn(state: KIState, seat: str, text: str) -> KIState:
    parsed = GAME.parse(state, seat, text)
    assert parsed.errors == [], parsed.errors
    return GAME.advance(state, {seat: parsed.orders}, SeededRng(9)).state  # type: ignore[no-any-return]


def test_a_turn_ends_after_one_mail_and_passes_to_the_next_player() -> None:
    state = opening(2, 4)
    assert GAME.due(state).players == ["p1"] and GAME.due(state).optional == ["p2"]
    after = _turn(state, "p1", "acquire")
    assert GAME.due(after).players == ["p2"]
    assert len(after.prophets["p1"].hand) == 3


def test_planned_turns_are_played_without_waiting() -> None:
    state = opening(2, 4)
    state.prophets["p1"].ability = "hosea"
    after = _turn(state, "p1", "acquire\nnext turn\nacquire\nacquire\nnext turn\nacquire")
    assert len(after.prophets["p1"].plans) == 2
    again = _turn(after, "p2", "end")  # round 2: p2 starts
    assert GAME.due(again).players == ["p2"] and again.round == 2
    third = _turn(again, "p2", "end")  # p1's plan runs; round 3: p1 starts, its plan runs
    assert third.round == 3 and GAME.due(third).players == ["p2"]
    assert third.prophets["p1"].plans == []
    assert len(third.prophets["p1"].hand) == 6


def test_a_team_mate_plays_a_blessing_on_anothers_turn() -> None:
    state = opening(2, 4)
    state.prophets["p2"].blessings = ["manna.1"]
    p2 = GAME.parse(state, "p2", "play manna p1").orders
    p1 = GAME.parse(state, "p1", "end").orders
    after = GAME.advance(state, {"p1": p1, "p2": p2}, SeededRng(1)).state
    assert len(after.prophets["p1"].hand) == 4
    assert after.prophets["p2"].blessings == []


def test_a_new_idol_asks_the_blessing_holder_and_the_answer_plays_it() -> None:
    state = opening(2, 4)
    state.prophets["p1"].blessings = []  # p1 holds none: only p2 is asked
    state.prophets["p2"].blessings = ["fire-from-heaven.1"]
    state.round, state.step = 2, "start"
    state.sin = {"bethel": 2}
    state.decks.location = ["bethel.1", *state.decks.location]
    state.timeline = 2  # David, a good king: no Sin & Punishment card
    first = GAME.advance(state, {}, SeededRng(1)).state
    # p1, the Starting Player, drew a Blessing: every holder of one is asked, p1 first
    assert first.window is not None and first.window.seat == "p1"
    advanced = GAME.advance(first, {"p1": KIOrders(answer="pass")}, SeededRng(1)).state
    assert advanced.window is not None and advanced.window.seat == "p2"
    assert advanced.window.facts["place"] == "bethel"
    due = GAME.due(advanced)
    assert due.players == ["p2"] and due.window is not None
    answer = GAME.parse(advanced, "p2", "answer fire-from-heaven").orders
    assert answer == KIOrders(answer="fire-from-heaven")
    after = GAME.advance(advanced, {"p2": answer}, SeededRng(1)).state
    assert "bethel" not in after.idols and after.window is None
    state.prophets["p2"].standing = GAME.parse(
        state, "p2", "on idol when place=bethel play fire-from-heaven"
    ).orders.standing
    state.prophets["p1"].standing = GAME.parse(state, "p1", "on idol answer pass").orders.standing
    standing = GAME.advance(state, {}, SeededRng(1))
    assert standing.state.window is None and "bethel" not in standing.state.idols
    assert "core.reaction.standing" in [e.code for e in standing.events]


def test_expert_false_prophet_appears_by_player_count() -> None:
    for players, king in ((2, "Baasha"), (3, "Solomon"), (4, "Saul")):
        state = opening(players, 1, version="expert")
        for _ in range(10):
            if state.false_prophet:
                break
            end_round(state, SeededRng(1), [])
            state.asks = []
            round_start(state, SeededRng(1), [])
        assert state.king() == king and state.false_prophet == "samaria", players


def test_a_defeated_false_prophet_returns_where_the_starting_player_says() -> None:
    state = opening(2, 1, version="expert")
    state.prophet_appeared, state.false_prophet = True, None
    state.step = "start"
    asked = GAME.advance(state, {}, SeededRng(1)).state
    assert asked.window is not None and asked.window.trigger == "ki.fp_return"
    assert asked.window.seat == asked.starting_seat()
    taken = {p.at for p in asked.prophets.values()}
    assert not taken & {c.key for c in asked.window.choices}
    answer = GAME.parse(asked, "p1", "answer dan").orders
    after = GAME.advance(asked, {"p1": answer}, SeededRng(1)).state
    assert after.false_prophet == "dan"


def test_a_tie_in_a_card_is_asked_of_the_starting_player_and_the_round_resumes() -> None:
    state = opening(2, 4)
    state.round, state.step = 2, "start"
    state.timeline = [k.name for k in state.board.kings].index("Jeroboam")
    state.altars, state.sin = ["samaria", "bethel", "dan"], {"bethel": 1, "dan": 1}
    state.decks.sin = ["brimstone-and-fire.1", *state.decks.sin]
    asked = GAME.advance(state, {}, SeededRng(1)).state
    assert asked.window is not None and asked.window.trigger == "ki.tie"
    assert asked.window.seat == asked.starting_seat() == "p1"
    assert sorted(c.key for c in asked.window.choices) == ["bethel", "dan"]
    assert asked.step == "start" and sorted(asked.altars) == ["bethel", "dan", "samaria"]
    answer = GAME.parse(asked, "p1", "answer bethel").orders
    after = GAME.advance(asked, {"p1": answer}, SeededRng(1)).state
    assert sorted(after.altars) == ["dan", "samaria"]
    assert after.step == "work"
    assert sum(after.sin.values()) > 2  # the Sin Increases Phase ran after the card
    silent = GAME.advance(asked, {"p1": GAME.default_input(asked, "p1")}, SeededRng(1)).state
    assert sorted(silent.altars) == ["bethel", "samaria"]  # default: Dan, first in map order


def test_a_standing_rule_plays_a_blessing_when_a_team_mates_turn_begins() -> None:
    state = opening(2, 4)
    state.prophets["p1"].at = "bethel"
    state.sin = {"bethel": 3}
    state.prophets["p2"].blessings = ["strength-renewed.1", "repentance.1"]
    rules = "on turn when seat=p1 play strength-renewed\non turn when at=dan play repentance"
    orders = GAME.parse(state, "p2", rules).orders
    assert GAME.parse(state, "p2", GAME.canonical(state, "p2", orders)).orders == orders
    p1 = GAME.parse(state, "p1", "preach\n" * 6).orders
    advance = GAME.advance(state, {"p1": p1, "p2": orders}, SeededRng(1))
    after = advance.state
    assert after.sin.get("bethel", 0) == 0  # six actions: three preaches did it
    assert after.prophets["p2"].blessings == ["repentance.1"]  # not at Dan: kept
    skipped = [e for e in advance.events if e.code == "ki.skipped"]
    assert [e.data["problem"] for e in skipped] == ["ki.E_NO_SIN"] * 3


def _prophet_spreads_to_an_idol(state: KIState) -> KIState:
    """p1's False Prophet turn: from Acco he reaches the Idol at Mount Carmel (prophets block
    Cabul and Dor); his cube there spreads to Megiddo, whose third cube makes an Idol."""
    state.rules.false_prophet, state.prophet_appeared = True, True
    state.false_prophet, state.idols = "acco", ["mount-carmel"]
    state.sin = {"mount-carmel": 3, "megiddo": 2}
    state.prophets["p1"].at, state.prophets["p2"].at = "cabul", "dor"
    state.step, state.turn_index = "prophet", len(state.seats)
    return state


def test_an_idol_the_false_prophet_makes_opens_a_window_before_the_round_ends() -> None:
    state = _prophet_spreads_to_an_idol(opening(2, 4, version="expert"))
    state.prophets["p1"].blessings = []
    state.prophets["p2"].blessings = ["fire-from-heaven.1"]
    asked = GAME.advance(state, {}, SeededRng(1)).state
    assert asked.false_prophet == "mount-carmel" and "megiddo" in asked.idols
    assert asked.window is not None and asked.window.trigger == "ki.idol"
    assert asked.window.seat == "p2" and asked.window.facts["place"] == "megiddo"
    assert asked.round == 1 and asked.step == "after"  # the round has not ended yet
    answer = GAME.parse(asked, "p2", "answer fire-from-heaven").orders
    after = GAME.advance(asked, {"p2": answer}, SeededRng(1)).state
    assert "megiddo" not in after.idols
    assert "fire-from-heaven.1" not in after.prophets["p2"].blessings
    assert after.round == 2 and after.window is None and after.step == "work"


def test_without_any_blessing_the_false_prophets_idol_asks_nobody() -> None:
    state = _prophet_spreads_to_an_idol(opening(2, 4, version="expert"))
    for prophet in state.prophets.values():
        prophet.blessings = []
    after = GAME.advance(state, {}, SeededRng(1)).state
    assert "megiddo" in after.idols and after.round == 2 and after.window is None


def test_over_the_hand_limit_the_default_spare_keeps_every_kind_held() -> None:
    from pbem.games.kings_of_israel.cards.hands import default_kind

    state = opening(2, 4)
    state.prophets["p1"].hand = ["gold.1", "stone.1", "wood.1", "cattle.1", "grain.1", "stone.2"]
    state.prophets["p1"].hand.append("wood.2")
    assert default_kind(state, "p1") == "wood"  # Stone and Wood tie: Wood goes first
    state.prophets["p1"].hand = ["gold.1", "grain.1", "grain.2", "cattle.1", "cattle.2", "wood.1"]
    state.prophets["p1"].hand.append("stone.1")
    assert default_kind(state, "p1") == "grain"  # among equals, Grain before Cattle

"""Secrecy as indistinguishability (issue 24): a prophet receives the same mails, reports,
questions, suggestions and error replies whatever the decks' order and the team-mates'
hidden hands, over random states of the base and Expert games; and one named regression test
per leak the check found."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from pbem.core.rng import SeededRng
from pbem.games.kings_of_israel import GAME, hidden
from pbem.games.kings_of_israel.bots import plan_turn
from pbem.games.kings_of_israel.inputs import KIOrders
from pbem.games.kings_of_israel.state import KIState
from tests.games.kings_of_israel.harness import opening
from tests.support.examples import examples
from tests.support.secrecy import Desk, leaks, observe, random_states

# Orders a seat may send naming cards it may well not hold (issue 24 item 4): the answer
# must depend on its own hand only, never on a team-mate's or the decks.
PROBES = (
    "play repentance bethel",
    "play fire-from-heaven shiloh\nplay manna",
    "give p2 gold stone",
    "give p3 wood\nbuild",
    "sacrifice with grain",
    "move bethel jericho shiloh with cattle",
    "answer repentance",
    "answer gold",
    "acquire\nacquire\nbuild",
)


def _same_draws(state: KIState, seat: str, rng: SeededRng) -> KIState:
    """Redraw the hidden hands and the privately drawn decks only."""
    return hidden.resample_hidden(state, seat, rng, public_draws=False)


# The game with a narrower twin: hands and the Resource and Blessing decks redrawn, the
# Location and Sin & Punishment decks kept, so the twins' rounds begin alike and the
# questions asked there (a new Idol) are compared too.
SAME_DRAWS = replace(GAME, resample_hidden=_same_draws)


def _states(count: int, seed: int, **settings: str) -> list[KIState]:
    return random_states(GAME, opening(3, seed, **settings), count, seed, longest=30)


def _seats(state: KIState) -> list[str]:
    return state.seat_ids()


@pytest.mark.slow
def test_a_prophet_cannot_tell_hidden_hands_and_decks_apart(tmp_path: Path) -> None:
    game, desk, _ = Desk.of_game("kings-of-israel", tmp_path)
    states = [*_states(examples(70), 1), *_states(examples(30), 2, version="expert")]
    found = leaks(game, desk, states, _seats, 2, PROBES)
    assert found == []


@pytest.mark.slow
def test_a_prophet_cannot_tell_hidden_hands_apart_when_rounds_begin_alike(tmp_path: Path) -> None:
    _, desk, _ = Desk.of_game("kings-of-israel", tmp_path)
    states = [*_states(examples(70), 3), *_states(examples(30), 4, version="expert")]
    found = leaks(SAME_DRAWS, desk, states, _seats, 2, PROBES)
    assert found == []


def test_the_twin_changes_hidden_facts_and_keeps_the_seats_own_view() -> None:
    states = _states(40, 5)
    changed = 0
    for number, state in enumerate(states):
        for seat in state.seat_ids():
            twin = GAME.resample_hidden(state, seat, SeededRng(number))
            assert GAME.view(twin, seat, []) == GAME.view(state, seat, [])
            assert hidden.revealed(twin) == hidden.revealed(state)
            others = [s for s in state.seat_ids() if s != seat]
            hands = [state.prophets[s].hand + state.prophets[s].blessings for s in others]
            twin_hands = [twin.prophets[s].hand + twin.prophets[s].blessings for s in others]
            decks = (state.decks.location, state.decks.resource, state.decks.blessing)
            twin_decks = (twin.decks.location, twin.decks.resource, twin.decks.blessing)
            changed += hands != twin_hands and decks != twin_decks
    assert changed >= 0.9 * 3 * len(states)


def _two_prophets_together() -> KIState:
    """p1's turn at Bethel beside p2: p1 holds Wood and Cattle, p2 Gold and Stone."""
    state = opening(2, 3)
    assert state.step == "work" and state.active_seat() == "p1"
    state.prophets["p1"].at = state.prophets["p2"].at = "bethel"
    state.prophets["p1"].hand = ["wood.1", "cattle.1"]
    state.prophets["p2"].hand = ["gold.1", "stone.1"]
    state.prophets["p1"].blessings = state.prophets["p2"].blessings = []
    return state


def test_the_suggestion_is_planned_on_what_the_seat_knows() -> None:
    """Leak (a): the suggested orders were planned on the true state; `give p2 wood` told p1
    that p2 secretly held Gold and Stone, and an `acquire` then `build` the next card."""
    state = _two_prophets_together()
    assert any(a.verb == "give" for a in plan_turn(state, "p1"))  # the bot itself may peek
    template = GAME.view(state, "p1", [])["template"]
    assert "give p2" not in template and "# A suggestion" in template
    for number in range(20):
        twin = GAME.resample_hidden(state, "p1", SeededRng(number))
        assert GAME.view(twin, "p1", [])["template"] == template


def _idol_at_bethel(p2_blessing: str) -> KIState:
    """Round 2 opens with an Idol made at Bethel; p1 holds no Blessing, p2 one."""
    state = opening(2, 4)
    state.round, state.step, state.timeline = 2, "start", 2  # David: p1 draws a Blessing
    state.decks.blessing = ["manna.3", *state.decks.blessing]
    state.prophets["p1"].standing = GAME.parse(state, "p1", "on idol answer pass").orders.standing
    state.prophets["p2"].blessings = [p2_blessing]
    state.sin = {"bethel": 2}
    state.decks.location = ["bethel.1", *state.decks.location]
    return GAME.advance(state, {}, SeededRng(1)).state


def test_an_idol_question_is_asked_alike_whatever_blessing_is_held() -> None:
    """Leaks (b) and (c): only a holder of a Blessing that could answer was asked, so the
    phase label, who owes, the deadline and the next question id told the team what p2 held.
    Now every holder of a Blessing (their number is public) is asked the same question."""
    can, cannot = _idol_at_bethel("fire-from-heaven.1"), _idol_at_bethel("manna.1")
    assert can.window is not None and cannot.window is not None
    assert can.window == cannot.window and can.window.seat == "p2"
    assert GAME.phase(can) == GAME.phase(cannot) and GAME.due(can) == GAME.due(cannot)
    assert GAME.view(can, "p1", []) == GAME.view(cannot, "p1", [])
    held = GAME.view(can, "p2", [])["question"]["choices"]
    assert [c.split(":")[0] for c in held] == ["pass", "fire-from-heaven"]
    after = [GAME.advance(s, {"p2": KIOrders(answer="pass")}, SeededRng(1)) for s in (can, cannot)]
    assert after[0].state.windows_opened == after[1].state.windows_opened
    assert GAME.phase(after[0].state) == GAME.phase(after[1].state)


def test_a_standing_idol_rule_answers_whether_or_not_its_card_is_held() -> None:
    """Leak (c): a standing `on idol play CARD` answered only when CARD was held, so a
    question (and its label) appeared exactly when it was not."""
    states = []
    for card in ("fire-from-heaven.1", "manna.1"):
        state = opening(2, 4)
        state.round, state.step, state.timeline = 2, "start", 2
        for seat in ("p1", "p2"):
            rule = GAME.parse(state, seat, "on idol play fire-from-heaven").orders.standing
            state.prophets[seat].standing = rule
        state.prophets["p2"].blessings = [card]
        state.sin = {"bethel": 2}
        state.decks.location = ["bethel.1", *state.decks.location]
        states.append(GAME.advance(state, {}, SeededRng(1)))
    assert [a.state.window for a in states] == [None, None]
    assert GAME.phase(states[0].state) == GAME.phase(states[1].state)
    assert "bethel" not in states[0].state.idols and "bethel" in states[1].state.idols
    refused = [e for e in states[1].events if e.code == "ki.skipped"]
    assert refused and all(e.visible_to == [e.data["seat"]] for e in refused)


def test_the_discard_question_is_the_same_whatever_the_hand() -> None:
    """Leak found by the check: the discard question listed the kinds held and their counts
    and defaulted to the kind held most, in the window every seat's mail is built from."""
    windows = []
    for hand in (("gold",) * 6, ("gold", "stone", "wood", "cattle", "grain", "grain")):
        state = opening(2, 4)
        state.prophets["p1"].hand = [f"{k}.{n}" for n, k in enumerate(hand, 1)]
        state.prophets["p1"].standing = []
        after = GAME.advance(state, {"p1": GAME.parse(state, "p1", "acquire").orders}, SeededRng(1))
        windows.append(after.state.window)
    assert windows[0] is not None and windows[0] == windows[1]
    assert windows[0].default == "most"


def test_an_order_refused_for_want_of_cards_is_told_to_its_sender_alone() -> None:
    """Found reading the flow: the public report quoted "build" skipped because an Altar needs
    Gold, Stone and Wood, telling the team what the builder's hidden hand lacked."""
    state = _two_prophets_together()
    orders = GAME.parse(state, "p1", "build\ngive p2 gold").orders
    events = GAME.advance(state, {"p1": orders}, SeededRng(1)).events
    skipped = [e for e in events if e.code == "ki.skipped"]
    assert [e.data["problem"] for e in skipped] == ["ki.E_ALTAR_COST", "ki.E_GIVE_CARDS"]
    assert all(e.visible_to == ["p1"] for e in skipped)
    assert not [e for e in events if e.code == "ki.skipped" and e.seen_by("p2")]


@pytest.mark.slow
def test_an_observer_sees_no_hidden_hand_or_deck(tmp_path: Path) -> None:
    """An observer (issue 37) gets the public report: the same whichever hands are redrawn."""
    game, desk, _ = Desk.of_game("kings-of-israel", tmp_path)
    found = leaks(game, desk, _states(examples(30), 6), _seats, 2, receive=observe(desk))
    assert found == []

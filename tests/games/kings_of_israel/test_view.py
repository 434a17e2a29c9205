"""Views and reports: the shared board, one's own hand, the map, and the end report."""

from __future__ import annotations

import json

from pbem.games.kings_of_israel import GAME
from pbem.render import report
from tests.games.kings_of_israel.harness import opening, play_out


def _head(state: object, finished: bool = False) -> dict[str, object]:
    return {
        "campaign": "c",
        "game": "kings-of-israel",
        "seat": "p1",
        "turn": 1,
        "phase_label": GAME.phase(state).label,
        "phase_key": "k",
        "next_phase": "next",
        "deadline": None,
        "deadline_text": "soon",
        "finished": finished,
        "result": None,
    }


def test_a_player_sees_their_own_hand_and_not_the_others() -> None:
    state = opening(3, 2)
    view = GAME.view(state, "p2", [])
    assert view["hand"] == sorted(c.rsplit(".", 1)[0] for c in state.prophets["p2"].hand)
    assert all("hand" not in p for p in view["prophets"])
    assert "hand" not in GAME.view(state, None, [])
    text = json.dumps(GAME.view(state, "p3", []))
    assert not any(card in text for card in state.prophets["p2"].hand)


def test_the_map_is_an_area_picture_with_roads_and_sea_lanes() -> None:
    state = opening(2, 2)
    board = GAME.view(state, "p1", [])["board"]
    assert board["kind"] == "area"
    kinds = {link["kind"] for link in board["links"]}
    assert kinds == {"road", "sea"}
    assert len(board["links"]) == len(state.board.roads) + len(state.board.seas)
    cells = {c["id"]: c for c in board["cells"]}
    assert "altar" in cells["samaria"]["marks"]
    assert all("idol" in cells[p]["marks"] for p in state.idols)
    assert all(0 <= c["x"] <= 1000 and 0 <= c["y"] <= 1000 for c in board["cells"])


def test_the_text_report_shows_board_timeline_hand_and_map() -> None:
    state = opening(2, 2)
    text = report.render_text(_head(state), GAME.view(state, "p1", []))
    for needle in (
        "THE BOARD",
        "TIMELINE",
        "> Saul",
        "YOUR HAND",
        "MAP OF ISRAEL",
        "Judah: roads to Bethel, Jericho",
        "YOUR ORDERS",
        "Altars: 1 of 7",
    ):
        assert needle in text, needle
    html = report.render_html(_head(state), GAME.view(state, "p1", []))
    assert "Map of Israel" in html


def test_the_end_report_says_the_team_lost_and_why() -> None:
    from pbem.render.standings import final_result

    state, _ = play_out(opening(2, 0), 0)
    outcome = GAME.outcome(state)
    head = _head(state, finished=True) | {"result": final_result(outcome, {"p1": "Ann"})}
    text = report.render_text(head, GAME.view(state, "p1", []))
    assert "The team lost." in text
    assert "evil overruns Israel" in text


def test_the_end_report_says_the_team_won() -> None:
    from pbem.render.standings import final_result

    state, _ = play_out(opening(2, 2, gentle=True, level="jehoash"), 2)
    outcome = GAME.outcome(state)
    head = _head(state, finished=True) | {"result": final_result(outcome, {"p1": "Ann"})}
    text = report.render_text(head, GAME.view(state, "p1", []))
    assert "The team won." in text and "The winners are" in text


def test_a_question_is_shown_to_its_seat_alone() -> None:
    from pbem.core.rng import SeededRng

    state = opening(2, 4)
    state.prophets["p2"].blessings = ["fire-from-heaven.1"]
    state.prophets["p1"].standing = GAME.parse(state, "p1", "on idol answer pass").orders.standing
    state.round, state.step, state.timeline = 2, "start", 2
    state.sin = {"bethel": 2}
    state.decks.location = ["bethel.1", *state.decks.location]
    asked = GAME.advance(state, {}, SeededRng(1)).state
    text = report.render_text(_head(asked), GAME.view(asked, "p2", []))
    assert "A new Idol stands at Bethel" in text and "answer fire-from-heaven" in text
    assert "answer repentance" not in text  # the holder is offered the cards they hold
    html = report.render_html(_head(asked), GAME.view(asked, "p2", []))
    assert "A new Idol stands at Bethel" in html and "answer fire-from-heaven" in html
    other = report.render_text(_head(asked), GAME.view(asked, "p1", []))
    assert "QUESTION" not in other


def test_the_report_says_what_each_ability_and_each_of_ones_blessings_does() -> None:
    state = opening(2, 2)
    state.prophets["p1"].ability, state.prophets["p2"].ability = "elijah", "samuel"
    state.prophets["p1"].blessings = ["repentance.1", "wisdom.1"]
    text = report.render_text(_head(state), GAME.view(state, "p1", []))
    assert "Starting Player: Ann)" in text
    assert "Elijah (a road move of up to three steps needs no Cattle or Grain)" in text
    assert "Samuel (each Preach removes two Sin Cubes)" in text
    assert "Repentance (repentance): removes 2 Sin Cube(s) at a location you name" in text
    assert "Wisdom of Solomon (wisdom): placed out face up: every hand limit is 2 higher" in text
    assert "ki.effect" not in text and "ki.power" not in text
    html = report.render_html(_head(state), GAME.view(state, "p1", []))
    assert "removes 2 Sin Cube(s) at a location you name" in html
    other = report.render_text(_head(state), GAME.view(state, "p2", []))
    assert "Repentance" not in other  # a secret hand in the base game


def test_every_shipped_blessing_and_power_has_words() -> None:
    from pbem.games.kings_of_israel.cards.vocabulary import POWERS
    from pbem.games.kings_of_israel.view import effects
    from pbem.wording import wording

    state = opening(2, 2)
    for power in POWERS:
        assert wording(f"ki.power.{power}") != f"ki.power.{power}", power
    for card in state.board.blessings:
        for effect in effects(state, f"{card.id}.1"):
            assert not wording(effect["code"], effect["params"]).startswith("ki."), card.id


def test_a_skipped_order_says_in_words_why() -> None:
    from pbem.core.rng import SeededRng

    state = opening(2, 4)
    orders = GAME.parse(state, "p1", "acquire\nacquire\nacquire\ndestroy idol").orders
    advance = GAME.advance(state, {"p1": orders}, SeededRng(1))
    view = GAME.view(advance.state, "p1", advance.events)
    text = report.render_text(_head(advance.state), view)
    assert '"destroy" is skipped: not enough actions are left this turn (ki.E_NO_ACTIONS)' in text


def test_every_refusal_of_an_action_or_a_blessing_has_skip_words() -> None:
    import re
    from pathlib import Path

    from pbem.games import kings_of_israel
    from pbem.wording import wording

    source = Path(kings_of_israel.__file__).parent
    text = "".join(
        (source / f).read_text() for f in ("play/actions.py", "cards/blessings.py", "play/turn.py")
    )
    codes = set(re.findall(r'"(ki\.E_[A-Z_]+)"', text))
    assert "ki.E_NO_ACTIONS" in codes and len(codes) > 10
    for code in sorted(codes):
        line = wording(f"ki.skipped.{code}", {"who": "Ann", "order": "x"})
        assert line.startswith('Ann: "x" is skipped: ') and code in line, code


def test_a_king_is_called_good_or_evil_in_words() -> None:
    from pbem.core.game import Event

    state = opening(3, 4)
    events = [
        Event(code="ki.short_king", data={"king": "Nadab", "good": False}),
        Event(code="ki.round", data={"round": 2, "king": "David", "good": True, "seat": "p2"}),
    ]
    text = report.render_text(_head(state), GAME.view(state, "p1", events))
    assert "The short reign of Nadab, an evil king: only" in text
    assert "Round 2 begins under King David, a good king; Ben holds" in text
    assert "True" not in text and "False" not in text

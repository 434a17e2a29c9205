"""A report a player reads: one heading per phase when it covers several, the map titled with
the phase whose orders it draws, retreats worded once, and full power names in the standings."""

from __future__ import annotations

from typing import Any

from pbem.core.board import Picture
from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.diplomacy import GAME
from pbem.games.diplomacy.state import DipState
from pbem.render.report import PHASE_HEADING, render_html, render_text
from pbem.render.standings import final_result
from pbem.wording import wording
from tests.games.diplomacy_game.play import orders, standard_game

HEADER = {"campaign": "c", "game": "diplomacy", "seat": "p4", "turn": 1,
          "phase_label": "x", "phase_key": "x", "next_phase": "y", "deadline": None,
          "deadline_text": "soon", "finished": False}


def _two_phases() -> tuple[DipState, list[Event]]:
    """Fall 1901 (a German army dislodged from Munich) and its retreats, as one report."""
    state = standard_game()
    given = {"p3": orders(state, "p3", "A PAR - BUR"), "p6": orders(state, "p6", "A WAR - SIL")}
    spring = GAME.advance(state, given, SeededRng(1))
    given = {"p3": orders(spring.state, "p3", "A BUR - MUN"),
             "p6": orders(spring.state, "p6", "A SIL S A BUR - MUN")}
    moved = GAME.advance(spring.state, given, SeededRng(2))
    assert moved.state.dislodged, "the German army in Munich is dislodged"
    retreat = GAME.advance(moved.state, {"p4": orders(moved.state, "p4", "A MUN - BOH")},
                           SeededRng(3))
    events = [Event(code=PHASE_HEADING, data={"label": "Fall 1901 movement", "turn": 2}),
              *moved.events,
              Event(code=PHASE_HEADING, data={"label": "Fall 1901 retreats", "turn": 2}),
              *retreat.events]
    return retreat.state, events


def _view(state: DipState, events: list[Event]) -> dict[str, Any]:
    return GAME.view(state, "p4", events)


def test_a_report_of_two_phases_heads_each_phases_orders() -> None:
    state, events = _two_phases()
    view = _view(state, events)
    assert [part["phase"] for part in view["played"]] == ["Fall 1901 movement",
                                                           "Fall 1901 retreats"]
    assert [row["order"] for row in view["results"]["Germany"]] == ["A BER H", "F KIE H",
                                                                     "A MUN H", "A MUN R BOH"]
    text = render_text(HEADER, view)
    orders_part = text[text.index("ORDERS AND RESULTS"):text.index("WHAT HAPPENED")]
    movement, retreats = orders_part.index("== Fall 1901 movement =="), \
        orders_part.index("== Fall 1901 retreats ==")
    assert movement < orders_part.index("A BUR - MUN") < retreats < orders_part.index("A MUN R BOH")
    assert orders_part.count("Germany:") == 2  # once under each phase
    html = render_html(HEADER, view)
    assert html.count('class="phase-heading"') == 2


def test_a_report_of_one_phase_has_no_phase_heading_in_its_orders() -> None:
    state = standard_game()
    moved = GAME.advance(state, {"p3": orders(state, "p3", "A PAR - BUR")}, SeededRng(1))
    text = render_text(HEADER, _view(moved.state, moved.events))
    assert "==" not in text[text.index("ORDERS AND RESULTS"):text.index("WHAT HAPPENED")]


def test_the_map_is_titled_with_the_phase_it_shows() -> None:
    state, events = _two_phases()
    assert state.season == "winter"  # the game has moved on to the Winter adjustments
    picture = Picture.model_validate(_view(state, events)["board"])
    assert picture.title == "Standard Diplomacy: Fall 1901 retreats"
    fresh = Picture.model_validate(GAME.view(standard_game(), "p1", [])["board"])
    assert fresh.title == "Standard Diplomacy: Spring 1901 movement"


def test_the_phases_are_worded_once() -> None:
    _, events = _two_phases()
    lines = [wording(e.code, e.data) for e in events if e.code.startswith("dip.") and
             "phase" in e.data]
    assert "The Fall 1901 retreats are adjudicated." in lines
    assert "The orders of the Fall 1901 movement are adjudicated." in lines
    assert not any("retreats of" in line for line in lines)


def test_the_final_standings_give_every_power_its_full_name() -> None:
    state = standard_game()
    state.result = [{"seat": "p3", "power": "France", "centres": 18, "units": 17,
                     "result": "win"},
                    {"seat": "p2", "power": "England", "centres": 8, "units": 8,
                     "result": "loss"}]
    outcome = GAME.outcome(state)
    result = final_result(outcome, {"p3": "Ann", "p2": "Bob"})
    text = render_text({**HEADER, "finished": True, "result": result}, _view(state, []))
    standings = text[text.index("FINAL STANDINGS"):]
    assert "France" in standings and "England" in standings, standings

"""What a text-only player needs to plan moves (issue 25 item 10): the land of every area
(terrain, city, port, and each border's kind), and every stack the player may move, raiders
and minor countries' armies included, with where each may go."""

from __future__ import annotations

from typing import Any

from pbem.games.king_david import GAME
from pbem.games.king_david.state import Army, KDState
from pbem.render import report
from tests.games.king_david.test_setup_and_turn import chosen


def text_report(state: KDState, seat: str) -> str:
    """The seat's text report of the state as it stands."""
    view = GAME.view(state, seat, [])
    head: dict[str, Any] = {
        "campaign": "land", "game": "king-david", "seat": seat, "turn": state.turn,
        "phase_label": GAME.phase(state).label, "phase_key": GAME.phase(state).key,
        "next_phase": "the next phase", "deadline": None, "deadline_text": "none",
        "finished": False, "result": None}
    return report.render_text(head, view)


def acting_with_raiders_and_a_minor() -> tuple[KDState, str]:
    """A state where the acting seat also runs Egyptian raiders and Ammon's armies."""
    state = chosen(2, prefs={"p1": "judah", "p2": "philistia"}).model_copy(deep=True)
    state.markers[state.marker] = "action"
    state.actor, state.window, state.battle, state.agenda = 0, None, None, []
    seat = state.order[0]
    state.minors["ammon"].seat, state.minors["ammon"].active = seat, True
    state.armies += [
        Army(id="A900", country="egypt", kind="militia", strength=2, steps_max=2, steps=2,
             area="sinai", raider=seat, raid=2),
        Army(id="A901", country="ammon", kind="chariot", strength=2, steps_max=2, steps=2,
             area="rabbah")]
    return state, seat


def test_the_report_gives_every_areas_terrain_city_port_and_borders() -> None:
    state = chosen(2)
    text = text_report(state, "p1")
    land = text[text.index("THE LAND"):]
    lines = {line.split()[0]: line for line in land.splitlines()[1:] if line.strip()}
    assert set(lines) >= {a.id for a in state.scenario.areas}
    assert "hill" in lines["hebron"] and "city Hebron" in lines["hebron"]
    assert "port" in lines["gaza"]
    assert "shechem (river)" in lines["megiddo"]
    assert "gilead (ford)" in lines["jezreel"] and "ramoth (Jordan" in lines["jezreel"]
    assert GAME.due(state).players == ["p1"]  # the land table is for writing orders:
    assert "THE LAND" not in text_report(state, "p2")  # a report that asks none leaves it out


def test_the_orders_template_lists_raiders_and_minor_armies_with_their_ways_out() -> None:
    state, seat = acting_with_raiders_and_a_minor()
    template = GAME.view(state, seat, [])["template"]
    assert "A900 militia 2/2 (Egypt raiders, 2 Action Phase(s) left)" in template
    assert "A901 chariot 2/2 (Ammon's, only within Ammon)" in template
    rabbah = template[template.index("A901"):].splitlines()[1]
    assert rabbah.startswith("#     move rabbah TO with a901: ")
    assert "minnith (clear)" in rabbah and "gilead" not in rabbah
    assert "sinai (clear)" in template and "pelusium (clear)" in template


def test_your_armies_say_which_are_raiders_and_which_belong_to_a_minor() -> None:
    state, seat = acting_with_raiders_and_a_minor()
    text = text_report(state, seat)
    mine = text[text.index("YOUR ARMIES"):]
    assert "- sinai: A900 militia 2 2/2 (Egypt raider, 2 Action Phase(s) left)" in mine
    assert "- rabbah: A901 chariot 2 2/2 (Ammon's, stays in Ammon)" in mine


def test_a_player_who_moves_nothing_is_said_in_few_words_and_a_mover_in_full() -> None:
    from pbem.core.game import Event

    state, seat = acting_with_raiders_and_a_minor()
    events = [Event(code="kd.action", data={"seat": seat, "moves": 0}),
              Event(code="kd.action", data={"seat": seat, "moves": 2})]
    view = GAME.view(state, seat, events)
    head: dict[str, Any] = {
        "campaign": "land", "game": "king-david", "seat": seat, "turn": state.turn,
        "phase_label": "x", "phase_key": "x", "next_phase": None, "deadline": None,
        "deadline_text": "", "finished": False, "result": None}
    text, html = report.render_text(head, view), report.render_html(head, view)
    for shown in (text, html):
        assert "moves nothing; combat and sieges follow." in shown
        assert "has made 2 move order(s)" in shown


def test_the_armies_are_listed_a_line_an_area() -> None:
    state, seat = acting_with_raiders_and_a_minor()
    text = text_report(state, seat)
    armies = text.split("YOUR ARMIES", 1)[1].split("\nLeaders:", 1)[0]
    assert "- rabbah: " in armies and "A901 chariot 2 2/2" in armies
    assert "(Ammon's" in armies
    lines = [line for line in armies.splitlines() if line.startswith("- ")]
    assert len(lines) == len({a.area for a in state.armies
                              if (a.raider or state.country_seats().get(a.country)) == seat})

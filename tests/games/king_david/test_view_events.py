"""Events as King David's players read them: seats by country once chosen (by player before),
countries and minors by name, rolls and the order of play by country, an event's target."""

from __future__ import annotations

from typing import Any

from pbem.games.king_david.view_events import named_events
from pbem.render.report import event_lines
from tests.games.king_david.harness import NAMES, opening


def _lines(chosen: bool, *events: tuple[str, dict[str, Any]]) -> list[str]:
    state = opening(3, seed=7)
    if chosen:
        for seat, country in {"p1": "judah", "p2": "philistia", "p3": "aramea"}.items():
            state.players[seat].country = country
    dumped = [{"code": code, "data": data, "visible_to": None} for code, data in events]
    return event_lines("king-david", named_events(state, dumped))


def test_seats_are_named_by_player_until_they_have_a_country() -> None:
    rolls = ("kd.rolls", {"purpose": "country choice", "rolls": "p1=8 p2=6"})
    assert _lines(False, rolls) == [f"Rolls for country choice: {NAMES[0]} 8, {NAMES[1]} 6."]
    assert _lines(True, rolls) == ["Rolls for country choice: Judah 8, Philistia 6."]


def test_countries_minors_order_and_targets_read_as_names() -> None:
    lines = _lines(
        True,
        ("kd.country", {"seat": "p1", "country": "judah"}),
        ("kd.rolls", {"purpose": "control of negev", "rolls": "p2=5"}),
        ("kd.initiative", {"turn": 1, "order": "p3 p1 p2"}),
        ("kd.event_played", {"seat": "p3", "name": "Egyptian Raid", "target": "egypt"}),
        ("kd.event_played", {"seat": "p1", "name": "Surprise", "target": "-"}),
        ("kd.minor_conquered", {"minor": "Negev", "by": "judah"}),
    )
    assert lines == [
        f"{NAMES[0]} takes Judah.",
        "Rolls for control of Negev: Philistia 5.",
        "Turn 1 initiative order: Aramea, Judah, Philistia.",
        "Aramea plays Egyptian Raid on Egypt.",
        "Judah plays Surprise.",
        "Negev is conquered by Judah; its armies leave the map.",
    ]


def test_a_refused_move_gives_its_reason_in_words() -> None:
    (line,) = _lines(True, ("kd.move_refused", {"seat": "p1", "code": "kd.E_STACK",
                                                "path": "galilee dan"}))
    assert "kd.E_STACK" not in line and "stacking limit" in line

"""Stable codes worded from the template files, old events included."""

from __future__ import annotations

from pbem.wording import wording

ROLL = {"seat_name": "Judah", "minor_name": "Ammon", "roll": 7, "modifier": 2, "result": "made"}


def test_a_wording_fills_its_parameters() -> None:
    text = wording("kd.alliance_roll", {**ROLL, "opposed": 3, "spent_name": "Philistia 2"})
    assert text.startswith("Judah seeks an alliance with Ammon: rolls 7, modifier 2")
    assert "count 3 against it" in text and "Philistia 2" in text and "{" not in text


def test_an_event_recorded_before_its_wording_grew_is_worded_as_it_was() -> None:
    assert wording("kd.alliance_roll", ROLL) == (
        "Judah seeks an alliance with Ammon: rolls 7, modifier 2: made."
    )


def test_an_unknown_code_shows_itself_and_its_parameters() -> None:
    assert wording("no.such_code", {"a": 1}) == "no.such_code (a=1)"

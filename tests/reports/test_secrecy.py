"""No report for one reader (text, HTML, JSON or SVG map) shows another player's secrets."""

from __future__ import annotations

from typing import Any

from pbem.core.board import Picture
from pbem.core.rng import SeededRng
from pbem.games.mighty_kingdoms import GAME
from pbem.games.mighty_kingdoms.state import MKState
from pbem.render import report
from pbem.render.svg import render_svg
from tests.reports.campaign import header, inputs_for, new_campaign, order_text, step_named, steps

OTHERS = {"p1": ("p2", None), "p2": ("p1", None)}


def every_format(before: MKState, after: MKState, events: list[Any], viewer: str | None) -> str:
    """Text, HTML, JSON and the SVG map of one reader's report, joined."""
    view = GAME.view(after, viewer, events)
    head = header(before, viewer, after)
    svg = render_svg(Picture.model_validate(view["board"]))
    return "\n".join([report.render_text(head, view), report.render_html(head, view),
                      report.render_json(head, view), svg])


def test_kow_army_lists_stay_with_their_owner_until_a_battle() -> None:
    checked = 0
    for step in steps("kow"):
        for owner, readers in OTHERS.items():
            secrets = GAME.private_strings(step.after, owner)
            if not secrets:
                continue
            own = every_format(step.before, step.after, step.events, owner)
            assert all(s in own for s in secrets), (step.key, owner)  # the test can see them
            for reader in readers:
                shown = every_format(step.before, step.after, step.events, reader)
                assert [s for s in secrets if s in shown] == [], (step.key, owner, reader)
            checked += 1
    assert checked >= 6


def test_revealed_lists_become_public_after_the_battle_notice() -> None:
    step = step_named("kow", "y1-m4")
    assert GAME.private_strings(step.after, "p1") == []
    assert "Spears of p1" in every_format(step.before, step.after, step.events, "p2")


def test_points_of_other_armies_are_not_shown() -> None:
    step = step_named("simple", "y1-m3")
    after = step.after.model_copy(deep=True)
    after.armies["1"].points = 437
    assert "437" in every_format(step.before, after, step.events, "p1")
    for reader in ("p2", None):
        assert "437" not in every_format(step.before, after, step.events, reader), reader


def test_races_sent_but_not_revealed_are_in_no_report() -> None:
    state = new_campaign("simple")
    sealed = GAME.parse(state, "p1", "race Twilight Kin")
    assert not sealed.errors
    for reader in ("p1", "p2", None):
        shown = every_format(state, state, [], reader)
        assert "Twilight Kin" not in shown
        assert "(not chosen yet)" in shown  # nothing about the race is told before all reveal
    revealed = GAME.advance(state, {**inputs_for(state), "p1": sealed.orders}, SeededRng(3))
    assert "Twilight Kin" in every_format(state, revealed.state, revealed.events, "p2")


def test_orders_and_standing_instructions_waiting_to_resolve_stay_private() -> None:
    before = step_named("kow", "y1-m4").before
    text = order_text(before, "p1") + "\nretreat 1 to C3 C2\nwin move 1 to C6\nopponent p2"
    given = GAME.parse(before, "p1", text)
    assert not given.errors
    paused = GAME.advance(before, {**inputs_for(before), "p1": given.orders}, SeededRng(8))
    assert paused.state.stage == "battle"  # the month waits for the tabletop battle
    assert paused.state.progress.preferences["p1"]["win_moves"]  # still to be used
    secrets = ["retreat 1 to C3 C2", "win move 1 to C6", "opponent p2"]
    own = every_format(before, paused.state, paused.events, "p1")
    assert all(s in own for s in secrets)
    for reader in ("p2", None):
        shown = every_format(before, paused.state, paused.events, reader)
        assert [s for s in secrets if s in shown] == [], reader
        assert "Your orders as read" in shown if reader else "Your orders as read" not in shown

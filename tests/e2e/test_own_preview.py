"""A player's PREVIEW by real mail in a Diplomacy game (issue 36 item 6): their own orders
resolved against every other unit holding, answered to them alone, and never depending on
another power's real orders (the same answer before and after Austria files hers)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem.sandbox.mailstack import MailStack
from tests.e2e.loop import Loop, text_of

NAME = "dip"
AUSTRIA = "A VIE - GAL\nA BUD - RUM\nF TRI - ALB"  # p1, with powers given in order
RUSSIA_TRY = "PREVIEW\nA WAR - GAL"  # p4 (Russia)


def _ask(loop: Loop, user: str, body: str) -> tuple[dict[str, int], list[str]]:
    loop.reply(user, loop.inbox(user)[0], body)
    outcomes = loop.tick().ingest.outcomes
    return outcomes, [text_of(m) for m in loop.new_mail(user)]


def _on_file(loop: Loop, seat: str) -> str | None:
    return loop.live_orders(NAME, seat)


@pytest.mark.slow
def test_preview_resolves_own_orders_against_holds_for_that_player_alone(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = Loop(mail_stack, tmp_path)
    loop.start_game(NAME, "diplomacy", 5, seed=3, sets={"powers": "in-order"})
    loop.tick()
    for user in [*loop.players, loop.referee]:
        loop.new_mail(user)
    austria, england, france, russia, turkey = loop.players

    outcomes, (before,) = _ask(loop, russia, RUSSIA_TRY)
    assert outcomes == {"mail.preview": 1}
    assert "the orders in your PREVIEW mail" in before and "their units hold" in before
    assert _on_file(loop, "p4") is None  # only previewed: nothing filed

    assert _ask(loop, austria, AUSTRIA)[0] == {"mail.orders_accepted": 1}
    outcomes, (after,) = _ask(loop, russia, RUSSIA_TRY)
    assert after == before  # Austria's real orders changed nothing in Russia's preview
    for hidden in ("VIE - GAL", "BUD - RUM", "TRI - ALB", "bounce"):
        assert hidden.lower() not in after.lower(), hidden
    assert "WAR - GAL" in after
    assert all(loop.new_mail(user) == [] for user in (austria, england, france, turkey))
    fresh = loop.new_mail(loop.referee)
    assert not any("Preview" in str(m["Subject"]) for m in fresh)  # nor to the referee

    assert _ask(loop, russia, "A WAR - GAL")[0] == {"mail.orders_accepted": 1}
    outcomes, (filed,) = _ask(loop, russia, "PREVIEW")
    assert "your orders on file" in filed and "WAR - GAL" in filed
    outcomes, (bad,) = _ask(loop, russia, "PREVIEW\nA WAR - XYZ\nF SEV - BLA")
    assert outcomes == {"mail.preview": 1} and "Lines left out of the preview" in bad
    assert "line 1:" in bad and "SEV - BLA" in bad
    assert "WAR - GAL" in str(_on_file(loop, "p4"))  # the PREVIEW lines filed nothing

"""A flagged player is told to the referee by mail through a real tick, and shown in status."""

from __future__ import annotations

from pathlib import Path

from pbem.sandbox.mailstack import MailStack
from pbem.services.base.runtime import open_runtime
from pbem.services.intake.entry import submit_by_address
from pbem.services.referee.overview import overview
from pbem.services.turns.turns import run_phase
from tests.e2e.loop import Loop, text_of


def test_the_referee_hears_of_a_player_flagged_for_missed_turns(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = Loop(mail_stack, tmp_path).start(count=2, rounds=3)
    text = loop.config.read_text().replace(
        "[turns]\n", '[turns]\nmissed_turn_policy = "flag-replacement"\nmissed_turn_limit = 1\n'
    )
    loop.config.write_text(text)
    loop.rt = open_runtime(str(loop.config))
    loop.tick()
    first, silent = loop.players
    submit_by_address(loop.rt, "loop", f"{first}@localhost", "pick 3")
    run_phase(loop.rt, "loop", force=True)
    assert overview(loop.rt)[0]["flagged"] == [f"{silent}@localhost"]
    loop.tick()
    alerts = [m for m in loop.inbox(loop.referee) if "Player flagged" in str(m["Subject"])]
    assert len(alerts) == 1 and f"{silent}@localhost" in text_of(alerts[0])
    assert "pbem player replace loop p2" in text_of(alerts[0])
    loop.tick()
    again = [m for m in loop.inbox(loop.referee) if "Player flagged" in str(m["Subject"])]
    assert len(again) == 1  # told once, not on every tick

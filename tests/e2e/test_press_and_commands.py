"""PRESS without an address oracle, and orders under a mail command, by real mail.

Issue 29 item 3: PRESS goes to a seat (by id or number) or a name; an address gets the same
answer whether or not a player has it; relayed text loses bidi and control characters.
Issue 25 item 18: a first line of HELP, STATUS or RESEND with orders below reads both when the
orders read cleanly, and says plainly that they were not used otherwise.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import Session

from pbem.ledger import queries
from pbem.sandbox.mailstack import MailStack
from tests.e2e.loop import Loop, subjects, text_of


def _loop(mail_stack: MailStack, tmp_path: Path) -> Loop:
    loop = Loop(mail_stack, tmp_path).start(count=3)
    loop.tick()
    for player in loop.players:
        loop.new_mail(player)
    return loop


@pytest.mark.slow
def test_press_goes_to_seats_and_names_and_never_confirms_an_address(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = _loop(mail_stack, tmp_path)
    alice, bob, carol = loop.players
    welcome = loop.inbox(alice)[0]
    for target in (f"{bob}@localhost", "nobody@example.org"):
        loop.reply(alice, welcome, f"PRESS {target}\nAre you there?")
    assert loop.tick().ingest.outcomes == {"mail.E_PRESS_ADDRESS": 2}
    first, second = (text_of(m) for m in loop.new_mail(alice))
    assert first == second and "never to a mail address" in first  # nothing tells them apart
    assert loop.new_mail(bob) == [] and loop.new_mail(carol) == []

    loop.reply(alice, welcome, "PRESS 2 by number")
    loop.reply(alice, welcome, f"PRESS {carol.title()}: by name")
    loop.reply(alice, welcome, "PRESS ALL \u202eevil\u202c text\u200b\nsecond\x07 line")
    assert loop.tick().ingest.outcomes == {"mail.press": 3}
    to_bob = [text_of(m) for m in loop.new_mail(bob)]
    to_carol = [text_of(m) for m in loop.new_mail(carol)]
    assert any("by number" in t for t in to_bob) and any("by name" in t for t in to_carol)
    relayed = [t for t in [*to_bob, *to_carol] if "evil" in t]
    assert len(relayed) == 2
    for text in relayed:
        assert "evil text\r\nsecond line" in text
        assert not any(ch in text for ch in "\u202e\u202c\u200b\x07")


@pytest.mark.slow
def test_orders_under_a_mail_command_are_read_or_plainly_not_used(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = _loop(mail_stack, tmp_path)
    alice = loop.players[0]
    welcome = loop.inbox(alice)[0]
    loop.reply(alice, welcome, "Help - is this ok?\npick 4\n")
    assert loop.tick().ingest.outcomes == {"mail.help": 1}
    answers = loop.new_mail(alice)
    assert sorted(subjects(answers)) == ["[loop] Help: pick", "[loop] Orders received: Round 1"]
    help_text = next(text_of(m) for m in answers if "Help" in str(m["Subject"]))
    assert "also handled as an orders mail" in help_text
    assert _on_file(loop, "p1") == "pick 4"

    loop.reply(alice, welcome, "Status: ready\nI think pick 6 is best, do you agree?\n")
    assert loop.tick().ingest.outcomes == {"mail.status": 1}
    (status,) = loop.new_mail(alice)
    assert "NOT used as orders" in text_of(status) and "Round 1" in text_of(status)
    assert _on_file(loop, "p1") == "pick 4"  # nothing on file changed

    loop.reply(alice, welcome, "RESEND\npick 2")
    assert loop.tick().ingest.outcomes == {"mail.resend": 1}
    (notice, ack) = loop.new_mail(alice)
    assert "no report yet" in text_of(notice)
    assert "Orders received" in str(ack["Subject"]) and _on_file(loop, "p1") == "pick 2"


def _on_file(loop: Loop, seat: str) -> str | None:
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        campaign = queries.campaign_named(session, "loop")
        phase = queries.open_phase(session, campaign)
        assert phase is not None
        live = queries.live_submission(session, phase, seat)
        return live.canonical if live else None

"""A judge a community can use, by real mail (issue 37): a referee opens a campaign, strangers
find it with LIST and fill it with SIGNON, it starts with its welcomes, a seat the referee
opens is taken over by a newcomer, and every player's record shows afterwards."""

from __future__ import annotations

import json
import smtplib
from datetime import datetime, timedelta
from email.message import EmailMessage, Message
from email.utils import make_msgid
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from sqlmodel import Session
from typer.testing import CliRunner

from pbem.cli.app import app
from pbem.ledger import queries
from pbem.sandbox.mailstack import MailStack
from pbem.services.community.openings import NewOpening, create_opening
from pbem.services.community.seats import open_seat
from tests.e2e.loop import Loop, subjects, text_of
from tests.support.runtime import register_toy


def _write(loop: Loop, user: str, body: str) -> None:
    """A fresh mail (no thread, no key) to the referee's own address."""
    mail = EmailMessage()
    mail["From"] = f"{user.title()} <{user}@localhost>"
    mail["To"] = f"{loop.referee}@localhost"
    mail["Subject"] = "hello"
    mail["Message-ID"] = make_msgid(domain="players.localhost")
    mail.set_content(body)
    with smtplib.SMTP("127.0.0.1", loop.stack.smtp_port, timeout=30) as smtp:
        smtp.send_message(mail)


def _only(messages: list[Message]) -> str:
    assert len(messages) == 1, subjects(messages)
    return text_of(messages[0])


def _opened(mail_stack: MailStack, tmp_path: Path) -> Loop:
    """A loop with a referee address and no campaign yet, and an opening of the toy game."""
    loop = Loop(mail_stack, tmp_path).start(count=2, name="warmup")
    assert loop.rt is not None
    register_toy()
    scenario = tmp_path / "two.txt"
    scenario.write_text("rounds = 2\n")
    create_opening(loop.rt, NewOpening("spring", "toy", seats=2, scenario=str(scenario),
                                       seed=3, rules="no table talk", observers=True,
                                       absence_days=3))  # fmt: skip
    loop.tick()
    for player in loop.players:
        loop.new_mail(player)
    return loop


@pytest.mark.slow
def test_strangers_find_fill_and_play_an_open_campaign_with_a_replacement(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = _opened(mail_stack, tmp_path)
    assert loop.rt is not None
    ann, ben, cy, eve = (mail_stack.fresh_user() for _ in range(4))
    _write(loop, eve, "OBSERVE spring")
    assert loop.tick().ingest.outcomes == {"community.observing": 1}
    assert "You observe spring" in _only(loop.new_mail(eve))

    _write(loop, ann, "LIST")
    assert loop.tick().ingest.outcomes == {"community.list": 1}
    listing = _only(loop.new_mail(ann))
    assert "spring (Toy Dice): forming, 0 of 2 seats taken" in listing
    assert "no table talk" in listing and "warmup" not in listing

    _write(loop, ann, "SIGNON spring")
    _write(loop, ann, "SIGNON spring")  # a second SIGNON changes nothing
    _write(loop, ben, "RESIGN spring")  # not signed on: changes nothing
    _write(loop, ben, "SIGNON autumn")  # no such campaign
    outcomes = loop.tick().ingest.outcomes
    assert outcomes == {"community.signed_on": 1, "community.E_ALREADY": 1,
                        "community.E_NOT_SIGNED": 1, "community.E_UNKNOWN": 1}  # fmt: skip
    first, again = (text_of(m) for m in loop.new_mail(ann))
    assert "1 of 2 seats taken" in first and "already play in spring" in again
    assert [str(m["Subject"]) for m in loop.new_mail(ben)] == ["[pbem] Your mail was not used"] * 2

    _write(loop, ben, "SIGNON spring")
    assert loop.tick().ingest.outcomes == {"community.signed_on": 1}
    to_ben = loop.new_mail(ben)
    assert sorted(subjects(to_ben)) == ["[pbem] Signed on", "[spring] Welcome to Toy Dice"]
    assert subjects(loop.new_mail(ann)) == ["[spring] Welcome to Toy Dice"]
    _write(loop, cy, "SIGNON spring")  # full now, and started
    assert loop.tick().ingest.outcomes == {"community.E_FULL": 1}
    assert "no free seat" in _only(loop.new_mail(cy))

    # Ann plays round 1; the referee opens Ben's seat; Cy finds it and takes it over.
    ann_welcome = loop.inbox(ann)[-1]
    loop.reply(ann, ann_welcome, "PRESS all\ngood luck")
    loop.reply(ann, ann_welcome, "PRESS p2\njust between us")
    loop.reply(ann, ann_welcome, "pick 4")
    loop.tick()
    loop.new_mail(ann)
    deadline = _deadline(loop)
    day = deadline.astimezone(ZoneInfo(loop.rt.settings.timezone)).date()
    loop.reply(ann, ann_welcome, f"ABSENCE {day} {day}")  # one absence, over the deadline
    assert loop.tick().ingest.outcomes == {"community.absent": 1}
    # to the end of the absent day: a whole day later when the deadline fell at midnight (a
    # phase opened between 23:00 and midnight, its deadline rounded up to the hour)
    assert deadline < _deadline(loop) <= deadline + timedelta(days=1)
    assert any("Absence noted" in str(m["Subject"]) for m in loop.new_mail(ann))
    assert any("is away from" in text_of(m) for m in loop.new_mail(ben))
    open_seat(loop.rt, "spring", "p2", "no word from Ben")
    _write(loop, cy, "LIST")
    loop.tick()
    assert "spring (Toy Dice): running, open seat: p2" in _only(loop.new_mail(cy))
    _write(loop, cy, "SIGNON spring")
    assert loop.tick().ingest.outcomes == {"community.took_seat": 1}
    taken = loop.new_mail(cy)
    assert sorted(subjects(taken))[-1] == "[spring] Welcome: you now play p2"
    assert "You take over seat p2 in spring" in text_of(
        next(m for m in taken if "[pbem]" in str(m["Subject"]))
    )
    told = loop.new_mail(ann)
    assert subjects(told) == [f"[spring] {cy.title()} takes over p2"]
    welcome = next(m for m in taken if "Welcome" in str(m["Subject"]))
    assert "Round 1" in text_of(welcome)  # the position as it stands
    loop.reply(cy, welcome, "pick 2")
    loop.tick()
    with Session(loop.rt.engine) as session:
        campaign = queries.campaign_named(session, "spring")
        assert queries.player_by_seat(session, campaign, "p2").address == f"{cy}@localhost"

    _play_out(loop, ann, cy)
    for who in (ann, cy):
        loop.new_mail(who)
    watched = loop.new_mail(eve)
    assert subjects(watched) == ["[spring] Press from " + ann.title(),
                                 *(f"[spring] Public report: Round {n}" for n in (1, 2, 3))]
    assert not any("just between us" in text_of(m) for m in watched)  # press to one seat
    for who in (ann, cy):
        _write(loop, who, "STATUS ME")
    assert loop.tick().ingest.outcomes == {"community.record": 2}
    assert "games finished:  1" in _only(loop.new_mail(ann))
    result = CliRunner().invoke(app, ["--config", str(loop.config), "players", "--json"])
    assert result.exit_code == 0, result.output
    rows = {r["address"]: r for r in json.loads(result.output)}
    mine = {who: rows[f"{who}@localhost"] for who in (ann, ben, cy)}
    assert [mine[ann][k] for k in ("owed", "on_time", "missed", "finished")] == [3, 3, 0, 1]
    assert [mine[ben][k] for k in ("owed", "dropped", "finished")] == [0, 1, 0]  # never owed
    assert [mine[cy][k] for k in ("owed", "on_time", "finished")] == [3, 3, 1]  # round 1 too


def _deadline(loop: Loop) -> datetime:
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        phase = queries.open_phase(session, queries.campaign_named(session, "spring"))
        assert phase is not None and phase.deadline is not None
        return phase.deadline


def _play_out(loop: Loop, ann: str, cy: str) -> None:
    """Orders for every round still open until the campaign finishes."""
    assert loop.rt is not None
    for _ in range(4):
        with Session(loop.rt.engine) as session:
            if queries.campaign_named(session, "spring").status == "finished":
                return
        for who in (ann, cy):
            latest = loop.inbox(who)[-1]
            loop.reply(who, latest, "pick 3")
        loop.tick()
    with Session(loop.rt.engine) as session:
        assert queries.campaign_named(session, "spring").status == "finished"

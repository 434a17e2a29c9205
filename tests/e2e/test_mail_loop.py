"""The whole mail loop against the real Dovecot and SMTP servers."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from sqlmodel import Session, select

from pbem.ledger.db import make_engine, migrate
from pbem.ledger.models import InboundMessage, Submission
from pbem.mail.routing import token_for
from pbem.sandbox.mailstack import MailStack
from pbem.services.turns.replay import replay
from tests.e2e.loop import Loop, subjects, text_of


@pytest.mark.slow
def test_players_play_several_turns_by_reply(mail_stack: MailStack, tmp_path: Path) -> None:
    loop = Loop(mail_stack, tmp_path).start(count=3, rounds=2)
    loop.tick()
    for player in loop.players:
        assert subjects(loop.new_mail(player)) == ["[loop] Welcome to Toy Dice"]
    for turn in (1, 2):
        for index, player in enumerate(loop.players):
            last = loop.inbox(player)[-1]
            loop.reply(player, last, f"pick {index + 2}\n\n> quoted history\n> pick 1\n")
        report = loop.tick()
        assert report.ingest.outcomes == {"mail.orders_accepted": 3}
        for player in loop.players:
            got = subjects(loop.new_mail(player))
            assert got == [f"[loop] Orders received: Round {turn}", f"[loop] Report: Round {turn}"]
    assert loop.rt is not None and replay(loop.rt, "loop").ok
    assert loop.tick().sent == 0  # nothing left to send, nothing sent twice


@pytest.mark.slow
def test_acknowledgement_echoes_canonical_orders_digest_and_deadline(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = Loop(mail_stack, tmp_path).start(count=2)
    loop.tick()
    alice = loop.players[0]
    loop.reply(alice, loop.inbox(alice)[-1], "PICK   5   # my lucky number\n")
    loop.tick()
    ack = loop.inbox(alice)[-1]
    body = text_of(ack)
    assert "pick 5" in body and "Receipt:" in body and "Deadline:" in body
    assert ack["Auto-Submitted"] == "auto-replied" and ack["X-Pbem-Loop"]
    assert ack["In-Reply-To"] and ack["References"]
    loop.reply(alice, ack, "pick 6")
    loop.tick()
    second = text_of(loop.inbox(alice)[-1])
    assert "REPLACE" in second and "pick 6" in second


@pytest.mark.slow
def test_same_message_delivered_twice_is_processed_once(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = Loop(mail_stack, tmp_path).start(count=2)
    loop.tick()
    alice = loop.players[0]
    welcome = loop.inbox(alice)[-1]
    loop.reply(alice, welcome, "pick 3")
    raw = mail_stack.messages(loop.referee)[-1]
    mail_stack.deliver(raw, f"{loop.referee}@localhost")  # the same Message-ID again
    report = loop.tick()
    assert report.ingest.outcomes == {"mail.orders_accepted": 1, "mail.duplicate": 1}
    assert subjects(loop.new_mail(alice)).count("[loop] Orders received: Round 1") == 1


@pytest.mark.slow
def test_uidvalidity_change_processes_nothing_twice(mail_stack: MailStack, tmp_path: Path) -> None:
    loop = Loop(mail_stack, tmp_path).start(count=2)
    loop.tick()
    alice = loop.players[0]
    loop.reply(alice, loop.inbox(alice)[-1], "pick 2")
    loop.tick()
    before = len(loop.inbox(alice))
    mail_stack.set_uidvalidity(loop.referee, mail_stack.uidvalidity(loop.referee) + 1000)
    report = loop.tick()
    assert report.ingest.stored == 1 and report.ingest.outcomes == {"mail.duplicate": 1}
    assert len(loop.inbox(alice)) == before
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        assert len(session.exec(select(Submission)).all()) == 1
        assert len({m.uidvalidity for m in session.exec(select(InboundMessage)).all()}) == 2


@pytest.mark.slow
def test_forged_from_with_a_stolen_key_records_nothing_and_warns_the_owner(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = Loop(mail_stack, tmp_path).start(count=2)
    loop.tick()
    alice, bob = loop.players
    loop.reply(bob, loop.inbox(alice)[-1], "pick 6", sender=f"Mallory <{bob}@localhost>")
    report = loop.tick()
    assert report.ingest.outcomes == {"mail.E_FROM_MISMATCH": 1}
    warning = loop.inbox(alice)[-1]
    assert "not your registered address" in text_of(warning)
    assert subjects(loop.new_mail(bob)) == [
        "[loop] Welcome to Toy Dice"
    ]  # the forger hears nothing


@pytest.mark.slow
def test_player_address_without_key_or_with_a_wrong_key_gets_an_explanation(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = Loop(mail_stack, tmp_path).start(count=2)
    loop.tick()
    alice = loop.players[0]
    welcome = copy.deepcopy(loop.inbox(alice)[-1])  # the inbox's messages are shared: edit a copy
    del welcome["Reply-To"]
    welcome.replace_header("Subject", "orders")
    welcome["Reply-To"] = f"{loop.referee}@localhost"
    loop.reply(alice, welcome, "pick 4")
    tampered = copy.deepcopy(loop.inbox(alice)[-1])
    wrong = token_for("loop", "p1", "not-the-secret")
    tampered.replace_header("Reply-To", f"{loop.referee}+{wrong}@localhost")
    tampered.replace_header("Subject", f"orders [pbem {wrong}]")
    loop.reply(alice, tampered, "pick 4")
    report = loop.tick()
    assert report.ingest.outcomes == {"mail.E_NO_SECRET": 1, "mail.E_BAD_SECRET": 1}
    notices = [text_of(m) for m in loop.new_mail(alice)[1:]]
    assert len(notices) == 2 and all("was not used" in n for n in notices)


@pytest.mark.slow
def test_unknown_sender_gets_nothing(mail_stack: MailStack, tmp_path: Path) -> None:
    loop = Loop(mail_stack, tmp_path).start(count=2)
    loop.tick()
    stranger = mail_stack.fresh_user()
    loop.reply(stranger, loop.inbox(loop.players[0])[-1], "pick 1", sender=f"{stranger}@localhost")
    report = loop.tick()
    assert report.ingest.outcomes == {"mail.E_FROM_MISMATCH": 1}
    assert loop.inbox(stranger) == []


@pytest.mark.slow
def test_cli_with_env_urls_sends_welcome_on_create(mail_stack: MailStack, tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    from tests.e2e.loop import REPO

    referee, player = mail_stack.fresh_user(), mail_stack.fresh_user()
    other = mail_stack.fresh_user()
    env = {
        **os.environ,
        "PBEM_IMAP_URL": mail_stack.imap_url(referee),
        "PBEM_SMTP_URL": mail_stack.smtp_url(),
        "PBEM_REFEREE_ADDRESS": f"{referee}@localhost",
        "PBEM_DATABASE_URL": f"sqlite:///{tmp_path / 'l.db'}",
        "PYTHONPATH": str(REPO),
    }
    env.pop("PBEM_CONFIG", None)
    migrate(make_engine(env["PBEM_DATABASE_URL"]))  # as `pbem migrate` would, once
    command = [
        sys.executable,
        "-m",
        "pbem",
        "campaign",
        "create",
        "envy",
        "--game",
        "mighty-kingdoms",
        "--scenario",
        "valley-3",
        "--player",
        f"P <{player}@localhost>",
        "--player",
        f"O <{other}@localhost>",
    ]
    done = subprocess.run(
        command, env=env, cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Welcome mail sent: 2" in done.stdout
    welcome = [m for m in mail_stack.messages(player)]
    assert len(welcome) == 1 and b"Welcome to Mighty Kingdoms" in welcome[0]

"""The community desk without servers: LIST, SIGNON, RESIGN and STATUS ME from strangers, every
refusal changing nothing, the LIST limit, the record minimum, the start when full."""

from __future__ import annotations

import email
import email.policy
from dataclasses import replace
from datetime import timedelta
from email.message import EmailMessage
from itertools import count
from pathlib import Path

import pytest
from sqlmodel import Session, select

from pbem.errors import Conflict, Invalid
from pbem.ledger.models import Campaign, Opening, Outbox, Signup
from pbem.services.base.runtime import Runtime
from pbem.services.community.asks import Ask, read_ask
from pbem.services.community.openings import NewOpening, create_opening
from pbem.services.community.starting import start_full, start_opening
from pbem.services.intake.entry import submit_by_address
from pbem.services.intake.ingest import IngestStats, store_raw
from pbem.services.intake.mailroom import process_pending
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from pbem.services.turns.turns import run_phase
from tests.support.runtime import scenario_file

UIDS = count(1)


def _send(rt: Runtime, sender: str, body: str) -> dict[str, int]:
    """Store one fresh mail from `sender` and process it; the outcomes."""
    mail = EmailMessage()
    mail["From"] = f"{sender.split('@')[0].title()} <{sender}>"
    mail["To"] = rt.settings.referee_address
    mail["Subject"] = "hi"
    mail["Message-ID"] = f"<m{next(UIDS)}@players.localhost>"
    mail.set_content(body)
    store_raw(rt, "test://box", bytes(mail), next(UIDS))
    stats = IngestStats()
    process_pending(rt, stats)
    return stats.outcomes


def _open(rt: Runtime, tmp_path: Path, **extra: object) -> None:
    request = NewOpening("spring", "toy", seats=2, scenario=scenario_file(tmp_path), seed=1)
    create_opening(rt, replace(request, **extra))  # type: ignore[arg-type]


def _texts(rt: Runtime, to: str, kind: str | None = None) -> list[str]:
    """The subject and text of every letter queued to `to` (of `kind`), oldest first."""
    with Session(rt.engine) as session:
        rows = session.exec(select(Outbox).where(Outbox.recipient == to)).all()
    found = []
    for row in rows:
        if kind is None or row.kind == kind:
            mail = email.message_from_bytes(row.raw, policy=email.policy.default)
            body = mail.get_body(preferencelist=("plain",))
            text = body.get_content() if body is not None else ""  # type: ignore[union-attr]
            found.append(f"{mail['Subject']}\n{text}")
    return found


def _signups(rt: Runtime) -> list[tuple[str, str]]:
    with Session(rt.engine) as session:
        return [(s.address, s.status) for s in session.exec(select(Signup)).all()]


def test_the_first_line_names_the_command() -> None:
    assert read_ask("\n  signon Spring England France\n") == Ask("signon", "Spring",
                                                                  "England France")
    assert read_ask("LIST:") == Ask("list") and read_ask("status me") == Ask("record")
    assert read_ask("STATUS") is None and read_ask("pick 4") is None and read_ask("") is None


def test_signon_fills_the_seats_and_the_tick_starts_the_campaign(
    rt: Runtime, tmp_path: Path
) -> None:
    _open(rt, tmp_path)
    assert _send(rt, "ann@x.org", "SIGNON spring England") == {"community.signed_on": 1}
    assert _send(rt, "ann@x.org", "SIGNON spring") == {"community.E_ALREADY": 1}
    assert _send(rt, "ben@x.org", "signon SPRING") == {"community.signed_on": 1}
    assert _send(rt, "cy@x.org", "SIGNON spring") == {"community.E_FULL": 1}
    assert _send(rt, "ann@x.org", "RESIGN spring") == {"community.E_STARTED": 1}  # full
    assert start_full(rt) == ["spring"]
    with Session(rt.engine) as session:
        campaign = session.exec(select(Campaign)).one()
        assert campaign.name == "spring"
        welcomes = session.exec(select(Outbox.recipient).where(Outbox.kind == "welcome")).all()
    assert sorted(welcomes) == ["ann@x.org", "ben@x.org"]
    assert "Your preference: England\r\n(Diplomacy gives" in _texts(rt, "ann@x.org")[0]
    assert start_full(rt) == []  # started once


def test_bad_input_gets_an_answer_and_changes_nothing(rt: Runtime, tmp_path: Path) -> None:
    _open(rt, tmp_path)
    outcomes = [_send(rt, "ann@x.org", body) for body in
                ("SIGNON", "SIGNON autumn", "RESIGN spring", "RESIGN")]  # fmt: skip
    assert outcomes == [{"community.E_SYNTAX": 1}, {"community.E_UNKNOWN": 1},
                        {"community.E_NOT_SIGNED": 1}, {"community.E_SYNTAX": 1}]  # fmt: skip
    assert _signups(rt) == []
    answers = _texts(rt, "ann@x.org")
    assert len(answers) == 4 and all("Your mail was not used" in a for a in answers)
    assert "No campaign called \"autumn\" takes players by mail" in answers[1]


def test_resign_before_the_start_frees_the_seat(rt: Runtime, tmp_path: Path) -> None:
    _open(rt, tmp_path)
    _send(rt, "ann@x.org", "SIGNON spring")
    assert _send(rt, "ann@x.org", "RESIGN spring") == {"community.resigned": 1}
    assert _send(rt, "ann@x.org", "SIGNON spring") == {"community.signed_on": 1}
    assert _signups(rt) == [("ann@x.org", "resigned"), ("ann@x.org", "joined")]


def test_sign_up_closes_at_its_deadline(rt: Runtime, tmp_path: Path) -> None:
    _open(rt, tmp_path, signup_by=rt.clock.now() + timedelta(hours=1))
    rt.clock.at = rt.clock.now() + timedelta(hours=2)  # type: ignore[attr-defined]
    assert _send(rt, "ann@x.org", "LIST") == {"community.list": 1}
    assert "No campaign takes players or observers now" in _texts(rt, "ann@x.org")[0]
    assert _send(rt, "ann@x.org", "SIGNON spring") == {"community.E_CLOSED": 1}
    assert _signups(rt) == []


def test_a_list_flood_is_limited_like_press(rt: Runtime, tmp_path: Path) -> None:
    rt.settings = replace(rt.settings, press_rate_per_hour=2)
    _open(rt, tmp_path, rules="gunboat")
    outcomes = [_send(rt, "flood@x.org", "LIST") for _ in range(3)]
    assert outcomes == [{"community.list": 1}] * 2 + [{"community.E_LIST_LIMIT": 1}]
    first = _texts(rt, "flood@x.org")[0]
    assert "spring (Toy Dice): forming, 0 of 2 seats taken" in first and "gunboat" in first
    rt.settings = replace(rt.settings, reply_rate_per_hour=3)
    assert _send(rt, "flood@x.org", "LIST") == {"community.quiet": 1}  # past every budget
    assert len(_texts(rt, "flood@x.org")) == 3


def test_a_minimum_record_refuses_a_player_who_missed(rt: Runtime, tmp_path: Path) -> None:
    players = ["Ann <ann@x.org>", "Ben <ben@x.org>"]
    create_campaign(rt, NewCampaign("old", "toy", scenario_file(tmp_path), players, seed=2))
    submit_by_address(rt, "old", "ben@x.org", "pick 3")
    run_phase(rt, "old", force=True)  # Ann sent nothing: the default stood for her
    _open(rt, tmp_path, min_on_time=50)
    assert _send(rt, "ann@x.org", "STATUS ME") == {"community.record": 1}
    record = _texts(rt, "ann@x.org")[-1]
    assert "phases owed:     1" in record and "missed:          1" in record
    assert _send(rt, "ann@x.org", "SIGNON spring") == {"community.E_RECORD": 1}
    assert "at least 50%" in _texts(rt, "ann@x.org")[-1]
    assert _send(rt, "ben@x.org", "SIGNON spring") == {"community.signed_on": 1}
    assert _send(rt, "new@x.org", "SIGNON spring") == {"community.signed_on": 1}  # no record
    assert [a for a, _ in _signups(rt)] == ["ben@x.org", "new@x.org"]


def test_the_referee_is_refused_what_makes_no_sense(rt: Runtime, tmp_path: Path) -> None:
    _open(rt, tmp_path)
    with pytest.raises(Conflict):
        _open(rt, tmp_path)
    with pytest.raises(Invalid):
        create_opening(rt, NewOpening("big", "toy", seats=9, scenario=scenario_file(tmp_path)))
    with pytest.raises(Invalid):
        create_opening(rt, NewOpening("pct", "toy", seats=2, min_on_time=101,
                                      scenario=scenario_file(tmp_path)))  # fmt: skip
    with Session(rt.engine) as session:
        assert [o.name for o in session.exec(select(Opening)).all()] == ["spring"]
    _send(rt, "ann@x.org", "SIGNON spring")
    with pytest.raises(Invalid):  # the toy game needs two players
        start_opening(rt, "spring")

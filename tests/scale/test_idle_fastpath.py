"""The idle check (services/tick/idle_checks.py) and the full tick agree.

For every state in which a tick does something, the check finds work, and the full tick, run on
the same ledger at the same moment, changes the ledger. On a truly idle ledger the check finds
none and the full tick changes nothing; once the full ticks have done the work, the check says
idle again. Each state is built on SQLite and the ones that compare times or flags also on
PostgreSQL, where the check's SQL goes through psycopg.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from sqlmodel import Session, SQLModel, col, select

from pbem.config import Secret
from pbem.ledger import lock_names
from pbem.ledger.models import (
    Campaign,
    Grace,
    HeldAck,
    Opening,
    Outbox,
    Phase,
    Player,
    Signup,
)
from pbem.ledger.revisions import head_revision
from pbem.mail.transport.maildir import MaildirSource
from pbem.mail.transport.mailers import RecordingMailer
from pbem.registry import games
from pbem.services.base.locks import run_lock
from pbem.services.base.runtime import Runtime
from pbem.services.intake.entry import submit_by_address
from pbem.services.intake.ingest import store_raw
from pbem.services.intake.mailbox import default_source
from pbem.services.tick import tick as tick_module
from pbem.services.tick.idle import find_work
from pbem.services.tick.idle_checks import REVIEWED_SCHEMA, lead_now
from pbem.services.tick.idle_ledger import Unsure
from pbem.services.tick.tick import tick
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from pbem.services.turns.now import read_now
from pbem.services.turns.submissions import submit
from pbem.services.turns.turns import run_phase
from tests.support.runtime import make_runtime, register_toy, scenario_file, sqlite_url

JUNK = b"From: someone@example.org\r\nSubject: hello\r\nMessage-ID: <j1@x>\r\n\r\nhi\r\n"
Change = Callable[[Runtime], Runtime | None]


def _maildir(root: Path) -> Path:
    for sub in ("new", "cur", "tmp"):
        (root / sub).mkdir(parents=True, exist_ok=True)
    return root


@pytest.fixture
def idle(tmp_path: Path) -> Iterator[Callable[[str], Runtime]]:
    """Build an idle ledger: two toy campaigns, welcome mail sent, a Maildir read once."""
    register_toy()
    made: list[Runtime] = []

    def build(url: str) -> Runtime:
        maildir = _maildir(tmp_path / "Maildir")
        rt = make_runtime(
            url,
            smtp_url=Secret(f"file://{tmp_path / 'sent'}"),
            imap_url=Secret(f"maildir://{maildir}"),
        )
        made.append(rt)
        for n in range(2):
            players = [f"P{s} <c{n}.{s}@localhost>" for s in range(2)]
            create_campaign(
                rt, NewCampaign(f"c{n}", "toy", scenario_file(tmp_path), players, seed=n)
            )
        _settle(rt)
        return rt

    yield build
    for rt in made:
        rt.engine.dispose()
    games().pop("toy", None)


def _dump(rt: Runtime) -> dict[str, list[Any]]:
    """Every row of every table."""
    with rt.engine.connect() as connection:
        return {
            table.name: sorted(map(repr, connection.execute(table.select()).all()))
            for table in SQLModel.metadata.sorted_tables
        }


def _tick_changes(rt: Runtime) -> bool:
    """Run one full tick at the runtime's moment; True when it changed the ledger."""
    before = _dump(rt)
    tick(rt, default_source(rt), RecordingMailer(), wait_seconds=5)
    return _dump(rt) != before


def _settle(rt: Runtime) -> None:
    """Full ticks until one changes nothing."""
    for _ in range(6):
        if not _tick_changes(rt):
            return
    raise AssertionError("the ledger never settled")


def _fast(rt: Runtime) -> str | None:
    return find_work(rt.settings, rt.clock.now())


def _move(rt: Runtime, delta: timedelta) -> None:
    rt.clock.at = rt.clock.now() + delta  # type: ignore[attr-defined]


def _deadline(rt: Runtime) -> Any:
    with Session(rt.engine) as session:
        phase = session.exec(select(Phase).where(Phase.status == "open").order_by(col(Phase.id)))
        return phase.first().deadline  # type: ignore[union-attr]


def _edit(rt: Runtime, model: type[Any], where: Any, **values: Any) -> None:
    with Session(rt.engine) as session:
        row = session.exec(select(model).where(where)).first()
        for name, value in values.items():
            setattr(row, name, value)
        session.add(row)
        session.commit()


def _outbox_row(rt: Runtime, key: str, **values: Any) -> None:
    now = rt.clock.now()
    row = Outbox(
        key=key,
        kind="notice",
        recipient="c0.0@localhost",
        subject="a notice",
        message_id=f"<{key}@localhost>",
        raw=b"Subject: a notice\r\n\r\nhello\r\n",
        next_attempt_at=now,
        created_at=now,
    )
    for name, value in values.items():
        setattr(row, name, value)
    with Session(rt.engine) as session:
        session.add(row)
        session.commit()


# ----- the states in which a tick works ----------------------------------------------------


def new_mail_in_the_mailbox(rt: Runtime) -> None:
    path = Path(rt.settings.imap_url.value.removeprefix("maildir://")) / "new" / "1.M1.host"
    path.write_bytes(JUNK)


def stored_mail_not_processed(rt: Runtime) -> None:
    store_raw(
        rt,
        MaildirSource(rt.settings.imap_url.value.removeprefix("maildir://")).identity,
        JUNK,
        uid=999,
    )


def deadline_passed(rt: Runtime) -> None:
    rt.clock.at = _deadline(rt) + timedelta(minutes=1)  # type: ignore[attr-defined]


def all_input_in(rt: Runtime) -> None:
    with Session(rt.engine) as session:
        campaign = session.exec(select(Campaign).where(Campaign.name == "c0")).one()
        for seat in ("p1", "p2"):
            submit(session, rt, read_now(session, campaign), seat, "pick 3", source="cli")
        session.commit()
    _move(rt, timedelta(minutes=11))  # past the early delay


def reminder_due(rt: Runtime) -> None:
    rt.clock.at = _deadline(rt) - timedelta(hours=23)  # type: ignore[attr-defined]


def held_ack_due(rt: Runtime) -> None:
    with Session(rt.engine) as session:
        player = session.exec(select(Player).where(Player.address == "c0.0@localhost")).one()
        phase = session.exec(select(Phase).where(Phase.campaign_id == player.campaign_id)).one()
        now = rt.clock.now()
        session.add(
            HeldAck(
                campaign_id=player.campaign_id,
                player_id=player.id or 0,
                phase_id=phase.id or 0,
                held_at=now,
                due_at=now,
            )
        )
        session.commit()


def pending_mail(rt: Runtime) -> None:
    _outbox_row(rt, "notice:pending")


def failed_send_due_again(rt: Runtime) -> None:
    earlier = rt.clock.now() - timedelta(minutes=1)
    _outbox_row(rt, "notice:retry", attempts=1, last_error="421 busy", next_attempt_at=earlier)


def send_left_by_a_crash(rt: Runtime) -> None:
    _outbox_row(rt, "notice:crashed", status="sending", attempts=1)


def sent_mail_to_slim(rt: Runtime) -> Runtime:
    rt = replace(rt, settings=replace(rt.settings, sent_raw_days=2))
    sent = rt.clock.now() - timedelta(days=3)
    _outbox_row(rt, "notice:old", status="sent", sent_at=sent, next_attempt_at=sent)
    return rt


def opening_filled(rt: Runtime) -> None:
    """A forming campaign whose last seat SIGNON just took: the tick starts it."""
    now = rt.clock.now()
    scenario = scenario_file(Path(tempfile.mkdtemp(prefix="opening-")))
    with Session(rt.engine) as session:
        opening = Opening(name="c9", game="toy", scenario=scenario, seats=2, status="full",
                          sets_json="{}", created_at=now)  # fmt: skip
        session.add(opening)
        session.flush()
        for n in range(2):
            session.add(Signup(opening_id=opening.id or 0, address=f"c9.{n}@localhost",
                               name=f"P{n}", at=now))  # fmt: skip
        session.commit()


def observer_owed_a_report(rt: Runtime) -> None:
    """An observer of c0, whose first round was adjudicated after they signed on."""
    now = rt.clock.now()
    with Session(rt.engine) as session:
        campaign = session.exec(select(Campaign).where(Campaign.name == "c0")).one()
        opening = Opening(name="c0", game="toy", seats=2, status="started", observers=True,
                          campaign_id=campaign.id, created_at=now)  # fmt: skip
        session.add(opening)
        session.flush()
        session.add(Signup(opening_id=opening.id or 0, address="eve@localhost", name="Eve",
                           role="observer", at=now))  # fmt: skip
        session.commit()
    for seat in range(2):
        submit_by_address(rt, "c0", f"c0.{seat}@localhost", "pick 3")
    run_phase(rt, "c0", force=True)


def deadline_in_an_absence(rt: Runtime) -> None:
    """A player of c1 declared an absence that the open phase's deadline falls in."""
    now = rt.clock.now()
    with Session(rt.engine) as session:
        campaign = session.exec(select(Campaign).where(Campaign.name == "c1")).one()
        phase = session.exec(select(Phase).where(Phase.campaign_id == campaign.id,
                                                 Phase.status == "open")).one()  # fmt: skip
        assert phase.deadline is not None
        session.add(Grace(campaign_id=campaign.id or 0, seat="p1", address="c1.0@localhost",
                          kind="absence", begins=phase.deadline - timedelta(hours=1),
                          ends=phase.deadline + timedelta(days=1), at=now))  # fmt: skip
        session.commit()


def player_flagged(rt: Runtime) -> None:
    _edit(rt, Player, Player.address == "c1.1@localhost", status="flagged", missed=2)


def player_bouncing(rt: Runtime) -> None:
    _edit(rt, Player, Player.address == "c1.0@localhost", delivery="bouncing", bounces=3)


WORK: list[tuple[Change, str]] = [
    (new_mail_in_the_mailbox, "intake/new_mail"),
    (stored_mail_not_processed, "intake/unprocessed_mail"),
    (deadline_passed, "adjudicating/turns_due"),
    (all_input_in, "adjudicating/turns_due"),
    (reminder_due, "intake/reminders_due"),
    (held_ack_due, "intake/held_acks_due"),
    (pending_mail, "sending/outbox_due"),
    (failed_send_due_again, "sending/outbox_due"),
    (send_left_by_a_crash, "sending/outbox_due"),
    (sent_mail_to_slim, "slim/sent_mail_to_slim"),
    (player_flagged, "alerts/referee_alerts_due"),
    (opening_filled, "community/openings_full"),
    (observer_owed_a_report, "community/observer_reports_owed"),
    (deadline_in_an_absence, "community/deadline_in_absence"),
    (player_bouncing, "alerts/referee_alerts_due"),
]
ON_POSTGRES = {
    "observer_owed_a_report",
    "deadline_in_an_absence",
    "deadline_passed",
    "reminder_due",
    "failed_send_due_again",
    "sent_mail_to_slim",
    "player_flagged",
    "held_ack_due",
}


@pytest.mark.parametrize(("change", "work"), WORK, ids=[c.__name__ for c, _ in WORK])
def test_the_check_finds_what_the_full_tick_does(
    idle: Callable[[str], Runtime], tmp_path: Path, change: Change, work: str
) -> None:
    rt = idle(sqlite_url(tmp_path))
    assert _fast(rt) is None and not _tick_changes(rt)  # truly idle to begin with
    rt = change(rt) or rt
    assert _fast(rt) == work
    assert _tick_changes(rt)  # the full tick agrees there was work
    _settle(rt)
    assert _fast(rt) is None  # and once it is done, the check says idle again


@pytest.mark.parametrize(
    ("change", "work"),
    [w for w in WORK if w[0].__name__ in ON_POSTGRES],
    ids=[c.__name__ for c, _ in WORK if c.__name__ in ON_POSTGRES],
)
def test_the_check_agrees_on_postgresql(
    idle: Callable[[str], Runtime], pg_url: str, change: Change, work: str
) -> None:
    rt = idle(pg_url)
    assert _fast(rt) is None and not _tick_changes(rt)
    rt = change(rt) or rt
    assert _fast(rt) == work
    assert _tick_changes(rt)
    _settle(rt)
    assert _fast(rt) is None


def test_what_a_tick_leaves_alone_is_idle(idle: Callable[[str], Runtime], tmp_path: Path) -> None:
    rt = idle(sqlite_url(tmp_path))
    _edit(rt, Campaign, Campaign.name == "c0", status="paused")
    deadline_passed(rt)  # c0's turn is past its deadline, but c0 is paused ...
    with rt.engine.begin() as connection:  # ... and c1's phase waits with no deadline
        connection.execute(
            text(
                "UPDATE phase SET deadline = NULL WHERE campaign_id ="
                " (SELECT id FROM campaign WHERE name = 'c1')"
            )
        )
    later = rt.clock.now() + timedelta(minutes=5)
    _outbox_row(rt, "notice:later", attempts=1, next_attempt_at=later)  # a retry not due yet
    _outbox_row(rt, "notice:dead", status="dead", attempts=8)
    _outbox_row(rt, "report:c0:1:p1", kind="report", status="void")  # rolled back undrawn
    recent = rt.clock.now() - timedelta(hours=1)
    rt = replace(rt, settings=replace(rt.settings, sent_raw_days=2))
    _outbox_row(rt, "notice:recent", status="sent", sent_at=recent)  # kept whole two days
    assert _fast(rt) is None
    assert not _tick_changes(rt)


def test_a_draft_or_any_status_a_tick_may_act_on_counts_as_work(
    idle: Callable[[str], Runtime], tmp_path: Path
) -> None:
    rt = idle(sqlite_url(tmp_path))
    for status in ("draft", "aardvark", "queued", "zz"):  # below, between and above the rest
        _outbox_row(rt, f"report:{status}", kind="report", status=status)
        expected = "leftovers/drafts_left" if status == "draft" else "sending/outbox_due"
        assert _fast(rt) == expected, status
        with rt.engine.begin() as connection:
            connection.execute(text("DELETE FROM outbox WHERE status = :s"), {"s": status})
    assert _fast(rt) is None


def test_an_outdated_or_unreviewed_schema_is_never_idle(
    idle: Callable[[str], Runtime], tmp_path: Path
) -> None:
    rt = idle(sqlite_url(tmp_path))
    with rt.engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '0001'"))
    assert _fast(rt) == "schema"


def test_the_checks_were_reviewed_for_the_newest_migration() -> None:
    # A new migration may add work a tick does: review services/tick/idle_checks.py for it, then
    # add its revision to REVIEWED_SCHEMA.
    assert head_revision() in REVIEWED_SCHEMA


def test_a_held_run_lock_leaves_the_answer_to_the_full_tick(
    idle: Callable[[str], Runtime], tmp_path: Path
) -> None:
    rt = idle(sqlite_url(tmp_path))
    with run_lock(rt.engine, 1), pytest.raises(Unsure):
        _fast(rt)
    assert _fast(rt) is None


def test_no_smtp_url_leaves_the_answer_to_the_full_tick(
    idle: Callable[[str], Runtime], tmp_path: Path
) -> None:
    rt = idle(sqlite_url(tmp_path))
    with pytest.raises(Unsure):
        find_work(replace(rt.settings, smtp_url=Secret("")), rt.clock.now())


def test_the_lead_time_is_reckoned_as_reminders_do(
    idle: Callable[[str], Runtime], tmp_path: Path
) -> None:
    from pbem.services.turns.reminders import _lead_now

    rt = idle(sqlite_url(tmp_path))
    with Session(rt.engine) as session:
        phase = session.exec(select(Phase).where(Phase.status == "open")).first()
        assert phase is not None
        for hours in (80, 30, 24, 23.5, 3, 2, 1, 0, -1):
            now = phase.deadline - timedelta(hours=hours)  # type: ignore[operator]
            moved = replace(rt, clock=type(rt.clock)(now))  # type: ignore[call-arg]
            assert lead_now(rt.settings, now, phase.deadline, phase.opened_at) == _lead_now(
                moved, phase
            ), hours


def test_the_intake_key_without_a_mailbox_is_the_ticks() -> None:
    assert tick_module.NO_MAILBOX is lock_names.NO_MAILBOX  # one definition, read by both

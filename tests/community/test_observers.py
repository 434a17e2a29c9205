"""Observers: OBSERVE where the campaign allows it, public reports once per phase, press to
everyone but never press to one seat."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from itertools import count
from pathlib import Path

from sqlalchemy import event
from sqlmodel import Session, select

from pbem.ledger.models import Outbox, Signup
from pbem.services.base.runtime import Runtime
from pbem.services.community.observing import send_public_reports
from pbem.services.community.starting import start_full
from pbem.services.intake.entry import submit_by_address
from pbem.services.intake.ingest import IngestStats, store_raw
from pbem.services.intake.mailroom import process_pending
from pbem.services.referee.lifecycle import end_campaign
from pbem.services.turns.turns import run_phase
from tests.community.test_desk import _open, _send, _texts
from tests.support.player_mail import player_mail

UIDS = count(10_000)


def _press(rt: Runtime, address: str, body: str) -> dict[str, int]:
    store_raw(rt, "test://box", player_mail(rt, "spring", address, body), next(UIDS))
    stats = IngestStats()
    process_pending(rt, stats)
    return stats.outcomes


def test_observe_is_refused_where_the_campaign_forbids_it(rt: Runtime, tmp_path: Path) -> None:
    _open(rt, tmp_path)
    assert _send(rt, "eve@x.org", "OBSERVE spring") == {"community.E_NO_OBSERVERS": 1}
    assert "does not take observers" in _texts(rt, "eve@x.org")[0]
    with Session(rt.engine) as session:
        assert session.exec(select(Signup)).all() == []


def test_an_observer_gets_public_reports_and_press_to_everyone(
    rt: Runtime, tmp_path: Path
) -> None:
    _open(rt, tmp_path, observers=True)
    assert _send(rt, "eve@x.org", "OBSERVE spring") == {"community.observing": 1}
    assert _send(rt, "eve@x.org", "OBSERVE spring") == {"community.E_ALREADY": 1}
    _send(rt, "ann@x.org", "SIGNON spring")
    _send(rt, "ben@x.org", "SIGNON spring")
    start_full(rt)
    assert _send(rt, "ann@x.org", "OBSERVE spring") == {"community.E_ALREADY": 1}  # plays
    _send(rt, "fay@x.org", "LIST")  # full, but still watchable
    assert "spring (Toy Dice): running\r\n  Takes observers" in _texts(rt, "fay@x.org")[0]
    assert send_public_reports(rt) == 0  # nothing adjudicated yet
    submit_by_address(rt, "spring", "ann@x.org", "pick 3")
    submit_by_address(rt, "spring", "ben@x.org", "pick 5")
    run_phase(rt, "spring", force=True)
    assert send_public_reports(rt) == 1 and send_public_reports(rt) == 0  # once a phase
    (report,) = _texts(rt, "eve@x.org", "observer-report")
    assert report.startswith("[spring] Public report: Round 1")
    assert _press(rt, "ann@x.org", "PRESS all\nhello everyone") == {"mail.press": 1}
    assert _press(rt, "ann@x.org", "PRESS p2\njust for Ben") == {"mail.press": 1}
    press = _texts(rt, "eve@x.org", "observer-press")
    assert len(press) == 1 and "hello everyone" in press[0]
    assert not any("just for Ben" in t for t in _texts(rt, "eve@x.org"))
    with Session(rt.engine) as session:
        kinds = session.exec(select(Outbox.kind).where(Outbox.recipient == "eve@x.org")).all()
    assert "welcome" not in kinds and "report" not in kinds  # never a seat's own mail


def test_grey_press_to_everyone_reaches_an_observer_without_its_sender(
    rt: Runtime, tmp_path: Path
) -> None:
    _open(rt, tmp_path, observers=True, sets={"press_style": "grey"})
    _send(rt, "eve@x.org", "OBSERVE spring")
    _send(rt, "ann@x.org", "SIGNON spring")
    _send(rt, "ben@x.org", "SIGNON spring")
    start_full(rt)
    assert _press(rt, "ann@x.org", "PRESS GREY all\nwho am I") == {"mail.press": 1}
    (seen,) = _texts(rt, "eve@x.org", "observer-press")
    assert "who am I" in seen and "a player not named" in seen
    assert "Ann" not in seen and "ann@x.org" not in seen and "p1" not in seen


def _watched_and_started(rt: Runtime, tmp_path: Path) -> None:
    """Campaign "spring", open to observers: Eve watches, Ann and Ben play, and it starts."""
    _open(rt, tmp_path, observers=True)
    _send(rt, "eve@x.org", "OBSERVE spring")
    _send(rt, "ann@x.org", "SIGNON spring")
    _send(rt, "ben@x.org", "SIGNON spring")
    start_full(rt)


def test_an_observer_is_told_when_the_referee_ends_the_campaign(
    rt: Runtime, tmp_path: Path
) -> None:
    _watched_and_started(rt, tmp_path)
    end_campaign(rt, "spring", "Ann wins on points", "the group stops here")
    (notice,) = _texts(rt, "eve@x.org", "observer-notice")
    assert "[spring] The campaign has ended" in notice and "Ann wins on points" in notice


@contextmanager
def _outbox_reads(rt: Runtime) -> Iterator[list[str]]:
    """The SELECTs on the outbox the engine runs while the context is open."""
    seen: list[str] = []

    def note(conn: object, cursor: object, statement: str, *args: object) -> None:
        if statement.lstrip().upper().startswith("SELECT") and "FROM outbox" in statement:
            seen.append(statement)

    event.listen(rt.engine, "before_cursor_execute", note)
    try:
        yield seen
    finally:
        event.remove(rt.engine, "before_cursor_execute", note)


def test_the_observer_step_reads_the_outbox_once_a_campaign_whatever_its_phases(
    rt: Runtime, tmp_path: Path
) -> None:
    _watched_and_started(rt, tmp_path)
    for pick in (3, 4, 2):
        submit_by_address(rt, "spring", "ann@x.org", f"pick {pick}")
        submit_by_address(rt, "spring", "ben@x.org", "pick 5")
        run_phase(rt, "spring", force=True)
    with _outbox_reads(rt) as reads:
        assert send_public_reports(rt) == 3  # a report for each of three phases
    assert len(reads) == 1
    with _outbox_reads(rt) as reads:
        assert send_public_reports(rt) == 0  # all queued: none again
    assert len(reads) == 1
    assert len(_texts(rt, "eve@x.org", "observer-report")) == 3

"""ABSENCE and EXTEND from an authenticated player: within the game's allowances, told to
everyone; beyond them, or where the game grants none, a clear answer and nothing changed."""

from __future__ import annotations

from datetime import datetime, timedelta
from itertools import count
from pathlib import Path
from zoneinfo import ZoneInfo

from sqlmodel import Session, select

from pbem.ledger import queries
from pbem.ledger.models import Grace
from pbem.services.base.runtime import Runtime
from pbem.services.community.grace import apply_absences
from pbem.services.community.starting import start_full
from pbem.services.intake.entry import submit_by_address
from pbem.services.intake.ingest import IngestStats, store_raw
from pbem.services.intake.mailroom import process_pending
from pbem.services.turns.turns import run_phase
from tests.community.test_desk import _open, _send, _texts
from tests.support.player_mail import player_mail

UIDS = count(20_000)


def _as_player(rt: Runtime, address: str, body: str) -> dict[str, int]:
    store_raw(rt, "test://box", player_mail(rt, "spring", address, body), next(UIDS))
    stats = IngestStats()
    process_pending(rt, stats)
    return stats.outcomes


def _started(rt: Runtime, tmp_path: Path, **allowances: int) -> None:
    _open(rt, tmp_path, **allowances)
    _send(rt, "ann@x.org", "SIGNON spring")
    _send(rt, "ben@x.org", "SIGNON spring")
    start_full(rt)


def _deadline(rt: Runtime) -> datetime:
    with Session(rt.engine) as session:
        phase = queries.open_phase(session, queries.campaign_named(session, "spring"))
        assert phase is not None and phase.deadline is not None
        return phase.deadline


def _graces(rt: Runtime) -> int:
    with Session(rt.engine) as session:
        return len(session.exec(select(Grace)).all())


def test_extend_moves_the_deadline_within_the_budget(rt: Runtime, tmp_path: Path) -> None:
    _started(rt, tmp_path, extensions=1, extend_hours=12)
    before = _deadline(rt)
    assert _as_player(rt, "ann@x.org", "EXTEND") == {"community.extended": 1}
    assert _deadline(rt) == before + timedelta(hours=12)
    assert any("used an extension" in t for t in _texts(rt, "ben@x.org"))  # everyone told
    assert _as_player(rt, "ann@x.org", "EXTEND") == {"community.E_EXTEND_USED": 1}
    assert _deadline(rt) == before + timedelta(hours=12) and _graces(rt) == 1
    assert _as_player(rt, "ben@x.org", "extend") == {"community.extended": 1}  # his own budget


def test_grace_is_off_by_default_and_needs_the_seat_key(rt: Runtime, tmp_path: Path) -> None:
    _started(rt, tmp_path)
    before = _deadline(rt)
    assert _as_player(rt, "ann@x.org", "EXTEND") == {"community.E_EXTEND_OFF": 1}
    assert _as_player(rt, "ann@x.org", "ABSENCE 2026-03-02 2026-03-03") == {
        "community.E_ABSENCE_OFF": 1
    }
    assert _send(rt, "ann@x.org", "EXTEND") == {"mail.E_NO_SECRET": 1}  # no key: as today
    assert _send(rt, "eve@x.org", "EXTEND") == {"mail.unknown_sender": 1}
    assert _deadline(rt) == before and _graces(rt) == 0


def test_an_absence_moves_a_deadline_that_falls_in_it(rt: Runtime, tmp_path: Path) -> None:
    _started(rt, tmp_path, absence_days=4)
    deadline = _deadline(rt)
    first = deadline.date() - timedelta(days=1)
    last = deadline.date() + timedelta(days=1)
    assert _as_player(rt, "ann@x.org", f"ABSENCE {first} {deadline.date()}") == {
        "community.absent": 1
    }
    moved = _deadline(rt)
    assert deadline < moved < deadline + timedelta(days=1)
    assert moved.astimezone(ZoneInfo(rt.settings.timezone)).hour == 0  # midnight after it
    told = _texts(rt, "ben@x.org")
    assert any("is away from" in t for t in told) and any("A player is away" in t for t in told)
    assert _as_player(rt, "ann@x.org", f"ABSENCE {last} {last + timedelta(days=2)}") == {
        "community.E_ABSENCE_LONG": 1  # 2 of 4 days used, 3 more asked
    }
    assert _as_player(rt, "ann@x.org", f"ABSENCE {last} {first}") == {
        "community.E_ABSENCE_DATES": 1
    }
    assert _as_player(rt, "ann@x.org", "ABSENCE soon") == {"community.E_ABSENCE_DATES": 1}
    assert _deadline(rt) == moved and _graces(rt) == 1


def test_a_later_phase_whose_deadline_falls_in_an_absence_moves_too(
    rt: Runtime, tmp_path: Path
) -> None:
    _started(rt, tmp_path, absence_days=30)
    deadline = _deadline(rt)
    later = deadline.date() + timedelta(days=1)
    _as_player(rt, "ben@x.org", f"ABSENCE {later} {later + timedelta(days=20)}")
    assert _deadline(rt) == deadline  # this phase's deadline is before the absence
    submit_by_address(rt, "spring", "ann@x.org", "pick 3")
    submit_by_address(rt, "spring", "ben@x.org", "pick 4")
    rt.clock.at = deadline + timedelta(days=1)  # type: ignore[attr-defined]
    run_phase(rt, "spring", force=True)  # the next phase's deadline is days later
    assert later < _deadline(rt).date() < later + timedelta(days=20)
    assert apply_absences(rt) == 1 and apply_absences(rt) == 0
    assert _deadline(rt).date() >= later + timedelta(days=20)  # past the last day away

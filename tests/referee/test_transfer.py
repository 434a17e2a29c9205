"""Export a campaign to one file and import it into another ledger (SQLite, PostgreSQL)."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest
from sqlmodel import Session, func, select

from pbem.errors import Conflict
from pbem.ledger.models import Event, Phase, Snapshot, Submission
from pbem.services.base.runtime import Runtime
from pbem.services.intake.entry import submit_by_address
from pbem.services.referee.transfer import campaign_tables, export_campaign, import_campaign
from pbem.services.turns import adjustments
from pbem.services.turns.replay import replay
from pbem.services.turns.turns import run_phase
from tests.support.runtime import make_runtime


def _played(rt: Runtime, name: str) -> None:
    for address, pick in (("alice@localhost", 2), ("bob@localhost", 5)):
        submit_by_address(rt, name, address, f"pick {pick}")
    run_phase(rt, name, force=True)
    adjustments.edit_state(rt, name, "score p1 4", "house rule")
    run_phase(rt, name, force=True)


def _counts(rt: Runtime) -> list[int]:
    with Session(rt.engine) as session:
        return [
            session.exec(select(func.count()).select_from(model)).one()
            for model in (Phase, Submission, Event, Snapshot)
        ]


def _round_trip(rt: Runtime, name: str, target: Runtime, tmp_path: Path) -> None:
    _played(rt, name)
    path = tmp_path / "export.json"
    counts = export_campaign(rt, name, path)
    assert counts["campaign"] == 1 and counts["adjustment"] == 1
    assert set(counts) == {table.name for table in campaign_tables()} >= {"inboundmessage", "event"}
    import_campaign(target, path)
    assert replay(target, name).ok and replay(target, name).checked == replay(rt, name).checked
    assert _counts(target) == _counts(rt)
    with pytest.raises(Conflict):
        import_campaign(target, path)


def test_export_import_between_sqlite_ledgers(rt: Runtime, editable: str, tmp_path: Path) -> None:
    other = tmp_path / "other"
    other.mkdir()
    target = make_runtime(f"sqlite:///{other / 'ledger.db'}")
    _round_trip(rt, editable, target, tmp_path)
    target.engine.dispose()


def test_export_import_from_sqlite_into_postgresql(
    rt: Runtime, editable: str, tmp_path: Path, pg_url: str
) -> None:
    target = make_runtime(pg_url)
    _round_trip(rt, editable, target, tmp_path)
    target.engine.dispose()


def test_the_export_is_readable_by_its_owner_alone(
    rt: Runtime, editable: str, tmp_path: Path
) -> None:
    path = tmp_path / "campaign.json"
    path.write_text("an older file anyone could read", encoding="utf-8")
    path.chmod(0o644)
    export_campaign(rt, editable, path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert json.loads(path.read_text(encoding="utf-8"))["campaign"] == editable

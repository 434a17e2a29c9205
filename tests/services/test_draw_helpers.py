"""Helper processes draw their share of the drafted reports beside the tick."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import Session, col, select

from pbem.ledger.models import Outbox
from pbem.services import draw_helpers, turns
from pbem.services.campaigns import NewCampaign, create_campaign
from pbem.services.drafts import Shard, draw_drafts
from pbem.services.runtime import Runtime, open_runtime


def _ledger(tmp_path: Path) -> Runtime:
    config = tmp_path / "pbem.toml"
    config.write_text(
        f'[database]\nurl = "sqlite:///{tmp_path / "ledger.db"}"\n'
        '[mail]\nreferee_address = "referee@localhost"\n'
    )
    return open_runtime(str(config), migrate_schema=True)


def _drafted(rt: Runtime, monkeypatch: pytest.MonkeyPatch, campaigns: int = 1) -> list[int]:
    """Six-player Mighty Kingdoms months adjudicated, their reports drafted and not drawn;
    the drafts' campaign ids."""
    players = [f"P{n} <p{n}@localhost>" for n in range(1, 7)]
    scenario = "mighty-kingdoms/maps/sundered-realms-6.toml"
    monkeypatch.setattr(turns, "draw_drafts", lambda _rt: 0)
    for number in range(campaigns):
        name = f"realm{number}"
        create_campaign(rt, NewCampaign(name, "mighty-kingdoms", scenario, players, seed=3))
        turns.run_phase(rt, name, force=True)
    monkeypatch.undo()
    return [campaign for campaign, _ in _statuses(rt)]


def _statuses(rt: Runtime) -> list[tuple[int, str]]:
    """Each report's campaign id and status."""
    with Session(rt.engine) as session:
        query = select(Outbox.campaign_id, Outbox.status).where(Outbox.kind == "report")
        return [(i or 0, s) for i, s in session.exec(query.order_by(col(Outbox.id))).all()]


def test_a_helper_process_draws_its_share_and_only_that(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rt = _ledger(tmp_path)
    assert sorted(set(_drafted(rt, monkeypatch, campaigns=2))) == [1, 2]
    with draw_helpers.DrawHelpers(rt, 2, worth=0) as helpers:
        assert helpers.shard == Shard(0, 2)  # the tick's own share: campaign 2
    assert helpers.exit_codes == [0]
    assert sorted(set(_statuses(rt))) == [(1, "pending"), (2, "draft")]  # whole campaigns
    assert draw_drafts(rt, shard=Shard(0, 2)) == 6  # the tick's share was left to the tick
    assert {status for _, status in _statuses(rt)} == {"pending"}


def test_too_few_drafts_start_no_helper(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rt = _ledger(tmp_path)
    _drafted(rt, monkeypatch)
    with draw_helpers.DrawHelpers(rt, 2) as helpers:  # 6 drafts: not worth a second process
        assert helpers.shard is None  # the tick draws them all
    assert helpers.exit_codes == []


def test_a_helper_draws_until_its_input_ends_then_once_more(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rt = _ledger(tmp_path)
    _drafted(rt, monkeypatch, campaigns=2)
    monkeypatch.setattr(draw_helpers, "_input_ended", lambda _seconds: True)
    assert draw_helpers.run_helper(rt, Shard(1, 3)) == 6  # campaign 1's six reports
    assert sorted(set(_statuses(rt))) == [(1, "pending"), (2, "draft")]

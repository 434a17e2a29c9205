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


def _drafted(rt: Runtime, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A six-player Mighty Kingdoms month adjudicated, its reports drafted and not drawn."""
    players = [f"P{n} <p{n}@localhost>" for n in range(1, 7)]
    scenario = "mighty-kingdoms/maps/sundered-realms-6.toml"
    create_campaign(rt, NewCampaign("realm", "mighty-kingdoms", scenario, players, seed=3))
    monkeypatch.setattr(turns, "draw_drafts", lambda _rt: 0)
    turns.run_phase(rt, "realm", force=True)
    monkeypatch.undo()
    return [row_id for row_id, _ in _statuses(rt)]


def _statuses(rt: Runtime) -> list[tuple[int, str]]:
    with Session(rt.engine) as session:
        query = select(Outbox.id, Outbox.status).where(Outbox.kind == "report")
        return [(i or 0, s) for i, s in session.exec(query.order_by(col(Outbox.id))).all()]


def test_a_helper_process_draws_its_share_and_only_that(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rt = _ledger(tmp_path)
    drafts = _drafted(rt, monkeypatch)
    assert len(drafts) == 6
    with draw_helpers.DrawHelpers(rt, 2, worth=0) as helpers:
        assert helpers.shard == Shard(0, 2)  # the tick's own share
    assert helpers.exit_codes == [0]
    drawn = dict(_statuses(rt))
    assert {i: drawn[i] for i in drafts if i % 2} == {i: "pending" for i in drafts if i % 2}
    assert {i: drawn[i] for i in drafts if not i % 2} == {i: "draft" for i in drafts if not i % 2}
    assert draw_drafts(rt, shard=Shard(0, 2)) == 3  # the tick's share was left to the tick
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
    drafts = _drafted(rt, monkeypatch)
    monkeypatch.setattr(draw_helpers, "_input_ended", lambda _seconds: True)
    assert draw_helpers.run_helper(rt, Shard(1, 3)) == len([i for i in drafts if i % 3 == 1])

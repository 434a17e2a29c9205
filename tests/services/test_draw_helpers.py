"""Helper processes draw whole campaigns the tick hands them, beside the tick."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from sqlmodel import Session, col, select

from pbem.ledger.models import Outbox
from pbem.services.base.runtime import Runtime, open_runtime
from pbem.services.reports import draw_helpers
from pbem.services.reports.drafts import draw_drafts
from pbem.services.turns import turns
from pbem.services.turns.campaigns import NewCampaign, create_campaign


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


@pytest.mark.subprocess
def test_helpers_draw_every_campaign_they_are_handed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rt = _ledger(tmp_path)
    assert sorted(set(_drafted(rt, monkeypatch, campaigns=3))) == [1, 2, 3]
    with draw_helpers.DrawHelpers(rt, 2, worth=1) as helpers:
        helpers.offer(1)  # the first campaign drafted starts the helper and goes to it
        assert helpers.started
        drawn_here = draw_drafts(rt, delegate=helpers.delegate)
        handed = {c for c in (1, 2, 3) if helpers.delegate(c)}
    assert helpers.exit_codes == [0, 0]
    assert handed == {1, 2, 3}  # while a helper lives, the tick waits for one to have room
    assert drawn_here == 0
    assert {status for _, status in _statuses(rt)} == {"pending"}


def test_too_few_campaigns_start_no_helper(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rt = _ledger(tmp_path)
    _drafted(rt, monkeypatch)
    with draw_helpers.DrawHelpers(rt, 2) as helpers:  # one campaign: not worth a process
        helpers.offer(1)
        assert not helpers.started
        assert not helpers.delegate(1)  # the tick draws it
    assert helpers.exit_codes == []


def test_a_helper_draws_each_campaign_it_reads_and_answers_with_its_id(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rt = _ledger(tmp_path)
    _drafted(rt, monkeypatch, campaigns=2)
    answers = io.BytesIO()
    assert draw_helpers.run_helper(rt, io.BytesIO(b"2\n"), answers) == 6
    assert answers.getvalue() == b"2\n"
    assert sorted(set(_statuses(rt))) == [(1, "draft"), (2, "pending")]


@pytest.mark.subprocess
def test_what_a_dead_helper_held_is_left_to_the_tick(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rt = _ledger(tmp_path)
    _drafted(rt, monkeypatch, campaigns=3)
    with draw_helpers.DrawHelpers(rt, 2, worth=1) as helpers:
        helpers.offer(1)
        for helper in helpers._helpers:
            helper.process.kill()
            helper.process.wait()
        draw_drafts(rt, delegate=helpers.delegate)
    assert helpers.exit_codes and helpers.exit_codes[0] != 0
    assert draw_drafts(rt) == 6  # the tick's last pass draws what the helper held
    assert {status for _, status in _statuses(rt)} == {"pending"}


def test_draw_processes_zero_is_one_fewer_than_the_cores_at_most_four() -> None:
    assert draw_helpers.processes_for(0, cores=2) == 0  # the sender keeps the other core busy
    assert draw_helpers.processes_for(0, cores=4) == 3
    assert draw_helpers.processes_for(0, cores=32) == 4
    assert draw_helpers.processes_for(1) == 0  # the tick draws by itself
    assert draw_helpers.processes_for(3, cores=2) == 3  # asked for outright


@pytest.mark.subprocess
def test_helpers_started_early_and_never_handed_work_just_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rt = _ledger(tmp_path)
    _drafted(rt, monkeypatch)
    with draw_helpers.DrawHelpers(rt, 2) as helpers:
        helpers.start()  # a busy mailbox: they get ready while the tick reads it
        assert helpers.started
    assert helpers.exit_codes == [0, 0]
    assert {status for _, status in _statuses(rt)} == {"draft"}  # nothing handed, none drawn

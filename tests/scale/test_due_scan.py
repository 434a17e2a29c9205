"""The tick reads the saved state only of campaigns that may be due, and decides as before."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session, select

from pbem.ledger.models import Campaign, Phase
from pbem.registry import games
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import current_state
from pbem.services.intake.entry import submit_by_address
from pbem.services.referee.timing import pause, set_deadline
from pbem.services.turns import turns
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from pbem.services.turns.phases import may_be_due
from pbem.services.turns.turns import is_due, run_due
from tests.support.runtime import make_runtime, register_toy, scenario_file, sqlite_url

NAMES = ("all-in", "half-in", "none-in", "moved", "paused")
STEPS = (timedelta(0), timedelta(minutes=5), timedelta(minutes=11), timedelta(days=1),
         timedelta(days=3, hours=1), timedelta(days=4), timedelta(days=8))


@pytest.fixture
def rt(tmp_path: Path) -> Iterator[Runtime]:
    """Five toy campaigns of three players at different points of their first round."""
    register_toy()
    runtime = make_runtime(sqlite_url(tmp_path))
    for n, name in enumerate(NAMES):
        players = [f"P{s} <{name}.{s}@localhost>" for s in range(3)]
        create_campaign(runtime, NewCampaign(name, "toy", scenario_file(tmp_path), players, seed=n))
    for seat in range(3):
        submit_by_address(runtime, "all-in", f"all-in.{seat}@localhost", "pick 4")
    submit_by_address(runtime, "half-in", "half-in.0@localhost", "pick 2")
    set_deadline(runtime, "moved", "later", extend="5d")
    pause(runtime, "paused", "away")
    yield runtime
    runtime.engine.dispose()
    games().pop("toy", None)


def _due_by_old_rule(rt: Runtime) -> set[int]:
    """Every open phase of an active campaign that is_due, each campaign's state read."""
    with Session(rt.engine) as session:
        rows = session.exec(
            select(Campaign, Phase).where(
                Phase.campaign_id == Campaign.id,
                Phase.status == "open",
                Campaign.status == "active",
            )
        ).all()
        return {
            p.id for c, p in rows
            if p.id is not None and is_due(session, rt, c, p, current_state(session, c))
        }


def _may_be_due(rt: Runtime) -> set[int]:
    with Session(rt.engine) as session:
        found = session.exec(
            select(Phase.id).where(Phase.status == "open", may_be_due(rt.clock.now()))
        ).all()
        return {i for i in found if i is not None}


def test_the_indexed_scan_never_drops_a_due_phase(rt: Runtime) -> None:
    start, seen = rt.clock.now(), []
    for step in STEPS:
        rt.clock.at = start + step  # type: ignore[attr-defined]
        old = _due_by_old_rule(rt)
        assert old <= _may_be_due(rt)
        seen.append(len(old))
        run_due(rt)  # the flows move on: next phases open, complete_at and deadlines change
    assert seen[0] == 0 and max(seen) >= 2  # the comparison was not empty throughout


def test_run_due_adjudicates_the_same_phases_as_before(rt: Runtime) -> None:
    start = rt.clock.now()
    for step in STEPS:
        rt.clock.at = start + step  # type: ignore[attr-defined]
        expected = _due_by_old_rule(rt)
        with Session(rt.engine) as session:
            keys = {
                (c.name, p.key)
                for c, p in session.exec(
                    select(Campaign, Phase).where(Phase.campaign_id == Campaign.id)
                ).all()
                if p.id in expected
            }
        assert {(r.campaign, r.phase_key) for r in run_due(rt)} == keys


def test_states_are_read_only_for_campaigns_that_may_be_due(
    rt: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    read: list[str] = []
    real = turns.current_state

    def spy(session: Session, campaign: Campaign, *args: Any) -> Any:
        read.append(campaign.name)
        return real(session, campaign, *args)

    monkeypatch.setattr(turns, "current_state", spy)
    # Only the campaign whose input is all in is looked at (it waits out the short delay);
    # the three still waiting for orders, and the paused one, are not read at all.
    assert run_due(rt) == [] and set(read) == {"all-in"}
    read.clear()
    rt.clock.at = rt.clock.now() + timedelta(minutes=11)  # type: ignore[attr-defined]
    assert [r.campaign for r in run_due(rt)] == ["all-in"]
    assert set(read) == {"all-in"}
    read.clear()
    assert run_due(rt) == [] and read == []  # round 2 of all-in waits for orders: none read

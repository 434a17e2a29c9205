"""The ledger on both backends: migrations match the models, and the turn cycle holds on each."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlmodel import SQLModel

from pbem.errors import Conflict, Locked
from pbem.ledger.db import make_engine
from pbem.registry import games
from pbem.services.base.locks import run_lock
from pbem.services.base.runtime import Runtime
from pbem.services.intake.entry import submit_by_address
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from pbem.services.turns.replay import replay
from pbem.services.turns.status import status
from pbem.services.turns.turns import run_phase
from tests.support.runtime import make_runtime, register_toy, scenario_file, sqlite_url


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Runtime]:
    """A runtime on SQLite, then on a fresh PostgreSQL database."""
    register_toy()
    url = sqlite_url(tmp_path) if request.param == "sqlite" else request.getfixturevalue("pg_url")
    runtime = make_runtime(url)
    yield runtime
    runtime.engine.dispose()
    games().pop("toy", None)


def test_migrations_match_the_models(backend: Runtime) -> None:
    with backend.engine.connect() as connection:
        diff = compare_metadata(MigrationContext.configure(connection), SQLModel.metadata)
    assert diff == []


def test_turn_cycle_and_replay(backend: Runtime, tmp_path: Path) -> None:
    players = ["Ann <ann@localhost>", "Ben <ben@localhost>"]
    create_campaign(backend, NewCampaign("pg", "toy", scenario_file(tmp_path, 2), players, seed=3))
    submit_by_address(backend, "pg", "ann@localhost", "pick 6")
    submit_by_address(backend, "pg", "ben@localhost", "pick 2")
    run_phase(backend, "pg")
    run_phase(backend, "pg", force=True)
    run_phase(backend, "pg", force=True)
    assert status(backend, "pg")["status"] == "finished"
    assert replay(backend, "pg").ok


def test_only_one_of_many_racing_runs_adjudicates(backend: Runtime, tmp_path: Path) -> None:
    players = ["Ann <ann@localhost>", "Ben <ben@localhost>"]
    create_campaign(backend, NewCampaign("race", "toy", scenario_file(tmp_path), players, seed=4))
    outcomes: list[str] = []

    def attempt() -> None:
        try:
            run_phase(backend, "race", force=True, expected="round-1")
            outcomes.append("ran")
        except Conflict as exc:
            outcomes.append(exc.code)

    threads = [threading.Thread(target=attempt) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcomes.count("ran") == 1 and len(outcomes) == 4
    assert status(backend, "race")["turn"] == 2


def test_run_lock_excludes_a_second_holder(backend: Runtime) -> None:
    other = make_engine(backend.settings.database_url.value)
    try:
        # flock is per open file, and advisory locks per session: both conflict
        with (
            run_lock(backend.engine, wait_seconds=1),
            pytest.raises(Locked),
            run_lock(other, wait_seconds=0.3),
        ):
            pass
        with run_lock(other, wait_seconds=0.3):
            pass  # free again once released
    finally:
        other.dispose()


def test_large_values_are_stored_with_lz4_on_postgresql(pg_url: str, tmp_path: Path) -> None:
    """Mail and snapshots are compressed by lz4, not pglz (0013): a fraction of the CPU."""
    register_toy()
    runtime = make_runtime(pg_url)
    try:
        players = ["Ann <ann@localhost>", "Ben <ben@localhost>"]
        scenario = scenario_file(tmp_path, 2)
        create_campaign(runtime, NewCampaign("z", "toy", scenario, players, seed=3))
        with runtime.engine.begin() as connection:
            methods = connection.exec_driver_sql(
                "SELECT c.relname, a.attname, a.attcompression FROM pg_attribute a"
                " JOIN pg_class c ON c.oid = a.attrelid"
                " WHERE (c.relname, a.attname) IN"
                " (('outbox', 'raw'), ('inboundmessage', 'raw'), ('snapshot', 'state_json'))"
            ).all()
            long_mail = b"x" * 4096 + bytes(range(256)) * 64  # past the size pglz would take
            connection.exec_driver_sql("UPDATE outbox SET raw = %(raw)s", {"raw": long_mail})
            stored = connection.exec_driver_sql(
                "SELECT DISTINCT pg_column_compression(raw) FROM outbox"
            ).all()
    finally:
        runtime.engine.dispose()
        games().pop("toy", None)
    assert sorted((table, column, method) for table, column, method in methods) == [
        ("inboundmessage", "raw", "l"), ("outbox", "raw", "l"), ("snapshot", "state_json", "l")
    ]
    assert stored == [("lz4",)]

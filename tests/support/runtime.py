"""Build a Runtime for tests: a private ledger, a fixed clock, the toy game registered."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pbem.clock import FixedClock
from pbem.config import Secret, Settings
from pbem.registry import games
from pbem.services.base.runtime import Runtime
from tests.support.ledgers import migrated_engine
from tests.support.toy_game import GAME as TOY

START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def test_settings(database_url: str, **overrides: Any) -> Settings:
    """Settings for a test run, with the referee at referee@localhost."""
    base = Settings(
        database_url=Secret(database_url),
        imap_url=Secret(""),
        smtp_url=Secret(""),
        referee_address="referee@localhost",
        mail_domain="localhost",
        timezone="Europe/Paris",
        early_delay_minutes=10,
        reminder_hours=(24, 2),
    )
    return replace(base, **overrides)


def make_runtime(database_url: str, **overrides: Any) -> Runtime:
    """A Runtime on a ledger at the newest schema at `database_url` (a new SQLite ledger is a
    copy of the migrated template)."""
    engine = migrated_engine(database_url)
    return Runtime(
        settings=test_settings(database_url, **overrides), engine=engine, clock=FixedClock(START)
    )


def sqlite_url(directory: Path) -> str:
    """A SQLite URL in a test's directory."""
    return f"sqlite:///{directory / 'ledger.db'}"


def register_toy() -> None:
    """Make the toy game available under the name 'toy'."""
    games()["toy"] = TOY


def scenario_file(directory: Path, rounds: int = 3) -> str:
    """Write a toy scenario and return its path."""
    path = directory / "toy.txt"
    path.write_text(f"rounds = {rounds}\n")
    return str(path)


@contextmanager
def toy_runtime(directory: Path) -> Iterator[Runtime]:
    """A runtime on a fresh SQLite ledger in `directory`, with the toy game registered while
    it lasts."""
    register_toy()
    runtime = make_runtime(sqlite_url(directory))
    try:
        yield runtime
    finally:
        runtime.engine.dispose()
        games().pop("toy", None)

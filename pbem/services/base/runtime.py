"""What every service needs: settings, the database and the clock, built once per command."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy.engine import Engine

from pbem.clock import Clock, SystemClock
from pbem.config import DEFAULTS, Settings, load_settings
from pbem.errors import ConfigError
from pbem.ledger.db import check_schema, migrate_with_backup


@dataclass
class Runtime:
    """Settings, an engine on a migrated ledger, and a clock."""

    settings: Settings
    engine: Engine
    clock: Clock = field(default_factory=SystemClock)
    backup: Path | None = None  # the copy `migrate_schema` made of an outdated SQLite ledger


def open_runtime(
    config: str | None = None, clock: Clock | None = None, *, migrate_schema: bool = False
) -> Runtime:
    """Load settings and connect to the ledger, whose schema must be current.

    Only `pbem init` and `pbem migrate` (and tests) pass `migrate_schema=True`; every other
    command refuses a missing or outdated ledger rather than changing it silently.
    """
    settings = load_settings(config)
    if settings.source == DEFAULTS and not _database_from_environment():
        raise ConfigError("config.E_NO_CONFIG", path=str(Path.cwd()))
    clock = clock or SystemClock()
    url = settings.database_url.value
    if not migrate_schema:
        return Runtime(settings=settings, engine=check_schema(url), clock=clock)
    engine, backup = migrate_with_backup(url, clock.now())
    return Runtime(settings=settings, engine=engine, clock=clock, backup=backup)


def _database_from_environment() -> bool:
    return bool(os.environ.get("PBEM_DATABASE_URL") or os.environ.get("PBEM_DATABASE_URL_FILE"))

"""What every service needs: settings, the database and the clock, built once per command."""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy.engine import Engine

from pbem.clock import Clock, SystemClock
from pbem.config import Settings, load_settings
from pbem.ledger.db import make_engine, migrate


@dataclass
class Runtime:
    """Settings, an engine on a migrated ledger, and a clock."""

    settings: Settings
    engine: Engine
    clock: Clock = field(default_factory=SystemClock)


def open_runtime(config: str | None = None, clock: Clock | None = None) -> Runtime:
    """Load settings, connect to the ledger and bring its schema up to date."""
    settings = load_settings(config)
    engine = make_engine(settings.database_url.value)
    migrate(engine)
    return Runtime(settings=settings, engine=engine, clock=clock or SystemClock())

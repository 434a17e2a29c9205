"""Ledgers for tests: a SQLite ledger is migrated once per test process and copied for each test.

Running every migration for each test's ledger cost 0.1–0.3 s a test; a copy of a ledger
migrated once costs a few milliseconds and holds the same schema and version row. On
PostgreSQL an empty test database is made again from a migrated template database
(`CREATE DATABASE … TEMPLATE`). Tests of
migrating itself (`pbem init`, `pbem migrate`, the schema checks) still migrate for real.
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from pathlib import Path

from sqlalchemy import inspect
from sqlalchemy.engine import Engine

from pbem.ledger.db import current_revision, make_engine, migrate, sqlite_path
from tests.support import postgres

_template: Path | None = None


def template_ledger() -> Path:
    """This process's migrated, empty SQLite ledger (made on first use)."""
    global _template
    if _template is None or not _template.exists():
        path = Path(tempfile.mkdtemp(prefix="pbem-template-")) / "ledger.db"
        engine = make_engine(f"sqlite:///{path}")
        migrate(engine)
        engine.dispose()
        _checkpoint(path)
        _template = path
    return _template


def _checkpoint(path: Path) -> None:
    """Fold the write-ahead log into the file, so the file alone is the whole ledger."""
    connection = sqlite3.connect(path)
    try:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        connection.close()


def copy_template(path: Path) -> None:
    """Put an empty ledger at the newest schema at `path` (which must not exist yet)."""
    if path.exists():
        raise FileExistsError(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(template_ledger(), path)


def migrated_engine(url: str) -> Engine:
    """An engine on a ledger at the newest schema: a new SQLite file, or an empty PostgreSQL
    database, becomes a copy of the migrated template; any other ledger is migrated."""
    path = sqlite_path(url)
    if path is not None and not path.exists():
        copy_template(path)
        return make_engine(url)
    engine = make_engine(url)
    if path is None and current_revision(engine) is None and not _has_tables(engine):
        engine.dispose()
        postgres.fill_from_template(url)
        return make_engine(url)
    migrate(engine)
    return engine


def _has_tables(engine: Engine) -> bool:
    with engine.connect() as connection:
        return bool(inspect(connection).get_table_names())

"""The pg_url fixture: a fresh database per test, dropped afterwards."""

from __future__ import annotations

import psycopg
import pytest
import sqlalchemy

from tests.support import postgres

pytestmark = pytest.mark.services


def test_fresh_database_accepts_tables(pg_url: str) -> None:
    assert pg_url.startswith("postgresql+psycopg://")
    engine = sqlalchemy.create_engine(pg_url)
    with engine.begin() as conn:
        conn.execute(sqlalchemy.text("CREATE TABLE turns (id serial PRIMARY KEY, note text)"))
        conn.execute(sqlalchemy.text("INSERT INTO turns (note) VALUES ('first')"))
    with psycopg.connect(postgres.libpq_url(pg_url)) as conn:
        assert conn.execute("SELECT note FROM turns").fetchall() == [("first",)]
    engine.dispose()


def database_exists(name: str) -> bool:
    with psycopg.connect(postgres.admin_url()) as conn:
        row = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
    return row is not None


def test_databases_are_unique_and_dropped(pg_url: str) -> None:
    with postgres.fresh_database() as url:
        name = url.rsplit("/", 1)[1]
        assert database_exists(name)
        assert name != pg_url.rsplit("/", 1)[1]
        with psycopg.connect(url) as conn:  # an open connection must not block the drop
            conn.execute("SELECT 1")
    assert not database_exists(name)

"""A pooled PostgreSQL connection is pinged before use only after sitting idle (issue 38)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import create_engine, exc, text
from sqlalchemy.engine import Engine

from pbem.ledger.db import make_engine
from pbem.ledger.idle_ping import ping_when_idle


def _backend(engine: Engine) -> int:
    with engine.connect() as connection:
        return int(connection.execute(text("SELECT pg_backend_pid()")).scalar_one())


def _terminate(pg_url: str, pid: int) -> None:
    killer = create_engine(pg_url, isolation_level="AUTOCOMMIT")
    with killer.connect() as connection:
        connection.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
    killer.dispose()


def _counting_pings(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    pings: list[int] = []
    ping = engine.dialect.do_ping

    def counted(dbapi_connection: Any) -> bool:
        pings.append(1)
        return bool(ping(dbapi_connection))

    monkeypatch.setattr(engine.dialect, "do_ping", counted)
    return pings


def test_a_connection_back_a_moment_ago_goes_out_without_a_ping(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = make_engine(pg_url)
    pings = _counting_pings(engine, monkeypatch)
    first = _backend(engine)
    assert [_backend(engine) for _ in range(5)] == [first] * 5  # the pool's one connection
    assert pings == []
    engine.dispose()


def test_an_idle_connection_the_server_dropped_is_replaced(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = create_engine(pg_url)
    ping_when_idle(engine, idle_seconds=0.0)  # every connection back in the pool counts as idle
    pings = _counting_pings(engine, monkeypatch)
    dropped = _backend(engine)
    _terminate(pg_url, dropped)
    after = _backend(engine)
    assert after != dropped and len(pings) >= 1
    engine.dispose()


def test_without_the_ping_the_dropped_connection_fails_its_first_use(pg_url: str) -> None:
    engine = create_engine(pg_url)
    ping_when_idle(engine, idle_seconds=3600.0)  # not idle long enough to be pinged
    _terminate(pg_url, _backend(engine))
    with pytest.raises(exc.OperationalError):
        _backend(engine)
    engine.dispose()

"""Ping a pooled PostgreSQL connection before use only when it has sat idle in the pool.

`pool_pre_ping` pings on every checkout: a round trip before each session and connection, some
three per report a tick draws and one per order mail it reads. Within a tick a connection comes
back to the pool and goes out again within milliseconds, when the server cannot have dropped it
unnoticed, so only a connection idle for `IDLE_PING_SECONDS` is pinged; one that fails the ping
is replaced, as `pool_pre_ping` would replace it.
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import event, exc
from sqlalchemy.engine import Engine

IDLE_PING_SECONDS = 30.0
_RETURNED = "pbem_returned_at"  # in a pool record's info: when the connection came back


def ping_when_idle(engine: Engine, idle_seconds: float = IDLE_PING_SECONDS) -> None:
    """Make `engine`'s pool ping a connection idle for `idle_seconds` or more before use."""

    def returned(_dbapi_connection: Any, record: Any) -> None:
        record.info[_RETURNED] = time.monotonic()

    def checked_out(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        since = record.info.pop(_RETURNED, None)
        if since is None or time.monotonic() - since < idle_seconds:
            return  # new, or back in the pool a moment ago
        try:
            alive = engine.dialect.do_ping(dbapi_connection)
        except Exception as error:  # the server or the network dropped it while idle
            raise exc.DisconnectionError(str(error)) from error
        if not alive:
            raise exc.DisconnectionError("the connection failed its ping")

    event.listen(engine, "checkin", returned)
    event.listen(engine, "checkout", checked_out)

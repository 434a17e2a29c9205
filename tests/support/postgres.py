"""PostgreSQL for tests: find the server, and make a fresh database that is dropped afterwards.

The admin URL defaults to postgresql://postgres@127.0.0.1:5432/postgres (trust auth on CI);
set PBEM_TEST_PG_ADMIN_URL to use another server.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg
from psycopg import sql

DEFAULT_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
CONNECT_TIMEOUT = 3
# Debian package that provides the server.
APT_PACKAGES = ("postgresql",)


def admin_url() -> str:
    """The maintenance database URL (libpq form)."""
    return os.environ.get("PBEM_TEST_PG_ADMIN_URL", DEFAULT_ADMIN_URL)


def postgres_available() -> tuple[bool, str]:
    """Whether the server answers; tries once to start a local Debian cluster if not."""
    reason = _probe()
    if reason and _start_local_cluster():
        reason = _probe()
    return (not reason, reason)


def _probe() -> str:
    """Empty string when a connection works, otherwise why not."""
    try:
        with psycopg.connect(admin_url(), connect_timeout=CONNECT_TIMEOUT) as conn:
            conn.execute("SELECT 1")
        return ""
    except psycopg.Error as exc:
        return f"PostgreSQL not reachable at {_redacted(admin_url())}: {exc}".strip()


def _start_local_cluster() -> bool:
    """Run pg_ctlcluster for the installed version's 'main' cluster; True if it ran."""
    tool = shutil.which("pg_ctlcluster")
    versions = sorted(Path("/etc/postgresql").glob("*/main")) if tool else []
    if tool is None or not versions:
        return False
    version = versions[-1].parent.name
    command = [tool, "--skip-systemctl-redirect", version, "main", "start"]
    done = subprocess.run(
        command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, timeout=60, check=False,
    )  # fmt: skip
    return done.returncode == 0


def _redacted(url: str) -> str:
    """The URL without its password."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


def _with_database(url: str, name: str) -> str:
    """The same server URL pointing at database `name`."""
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))


def sqlalchemy_url(libpq_url: str) -> str:
    """postgresql://... -> postgresql+psycopg://... (SQLAlchemy with psycopg 3)."""
    return libpq_url.replace("postgresql://", "postgresql+psycopg://", 1)


def libpq_url(url: str) -> str:
    """postgresql+psycopg://... -> postgresql://... (for psycopg.connect)."""
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


@contextlib.contextmanager
def fresh_database(prefix: str = "pbem_test") -> Iterator[str]:
    """Create a uniquely named database, yield its libpq URL, then drop it."""
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(admin_url(), autocommit=True, connect_timeout=CONNECT_TIMEOUT) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield _with_database(admin_url(), name)
    finally:
        _drop(name)


_template: str | None = None  # this process's migrated, empty database


def _template_database() -> str:
    """The name of this process's database at the newest schema (made and migrated once,
    dropped when the process ends): new test ledgers are copied from it."""
    global _template
    if _template is None:
        from pbem.ledger.db import make_engine, migrate

        name = f"pbem_template_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(admin_url(), autocommit=True, connect_timeout=CONNECT_TIMEOUT) as conn:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        atexit.register(_drop, name)
        engine = make_engine(sqlalchemy_url(_with_database(admin_url(), name)))
        migrate(engine)
        engine.dispose()  # a template must have no open connection when it is copied
        _template = name
    return _template


def _drop(name: str) -> None:
    """Drop database `name`, closing whatever is still connected to it."""
    with psycopg.connect(admin_url(), autocommit=True) as conn:
        drop = sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)")
        conn.execute(drop.format(sql.Identifier(name)))


def fill_from_template(url: str) -> None:
    """Make the empty database at `url` a copy of the migrated template, under the same name
    (it is dropped and created again from the template, so nothing may be connected to it)."""
    name = urlsplit(libpq_url(url)).path.lstrip("/")
    template = _template_database()
    with psycopg.connect(admin_url(), autocommit=True, connect_timeout=CONNECT_TIMEOUT) as conn:
        conn.execute(sql.SQL("DROP DATABASE {}").format(sql.Identifier(name)))
        create = sql.SQL("CREATE DATABASE {} TEMPLATE {}")
        conn.execute(create.format(sql.Identifier(name), sql.Identifier(template)))

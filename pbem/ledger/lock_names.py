"""The names of pbem's locks: the run lock's file beside a SQLite ledger, and the PostgreSQL
advisory lock keys. Standard library only, so the idle tick (cli/idle.py) takes the very locks
services/base/locks.py takes without importing SQLAlchemy."""

from __future__ import annotations

import zlib
from pathlib import Path

ADVISORY_KEY = 0x70B3_6D00  # "pbem": the run lock (one bigint key)
INTAKE_SPACE = 0x70B3_6D01  # (space, crc of the mailbox): one reader per mailbox
CAMPAIGN_SPACE = 0x70B3_6D02  # (space, campaign id): one step of one campaign at a time
OUTBOX_SPACE = 0x70B3_6D03  # (space, outbox row id): the worker sending that row
MEMORY_LOCK = Path("/tmp/pbem-memory.lock")  # the run lock of an in-memory SQLite ledger
NO_MAILBOX = "-"  # the intake lock's mailbox when none is configured (services/tick/tick.py)


def mailbox_key(mailbox: str) -> int:
    """The second key of a mailbox's intake lock (within INTAKE_SPACE)."""
    return zlib.crc32(mailbox.encode()) & 0x7FFF_FFFF


def run_lock_file(database: str | None) -> Path:
    """The run lock's file for a SQLite ledger, as its URL names the database file."""
    if not database or database == ":memory:":
        return MEMORY_LOCK
    return Path(database + ".lock")

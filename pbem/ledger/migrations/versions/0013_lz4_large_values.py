"""lz4 for the ledger's large values on PostgreSQL: mail and snapshots stored in less CPU

PostgreSQL compresses a value of more than some 2 KB before storing it, with pglz unless told
otherwise. pglz spends about 1.1 ms of the server's CPU on a 77 KB report mail (mostly a map in
base64) and then keeps it whole, as it saves too little; lz4 takes 0.3 ms and keeps it a fifth
smaller (bench/README.md). Values already stored keep their compression; SQLite is untouched.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

LARGE_VALUES = (("outbox", "raw"), ("inboundmessage", "raw"), ("snapshot", "state_json"))


def upgrade() -> None:
    """Apply this revision: lz4 for each large value's column, where the server has it."""
    _compress_with("lz4")


def downgrade() -> None:
    """Revert this revision: the server's default compression again."""
    _compress_with("default")


def _compress_with(method: str) -> None:
    bind = op.get_bind()
    if bind.dialect.name != "postgresql" or not _has_lz4(bind):
        return
    for table, column in LARGE_VALUES:
        op.execute(f"ALTER TABLE {table} ALTER COLUMN {column} SET COMPRESSION {method}")


def _has_lz4(bind: sa.Connection) -> bool:
    """Whether the server compresses with lz4: PostgreSQL 14 or later, built with it."""
    if (bind.dialect.server_version_info or (0,)) < (14,):
        return False
    try:
        with bind.begin_nested():  # a failed SET must not end the migration's transaction
            bind.exec_driver_sql("SET LOCAL default_toast_compression = 'lz4'")
    except sa.exc.DBAPIError:
        return False
    return True

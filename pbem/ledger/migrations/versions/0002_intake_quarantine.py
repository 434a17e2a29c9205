"""intake quarantine and header limits

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add quarantine and size columns to inboundmessage, and index its status."""
    with op.batch_alter_table("inboundmessage", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                "quarantine_reason",
                sqlmodel.sql.sqltypes.AutoString(),
                nullable=False,
                server_default="",
            )
        )
        batch_op.add_column(
            sa.Column("quarantine_detail", sa.Text(), nullable=False, server_default="")
        )
        batch_op.add_column(
            sa.Column("raw_size", sa.BigInteger(), nullable=False, server_default="0")
        )
        batch_op.add_column(
            sa.Column("truncated", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch_op.create_index(batch_op.f("ix_inboundmessage_status"), ["status"], unique=False)


def downgrade() -> None:
    """Drop the quarantine and size columns and the status index."""
    with op.batch_alter_table("inboundmessage", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_inboundmessage_status"))
        batch_op.drop_column("truncated")
        batch_op.drop_column("raw_size")
        batch_op.drop_column("quarantine_detail")
        batch_op.drop_column("quarantine_reason")

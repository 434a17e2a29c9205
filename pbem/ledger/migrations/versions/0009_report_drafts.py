"""report mail drafted with its adjudication, drawn after the commit; reply budgets by index

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Apply this revision: an outbox row in status "draft" says what to draw (draft_json)."""
    with op.batch_alter_table("outbox") as batch:
        batch.add_column(sa.Column("draft_json", sqlmodel.sql.sqltypes.AutoString(), nullable=True))
    # the reply-budget count matches lower(recipient): without this index it read every row
    op.create_index(
        "ix_outbox_recipient_lower", "outbox", [sa.func.lower(sa.column("recipient")), "created_at"]
    )


def downgrade() -> None:
    """Revert this revision."""
    op.drop_index("ix_outbox_recipient_lower", table_name="outbox")
    with op.batch_alter_table("outbox") as batch:
        batch.drop_column("draft_json")

"""tick at scale: indexes for the due-mail scan and the reply budgets

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23
"""

from __future__ import annotations

from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Apply this revision."""
    op.create_index("ix_outbox_due", "outbox", ["status", "next_attempt_at"])
    op.create_index("ix_outbox_recipient_created", "outbox", ["recipient", "created_at"])


def downgrade() -> None:
    """Revert this revision."""
    op.drop_index("ix_outbox_recipient_created", table_name="outbox")
    op.drop_index("ix_outbox_due", table_name="outbox")

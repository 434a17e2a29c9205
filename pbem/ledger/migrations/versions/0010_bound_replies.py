"""replies bound to the phase they were written for; held answers named per mail

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Apply this revision: outbox.phase_id (the phase a reply to the mail is taken for), looked
    up by Message-ID, and inboundmessage.held_id (the held digest that answers a mail)."""
    with op.batch_alter_table("outbox") as batch:
        batch.add_column(sa.Column("phase_id", sa.Integer(), nullable=True))
    op.create_index("ix_outbox_message_id", "outbox", ["message_id"])
    with op.batch_alter_table("inboundmessage") as batch:
        batch.add_column(sa.Column("held_id", sa.Integer(), nullable=True))
    op.create_index("ix_inboundmessage_held_id", "inboundmessage", ["held_id"])


def downgrade() -> None:
    """Revert this revision."""
    op.drop_index("ix_inboundmessage_held_id", table_name="inboundmessage")
    with op.batch_alter_table("inboundmessage") as batch:
        batch.drop_column("held_id")
    op.drop_index("ix_outbox_message_id", table_name="outbox")
    with op.batch_alter_table("outbox") as batch:
        batch.drop_column("phase_id")

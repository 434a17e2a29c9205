"""referee toolkit: pauses, questions, audit

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add pauses, referee adjustments and player questions."""
    with op.batch_alter_table("campaign", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("paused_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True)
        )
    with op.batch_alter_table("snapshot", schema=None) as batch_op:
        batch_op.add_column(sa.Column("adjustment_id", sa.Integer(), nullable=True))
    op.create_table(
        "adjustment",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("after_seq", sa.Integer(), nullable=False),
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("command", sa.Text(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("void", sa.Boolean(), nullable=False),
        sa.Column("at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("adjustment", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_adjustment_campaign_id"), ["campaign_id"], unique=False
        )
    op.create_table(
        "question",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("seat", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("inbound_id", sa.Integer(), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("asked_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("answer", sa.Text(), nullable=True),
        sa.Column("answered_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"]),
        sa.ForeignKeyConstraint(["inbound_id"], ["inboundmessage.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("question", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_question_campaign_id"), ["campaign_id"], unique=False)


def downgrade() -> None:
    """Drop questions, adjustments and pauses."""
    with op.batch_alter_table("question", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_question_campaign_id"))
    op.drop_table("question")
    with op.batch_alter_table("adjustment", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_adjustment_campaign_id"))
    op.drop_table("adjustment")
    with op.batch_alter_table("snapshot", schema=None) as batch_op:
        batch_op.drop_column("adjustment_id")
    with op.batch_alter_table("campaign", schema=None) as batch_op:
        batch_op.drop_column("paused_at")

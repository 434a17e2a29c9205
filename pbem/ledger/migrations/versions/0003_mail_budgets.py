"""mail budgets, VERP bounces and outbox message-id parts

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the player's bounce time, the outbox row's player, and held acknowledgements."""
    with op.batch_alter_table("player", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("bounced_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True)
        )
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.add_column(sa.Column("player_id", sa.Integer(), nullable=True))
        batch_op.create_foreign_key("fk_outbox_player_id_player", "player", ["player_id"], ["id"])
    op.create_table(
        "heldack",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("phase_id", sa.Integer(), nullable=False),
        sa.Column("held", sa.Integer(), nullable=False),
        sa.Column("held_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("due_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("released_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"]),
        sa.ForeignKeyConstraint(["phase_id"], ["phase.id"]),
        sa.ForeignKeyConstraint(["player_id"], ["player.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("heldack", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_heldack_player_id"), ["player_id"], unique=False)


def downgrade() -> None:
    """Drop held acknowledgements, the outbox row's player and the player's bounce time."""
    with op.batch_alter_table("heldack", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_heldack_player_id"))
    op.drop_table("heldack")
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.drop_constraint("fk_outbox_player_id_player", type_="foreignkey")
        batch_op.drop_column("player_id")
    with op.batch_alter_table("player", schema=None) as batch_op:
        batch_op.drop_column("bounced_at")

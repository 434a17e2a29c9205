"""openings, sign-ups and grace: campaigns players find and join by mail, absences, extensions

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

_TEXT = sqlmodel.sql.sqltypes.AutoString


def upgrade() -> None:
    """Apply this revision: the opening table (a campaign forming by mail, with its house
    rules and limits), the signup table (who signed on to it, as player or observer) and the
    grace table (absences declared and extensions used)."""
    op.create_table(
        "opening",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", _TEXT(), nullable=False),
        sa.Column("game", _TEXT(), nullable=False),
        sa.Column("scenario", _TEXT(), nullable=True),
        sa.Column("seats", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=True),
        sa.Column("sets_json", sa.Text(), nullable=False),
        sa.Column("rules", sa.Text(), nullable=False),
        sa.Column("signup_by", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.Column("observers", sa.Boolean(), nullable=False),
        sa.Column("nmr_limit", sa.Integer(), nullable=False),
        sa.Column("min_on_time", sa.Integer(), nullable=False),
        sa.Column("absence_days", sa.Integer(), nullable=False),
        sa.Column("extensions", sa.Integer(), nullable=False),
        sa.Column("extend_hours", sa.Integer(), nullable=False),
        sa.Column("status", _TEXT(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_opening_name", "opening", ["name"], unique=True)
    op.create_table(
        "signup",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("opening_id", sa.Integer(), nullable=False),
        sa.Column("address", _TEXT(), nullable=False),
        sa.Column("name", _TEXT(), nullable=False),
        sa.Column("role", _TEXT(), nullable=False),
        sa.Column("preference", sa.Text(), nullable=False),
        sa.Column("status", _TEXT(), nullable=False),
        sa.Column("at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["opening_id"], ["opening.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_signup_opening_id", "signup", ["opening_id"])
    op.create_index("ix_signup_address", "signup", ["address"])
    op.create_table(
        "grace",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("seat", _TEXT(), nullable=False),
        sa.Column("address", _TEXT(), nullable=False),
        sa.Column("kind", _TEXT(), nullable=False),
        sa.Column("begins", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("ends", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_grace_campaign_id", "grace", ["campaign_id"])


def downgrade() -> None:
    """Revert this revision."""
    op.drop_index("ix_grace_campaign_id", table_name="grace")
    op.drop_table("grace")
    op.drop_index("ix_signup_address", table_name="signup")
    op.drop_index("ix_signup_opening_id", table_name="signup")
    op.drop_table("signup")
    op.drop_index("ix_opening_name", table_name="opening")
    op.drop_table("opening")

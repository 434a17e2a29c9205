"""campaign.seed_secret: the secret every seed and the thread root are keyed by

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Apply this revision: campaign.seed_secret, 256 random bits as hex. Campaigns created
    before it keep NULL: their recorded seeds replay as stored and later phases draw fresh
    seeds (services/base/seeding.py)."""
    with op.batch_alter_table("campaign") as batch:
        batch.add_column(
            sa.Column("seed_secret", sqlmodel.sql.sqltypes.AutoString(), nullable=True)
        )


def downgrade() -> None:
    """Revert this revision."""
    with op.batch_alter_table("campaign") as batch:
        batch.drop_column("seed_secret")

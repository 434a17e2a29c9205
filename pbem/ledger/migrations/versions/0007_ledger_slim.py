"""campaign slugs, due times and slim sent mail

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-23
"""

from __future__ import annotations

import re

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def _slug(name: str) -> str:
    # The token form of a name as pbem.mail.routing.slug made it when this migration was written.
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "x"


def upgrade() -> None:
    """Apply this revision."""
    with op.batch_alter_table("campaign") as batch:
        batch.add_column(sa.Column("slug", sqlmodel.sql.sqltypes.AutoString(), nullable=True))
    campaign = sa.table("campaign", sa.column("id", sa.Integer), sa.column("name", sa.String),
                        sa.column("slug", sa.String))
    connection = op.get_bind()
    for row in connection.execute(sa.select(campaign.c.id, campaign.c.name)).all():
        connection.execute(
            campaign.update().where(campaign.c.id == row.id).values(slug=_slug(row.name))
        )
    op.create_index("ix_campaign_slug", "campaign", ["slug"], unique=True)
    op.create_index("ix_phase_deadline", "phase", ["status", "deadline"])
    op.create_index("ix_phase_complete", "phase", ["status", "complete_at"])
    with op.batch_alter_table("outbox") as batch:
        batch.add_column(
            sa.Column("slimmed_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True)
        )
    op.create_index("ix_outbox_slim", "outbox", ["status", "slimmed_at", "sent_at"])


def downgrade() -> None:
    """Revert this revision."""
    op.drop_index("ix_outbox_slim", table_name="outbox")
    with op.batch_alter_table("outbox") as batch:
        batch.drop_column("slimmed_at")
    op.drop_index("ix_phase_complete", table_name="phase")
    op.drop_index("ix_phase_deadline", table_name="phase")
    op.drop_index("ix_campaign_slug", table_name="campaign")
    with op.batch_alter_table("campaign") as batch:
        batch.drop_column("slug")

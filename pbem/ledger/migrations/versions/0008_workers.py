"""per-campaign work claims for several workers

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa  # noqa: F401
from alembic import op  # noqa: F401

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Apply this revision: nothing to store. Workers claim work with PostgreSQL advisory locks
    (pbem/services/base/locks.py), which end with the holder's connection, so no claim column or
    lease expiry is needed; the revision stays so the chain is unbroken."""


def downgrade() -> None:
    """Revert this revision."""

"""The schema revisions this pbem knows, read from the migration files (no Alembic, no SQLAlchemy).

Kept apart from ledger/db.py so that the idle tick (cli/idle.py) can compare a ledger's version
with the newest one without importing SQLAlchemy.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
VERSION_TABLE = "alembic_version"
_REVISION_LINE = re.compile(r"^(revision|down_revision)\s*=\s*['\"]([^'\"]*)['\"]", re.MULTILINE)


@cache
def known_revisions() -> dict[str, str | None]:
    """Every migration's revision and the one it revises, read from the files (no Alembic)."""
    found: dict[str, str | None] = {}
    for path in sorted((MIGRATIONS / "versions").glob("*.py")):
        fields = dict(_REVISION_LINE.findall(path.read_text(encoding="utf-8")))
        if fields.get("revision"):
            found[fields["revision"]] = fields.get("down_revision") or None
    return found


def head_revision() -> str:
    """The newest schema revision this pbem knows: the one no other migration revises."""
    revisions = known_revisions()
    revised = set(revisions.values())
    heads = sorted(rev for rev in revisions if rev not in revised)
    return heads[0] if len(heads) == 1 else ""

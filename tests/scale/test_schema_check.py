"""The schema check reads the version table with plain SQL and knows the head without Alembic."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import text

from pbem.errors import ConfigError
from pbem.ledger.db import (
    alembic_config,
    check_schema,
    current_revision,
    head_revision,
    known_revisions,
    make_engine,
    migrate,
)


def test_head_read_from_the_files_is_alembics_head() -> None:
    scripts = ScriptDirectory.from_config(alembic_config())
    assert head_revision() == scripts.get_current_head()
    assert set(known_revisions()) == {rev.revision for rev in scripts.walk_revisions()}


def test_current_revision_without_alembic(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'l.db'}")
    assert current_revision(engine) is None  # no version table yet
    migrate(engine)
    assert current_revision(engine) == head_revision()


def test_old_and_newer_ledgers_are_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'l.db'}"
    engine = make_engine(url)
    migrate(engine)
    check_schema(url).dispose()  # current: accepted
    for revision, code in (("0001", "db.E_SCHEMA_OLD"), ("9999", "db.E_SCHEMA_NEWER")):
        with engine.begin() as connection:
            connection.execute(text("UPDATE alembic_version SET version_num = :v"), {"v": revision})
        with pytest.raises(ConfigError) as caught:
            check_schema(url)
        assert caught.value.code == code

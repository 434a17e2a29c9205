"""Fixtures for the community desk: a runtime with the toy game and an opening of it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pbem.registry import games
from pbem.services.base.runtime import Runtime
from tests.support.runtime import make_runtime, register_toy, sqlite_url


@pytest.fixture
def rt(tmp_path: Path) -> Iterator[Runtime]:
    """A runtime on a fresh SQLite ledger, with the toy game registered."""
    register_toy()
    runtime = make_runtime(sqlite_url(tmp_path))
    yield runtime
    runtime.engine.dispose()
    games().pop("toy", None)

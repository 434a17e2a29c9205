"""Fixtures for the community desk: a runtime with the toy game and an opening of it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pbem.services.base.runtime import Runtime
from tests.support.runtime import toy_runtime


@pytest.fixture
def rt(tmp_path: Path) -> Iterator[Runtime]:
    """A runtime on a fresh SQLite ledger, with the toy game registered."""
    with toy_runtime(tmp_path) as runtime:
        yield runtime

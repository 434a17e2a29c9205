"""Fixtures for service tests: a Runtime on SQLite with the toy game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pbem.services.base.runtime import Runtime
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from tests.support.runtime import scenario_file, toy_runtime

PLAYERS = ["Alice <alice@localhost>", "Bob <bob@localhost>", "Carol <carol@localhost>"]


@pytest.fixture
def rt(tmp_path: Path) -> Iterator[Runtime]:
    """A runtime on a fresh SQLite ledger, with the toy game registered."""
    with toy_runtime(tmp_path) as runtime:
        yield runtime


@pytest.fixture
def toy_campaign(rt: Runtime, tmp_path: Path) -> str:
    """A three-player toy campaign called 'duel' with a fixed seed."""
    create_campaign(
        rt,
        NewCampaign(
            name="duel", game="toy", scenario=scenario_file(tmp_path), players=PLAYERS, seed=7
        ),
    )
    return "duel"

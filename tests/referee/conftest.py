"""Fixtures for the referee toolkit: the services fixtures, plus a toy game with referee hooks."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pbem.core.game import Advance, EditRefused, Event
from pbem.registry import games
from pbem.services.base.runtime import Runtime
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from tests.services.conftest import PLAYERS, rt, toy_campaign
from tests.support.runtime import scenario_file
from tests.support.toy_game import ToyGame, ToyState

__all__ = ["PLAYERS", "rt", "toy_campaign"]


class EditableToy(ToyGame):
    """The toy game with referee hooks: 'score SEAT N' edits, and a dropped seat scores no more."""

    def edit(self, state: ToyState, command: str) -> Advance:
        """Set a seat's score."""
        words = command.split()
        if len(words) != 3 or words[0] != "score" or words[1] not in state.scores:
            raise EditRefused("toy.E_EDIT", command=command)
        if not words[2].isdigit():
            raise EditRefused("toy.E_EDIT", command=command)
        new = state.model_copy(deep=True)
        new.scores[words[1]] = int(words[2])
        return Advance(state=new, events=[Event(code="toy.edit", data={"edit": command})])

    def drop(self, state: ToyState, seat: str) -> Advance:
        """A dropped seat's score goes to zero."""
        new = state.model_copy(deep=True)
        new.scores[seat] = 0
        return Advance(state=new, events=[Event(code="toy.drop", data={"seat": seat})])


@pytest.fixture
def editable(rt: Runtime, tmp_path: Path) -> Iterator[str]:
    """A three-player campaign 'hooks' of the toy game with referee hooks."""
    games()["toy-edit"] = EditableToy()
    create_campaign(
        rt,
        NewCampaign(
            name="hooks",
            game="toy-edit",
            scenario=scenario_file(tmp_path),
            players=PLAYERS,
            seed=11,
        ),
    )
    yield "hooks"
    games().pop("toy-edit", None)


def kinds_of(rows: list[Any]) -> list[str]:
    """The kinds of outbox rows."""
    return [row.kind for row in rows]

"""The one game record: a game declared as data, generic over its own state and input types.

Each game's `game.py` is one `GameRecord(...)` naming its description, its state and input
types and its module functions. The record derives the JSON round trips from the types, and
it is a `Game` (pbem/core/game.py) as the engine reads one. An optional capability a game does
not give stays None, so `game.random_input is None` says honestly that it has none.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic

from pydantic import TypeAdapter

from pbem.core.game import (
    Advance,
    Due,
    EditUsage,
    Event,
    GameMeta,
    InputT,
    Outcome,
    ParseResult,
    PhaseInfo,
    Setup,
    StateT,
)
from pbem.core.reactions import Window
from pbem.core.rng import SeededRng


@dataclass(frozen=True, kw_only=True, eq=False)
class GameRecord(Generic[StateT, InputT]):
    """A game's description, its state and input types and its pure functions (see `Game` for
    what each function does). `input_type` is the input model, or a TypeAdapter where a game
    takes a union of input kinds. Equal only to itself, like any game."""

    meta: GameMeta
    state_type: type[StateT]
    input_type: type[InputT] | TypeAdapter[InputT]
    load_scenario: Callable[[str, str], dict[str, Any]]
    start: Callable[[Setup, SeededRng], StateT]
    phase: Callable[[StateT], PhaseInfo]
    due: Callable[[StateT], Due]
    parse: Callable[[StateT, str, str], ParseResult]
    canonical: Callable[[StateT, str, InputT], str]
    default_input: Callable[[StateT, str], InputT]
    advance: Callable[[StateT, dict[str, InputT], SeededRng], Advance]
    view: Callable[[StateT, str | None, list[Event]], dict[str, Any]]
    outcome: Callable[[StateT], Outcome | None]
    # optional capabilities: None where the game has none
    random_input: Callable[[StateT, str, SeededRng], InputT] | None = None
    private_strings: Callable[[StateT, str], list[str]] | None = None
    question_as_read: Callable[[StateT, Window], Window] | None = None
    edit: Callable[[StateT, str], Advance] | None = None
    edit_commands: Callable[[], list[EditUsage]] | None = None
    drop: Callable[[StateT, str], Advance] | None = None
    preview_state: Callable[[StateT, str], StateT] | None = None
    resample_hidden: Callable[[StateT, str, SeededRng], StateT] | None = None
    revealed: Callable[[StateT], object] | None = None
    settle_cases: Callable[[dict[str, Any], str], list[dict[str, Any]]] | None = None

    def state_from_json(self, data: dict[str, Any]) -> StateT:
        """Rebuild a state from its JSON form."""
        return self.state_type.model_validate(data)

    def input_from_json(self, data: dict[str, Any]) -> InputT:
        """Rebuild a typed input (orders) from its JSON form."""
        if isinstance(self.input_type, TypeAdapter):
            return self.input_type.validate_python(data)
        return self.input_type.model_validate(data)

"""Typed referee edits as data: a game lists its edit commands, and one reader checks the words
and applies the command to a copy of the state (see docs/referee.md, "State edits").

A command's `apply` changes the copy it is given and returns the `Change` it made, in canonical
words; it raises `EditRefused` with the game's own code for anything the game's rules forbid.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pbem.core.game import Advance, EditRefused, EditUsage, Event

S = TypeVar("S")
EDIT_EVENT = "core.referee_edit"
PHASE_EVENT = "core.referee_phase"  # an edit that puts the game in another phase (see below)


@dataclass(frozen=True)
class Change:
    """What an edit did: its canonical words, and what every player is told when those words
    would show a seat's secret (a card put in a hand)."""

    text: str
    public: str = ""
    phase: bool = False  # the edit sets the phase: the ledger closes the open one, opens anew


@dataclass(frozen=True)
class EditCommand(Generic[S]):
    """One edit: its name, its argument words ("[X]" for an optional one, "X..." last for one
    or more words, such as a card's name), help and action."""

    name: str
    args: tuple[str, ...]
    help: str
    apply: Callable[[S, list[str]], Change]
    example: str = ""

    @property
    def usage(self) -> str:
        """The command as it is written, e.g. 'add-army SEAT TILE [POINTS]'."""
        return " ".join((self.name, *self.args))

    def takes(self, count: int) -> bool:
        """True when `count` argument words fit the command."""
        needed = sum(1 for a in self.args if not a.startswith("["))
        endless = bool(self.args) and self.args[-1].endswith("...")
        return needed <= count and (endless or count <= len(self.args))


class EditBook(Generic[S]):
    """A game's edit commands, read from one line of text and applied to a copy of the state."""

    def __init__(
        self,
        commands: Sequence[EditCommand[S]],
        copy: Callable[[S], S],
        event: str = EDIT_EVENT,
        check: Callable[[S], None] = lambda _state: None,
    ) -> None:
        self.commands = {c.name: c for c in commands}
        self.copy, self.event, self.check = copy, event, check

    def usages(self) -> list[EditUsage]:
        """Every command's usage and help, in the order the game lists them."""
        return [
            EditUsage(usage=c.usage, help=c.help, example=c.example)
            for c in self.commands.values()
        ]

    def apply(self, state: S, line: str) -> Advance:
        """Apply one edit line to a copy of `state`; refuse unknown words and wrong counts."""
        words = line.split()
        command = self.commands.get(words[0].lower()) if words else None
        if command is None:
            raise EditRefused("core.E_EDIT_UNKNOWN", command=line.strip(), known=self.known())
        if not command.takes(len(words) - 1):
            raise EditRefused("core.E_EDIT_ARGS", command=line.strip(), usage=command.usage)
        self.check(state)
        new = self.copy(state)
        change = command.apply(new, words[1:])
        code = PHASE_EVENT if change.phase else self.event
        return Advance(state=new, events=[Event(code=code, data=_data(change))])

    def known(self) -> str:
        """The commands' usages on one line, for a refusal."""
        return "; ".join(c.usage for c in self.commands.values())


def _data(change: Change) -> dict[str, Any]:
    return {"edit": change.public or change.text}


def whole(text: str, minimum: int = 0, maximum: int | None = None) -> int:
    """A whole number within bounds, or EditRefused core.E_EDIT_NUMBER."""
    top = "" if maximum is None else str(maximum)
    value = int(text) if text.lstrip("-").isdigit() else None
    if value is None or value < minimum or (maximum is not None and value > maximum):
        raise EditRefused("core.E_EDIT_NUMBER", value=text, minimum=minimum, maximum=top or "any")
    return value


def one_of(text: str, choices: Sequence[str], what: str) -> str:
    """`text` (any case) if it names one of `choices`, or EditRefused core.E_EDIT_CHOICE."""
    found = next((c for c in choices if c.lower() == text.lower()), None)
    if found is None:
        raise EditRefused("core.E_EDIT_CHOICE", what=what, value=text, choices=", ".join(choices))
    return found

"""The one interface every game implements, for sealed simultaneous and alternating play.

A game is a record of pure functions over its own pydantic state and input types
(`pbem/core/record.py`). It never touches the database, mail, the clock or the global
`random` module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, Field

from pbem.core.problems import Problem
from pbem.core.reactions import Window
from pbem.core.rng import SeededRng

REFEREE = "referee"
StateT = TypeVar("StateT", bound=BaseModel)  # a game's own state model
InputT = TypeVar("InputT", bound=BaseModel)  # a game's own input model (or a union of them)


class Seat(BaseModel):
    """A player's place in a game: a stable id (p1, p2, …) and a display name."""

    id: str
    name: str


class Setup(BaseModel):
    """What a new campaign starts from."""

    seats: list[Seat]
    scenario: dict[str, Any]
    settings: dict[str, Any] = Field(default_factory=dict)


class Setting(BaseModel):
    """A campaign switch a referee may set with `--set key=value`."""

    key: str
    default: str | int | bool | float
    choices: list[str] = Field(default_factory=list)
    help: str = ""
    minimum: float | None = None  # for numbers: the smallest value allowed
    maximum: float | None = None  # for numbers: the largest value allowed

    @property
    def kind(self) -> type:
        """The value's type, taken from the default: bool, int, float or str."""
        return type(self.default)


class EditUsage(BaseModel):
    """One referee edit command as a referee reads it: its words and what it does."""

    usage: str  # e.g. "wounds ROLE N"
    help: str
    example: str = ""


class GameMeta(BaseModel):
    """A game's description as data."""

    name: str  # registry key, e.g. "mighty-kingdoms"
    title: str
    min_players: int
    max_players: int
    style: Literal["sealed", "alternating", "mixed"]
    settings: list[Setting] = Field(default_factory=list)
    default_scenario: str = ""  # path under campaigns/, e.g. "mighty-kingdoms/maps/valley-3.toml"
    summary: str = ""
    # True when orders written for an earlier phase still apply to a later one, so a reply to
    # an old report is taken for the phase open now (docs/mail.md, "Which phase a mail is for")
    orders_carry_over: bool = False


class PhaseInfo(BaseModel):
    """Where the game stands: a stable key, a readable label and the turn number."""

    key: str  # unique within a campaign, e.g. "y1-m3-orders"
    label: str  # e.g. "Year 1, summer month 3: orders"
    turn: int
    topic: str  # help topic for the order language now, e.g. "summer"


class Due(BaseModel):
    """Who owes input now. Players listed in `optional` may send input but are never missing."""

    players: list[str] = Field(default_factory=list)
    referee: bool = False
    optional: list[str] = Field(default_factory=list)
    # A reaction window: `players` is then just its seat. Never dumped, because its choices
    # can reveal the asked seat's hand; a view shows it to that seat explicitly.
    window: Window | None = Field(default=None, exclude=True)

    @property
    def nobody(self) -> bool:
        """True when nobody owes anything (the game can advance at once)."""
        return not self.players and not self.referee


class ParseResult(BaseModel):
    """Typed orders read from a player's text, plus every problem with its line number."""

    orders: Any = None  # the game's input model, or None if nothing usable was read
    problems: list[Problem] = Field(default_factory=list)
    # True when the game itself decided what of a mail with errors stands: `orders` is all that
    # could be used (a game that reads several orders on a line), or None when the mail is taken
    # whole or not at all. Otherwise the engine leaves out the lines with errors and reads the
    # rest again (services/turns/reading.py).
    partial: bool = False

    @property
    def errors(self) -> list[Problem]:
        """Only the problems that are errors, not warnings."""
        return [p for p in self.problems if p.severity == "error"]


class Event(BaseModel):
    """Something that happened. `visible_to` None means public; else the seats that may see it."""

    code: str  # stable, e.g. "mk.explore"
    data: dict[str, Any] = Field(default_factory=dict)
    visible_to: list[str] | None = None

    def seen_by(self, viewer: str | None) -> bool:
        """Public events for everyone, private ones for their seats, all for the referee."""
        if viewer == REFEREE or self.visible_to is None:
            return True
        return viewer is not None and viewer in self.visible_to


class Advance(BaseModel):
    """The result of one pure step: the new state and what happened."""

    state: Any
    events: list[Event] = Field(default_factory=list)


class Outcome(BaseModel):
    """How a finished game ended: standings, best first."""

    finished: bool
    standings: list[dict[str, Any]] = Field(default_factory=list)
    note: str = ""


@runtime_checkable
class Game(Protocol[StateT, InputT]):
    """Everything the engine needs from a game, over the game's own state and input types.
    Every function is pure. An optional capability a game lacks is None (see `GameRecord` in
    pbem/core/record.py, which every game declares itself with)."""

    @property
    def meta(self) -> GameMeta:
        """The game's description as data."""
        ...

    def load_scenario(self, text: str, source: str, /) -> dict[str, Any]:
        """Read and validate scenario text (TOML); raise ContentError naming `source` and line."""
        ...

    def start(self, setup: Setup, rng: SeededRng, /) -> StateT:
        """Build the opening state."""
        ...

    def state_from_json(self, data: dict[str, Any], /) -> StateT:
        """Rebuild a state from its JSON form."""
        ...

    def input_from_json(self, data: dict[str, Any], /) -> InputT:
        """Rebuild a typed input (orders) from its JSON form."""
        ...

    def phase(self, state: StateT, /) -> PhaseInfo:
        """Describe the current phase."""
        ...

    def due(self, state: StateT, /) -> Due:
        """Say who owes input now: one player, several, all, or the referee."""
        ...

    def parse(self, state: StateT, seat: str, text: str, /) -> ParseResult:
        """Read a player's (or the referee's) text into typed orders and line-numbered problems."""
        ...

    def canonical(self, state: StateT, seat: str, orders: InputT, /) -> str:
        """Write orders in their one canonical text form (parse(canonical(o)) == o)."""
        ...

    def default_input(self, state: StateT, seat: str, /) -> InputT:
        """The input used when `seat` sends nothing before the deadline."""
        ...

    def advance(self, state: StateT, inputs: dict[str, InputT], rng: SeededRng, /) -> Advance:
        """Apply the inputs of every seat that owed them; never mutate `state`."""
        ...

    def view(self, state: StateT, viewer: str | None, events: list[Event], /) -> dict[str, Any]:
        """What `viewer` may see (None: public, REFEREE: all): the one place secrecy is decided."""
        ...

    def outcome(self, state: StateT, /) -> Outcome | None:
        """The result once the game is over, else None."""
        ...

    @property
    def random_input(self) -> Callable[[StateT, str, SeededRng], InputT] | None:
        """Optional: a random legal input for a seat (or the referee), for bots, demos and the
        contract suite."""
        ...

    @property
    def private_strings(self) -> Callable[[StateT, str], list[str]] | None:
        """Optional: strings only a seat (and the referee) may see in a state, e.g. unrevealed
        unit names, for the secrecy tests."""
        ...

    @property
    def question_as_read(self) -> Callable[[StateT, Window], Window] | None:
        """Optional: a question as its seat reads it, choices narrowed or labelled by what that
        seat knows, where the public window offers more than it can choose (say every kind of
        card, of which it holds two)."""
        ...

    @property
    def edit(self) -> Callable[[StateT, str], Advance] | None:
        """Optional: apply one typed referee edit (e.g. 'gold p1 30') and return the new state
        and its events; raise EditRefused when the result would be invalid."""
        ...

    @property
    def edit_commands(self) -> Callable[[], list[EditUsage]] | None:
        """Optional, beside `edit`: every edit command it accepts, for help and for refusals."""
        ...

    @property
    def drop(self) -> Callable[[StateT, str], Advance] | None:
        """Optional: the state after a seat leaves the game under the game's own rules (e.g. it
        concedes); raise EditRefused when it cannot now."""
        ...

    @property
    def preview_state(self) -> Callable[[StateT, str], StateT] | None:
        """Optional: the state a seat's own what-if PREVIEW is adjudicated on, made of what the
        seat may know (another seat's secret votes, hands or stacks taken out); a game without
        it offers players no preview."""
        ...

    @property
    def resample_hidden(self) -> Callable[[StateT, str, SeededRng], StateT] | None:
        """Optional, for games whose rules hide facts from a seat (hands, decks, stacks,
        markers): a state equal to the given one in all the seat may know, with the hidden facts
        drawn afresh (pbem/core/secrecy.py)."""
        ...

    @property
    def revealed(self) -> Callable[[StateT], object] | None:
        """Optional, for games whose rules turn hidden cards face up for every seat (a card
        drawn and shown, a discard pile): the facts a state has shown every seat from its hidden
        pools, comparable with ==, so two twin runs that turned up different cards part there."""
        ...

    @property
    def settle_cases(self) -> Callable[[dict[str, Any], str], list[dict[str, Any]]] | None:
        """Optional: adjudicate test cases written as text (Diplomacy's DATC format) on a
        scenario's board: each case's outcome, or its error (`pbem adjudicate`)."""
        ...


class EditRefused(ValueError):
    """A referee edit or drop the game refuses: a stable code and its template parameters."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code, self.params = code, params


class ContentError(ValueError):
    """Scenario or map data that fails validation, with file and line."""

    def __init__(self, source: str, line: int | None, code: str, message: str) -> None:
        where = f"{source}:{line}" if line else source
        super().__init__(f"{where}: {code}: {message}")
        self.source, self.line, self.code, self.detail = source, line, code, message

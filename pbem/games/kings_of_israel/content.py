"""The board and decks of Kings of Israel as typed data, read from a scenario file."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from pbem.core.copying import SharedContent

PlaceKind = Literal["location", "mount", "nation"]
RESOURCES = ("gold", "stone", "wood", "cattle", "grain")
SIN_SUPPLY = 27
IDOL_SUPPLY = 6
ALTAR_SUPPLY = 9
DESTRUCTION_SUPPLY = 3
HAND_LIMIT = 6
ACTIONS = 4
WIN_ALTARS = {2: 7, 3: 8, 4: 9}


class Place(BaseModel):
    """A location of Israel (a mount is a location too) or an outside nation."""

    id: str
    name: str
    x: float
    y: float
    kind: PlaceKind

    @property
    def nation(self) -> bool:
        """True for an outside nation, where no cube is ever placed."""
        return self.kind == "nation"


class Step(BaseModel):
    """One step of a card's effect: an operation word and its parameters."""

    op: str
    params: dict[str, str] = Field(default_factory=dict)

    def number(self, key: str, default: int = 1) -> int:
        """An integer parameter."""
        return int(self.params.get(key, default))


class Card(BaseModel):
    """A Blessing or Sin & Punishment card: its effect before and after a Foretold mark."""

    id: str
    title: str
    count: int
    steps: list[Step]
    foretold: list[Step] | None = None  # the Foretold Event, when the card has one
    permanent: bool = False


class King(BaseModel):
    """A space of the King Timeline."""

    name: str
    good: bool
    players: Literal["all", "3-4", "4"]

    def applies(self, count: int) -> bool:
        """True when the king reigns in a game of `count` players."""
        return self.players == "all" or (self.players == "3-4" and count >= 3) or count == 4

    @property
    def short(self) -> bool:
        """True for a short-lived king (only the King's Godliness Phase)."""
        return self.players != "all"


class Ability(BaseModel):
    """A prophet's Ability card."""

    id: str
    name: str
    start: str
    power: str


class Board(SharedContent):
    """Everything the scenario file defines."""

    name: str
    title: str
    places: list[Place]
    roads: list[tuple[str, str]]
    seas: list[tuple[str, str]]
    kings: list[King]
    abilities: list[Ability]
    resources: dict[str, int]
    location_cards: dict[str, int]  # nation id or "again" -> count (locations count once)
    blessings: list[Card]
    sins: list[Card]


    def place(self, place_id: str) -> Place:
        """The place with this id."""
        return _places(self)[place_id]

    def locations(self) -> list[str]:
        """Every location (not nation) id, in file order."""
        return [p.id for p in self.places if not p.nation]

    def road_neighbours(self, place_id: str) -> list[str]:
        """Places joined to `place_id` by road, in file order."""
        return _adjacent(self)[("road", place_id)]

    def sea_neighbours(self, place_id: str) -> list[str]:
        """Places joined to `place_id` by a sea lane, in file order."""
        return _adjacent(self)[("sea", place_id)]

    def blessing(self, card_id: str) -> Card:
        """The Blessing card behind an instance id such as 'manna.2'."""
        return _cards(self)[("b", card_id.rsplit(".", 1)[0])]

    def sin_card(self, card_id: str) -> Card:
        """The Sin & Punishment card behind an instance id."""
        return _cards(self)[("s", card_id.rsplit(".", 1)[0])]

    def ability(self, ability_id: str) -> Ability:
        """The Ability card with this id."""
        found = _abilities(self).get(ability_id)
        if found is None:  # as a search of the list would: StopIteration
            return next(a for a in self.abilities if a.id == ability_id)
        return found

    def named(self, text: str) -> str | None:
        """The place id a player means by `text` ('Mount Ebal', 'mount-ebal'), or None."""
        return _names(self).get(slug(text))


def slug(text: str) -> str:
    """Lower-case words joined by hyphens."""
    return "-".join("".join(c if c.isalnum() else " " for c in text.lower()).split())


_CACHE: dict[int, tuple[Board, dict[str, object]]] = {}


def _memo(board: Board) -> dict[str, object]:
    entry = _CACHE.get(id(board))
    if entry is None or entry[0] is not board:
        if len(_CACHE) > 64:
            _CACHE.clear()
        entry = (board, {})
        _CACHE[id(board)] = entry
    return entry[1]


def _places(board: Board) -> dict[str, Place]:
    memo = _memo(board)
    if "places" not in memo:
        memo["places"] = {p.id: p for p in board.places}
    return memo["places"]  # type: ignore[return-value]


def _abilities(board: Board) -> dict[str, Ability]:
    memo = _memo(board)
    if "abilities" not in memo:
        table: dict[str, Ability] = {}
        for ability in board.abilities:
            table.setdefault(ability.id, ability)  # the first of an id, as a search finds it
        memo["abilities"] = table
    return memo["abilities"]  # type: ignore[return-value]


def _adjacent(board: Board) -> dict[tuple[str, str], list[str]]:
    memo = _memo(board)
    if "adjacent" not in memo:
        table: dict[tuple[str, str], list[str]] = {}
        for kind, pairs in (("road", board.roads), ("sea", board.seas)):
            for place in board.places:
                table[(kind, place.id)] = []
            for a, b in pairs:
                table[(kind, a)].append(b)
                table[(kind, b)].append(a)
        memo["adjacent"] = table
    return memo["adjacent"]  # type: ignore[return-value]


def _cards(board: Board) -> dict[tuple[str, str], Card]:
    memo = _memo(board)
    if "cards" not in memo:
        table = {("b", c.id): c for c in board.blessings}
        table |= {("s", c.id): c for c in board.sins}
        memo["cards"] = table
    return memo["cards"]  # type: ignore[return-value]


def _names(board: Board) -> dict[str, str]:
    memo = _memo(board)
    if "names" not in memo:
        table = {slug(p.name): p.id for p in board.places}
        table |= {p.id: p.id for p in board.places}
        memo["names"] = table
    return memo["names"]  # type: ignore[return-value]

"""Where the Build Phase's new armies go when their player's `place` line asks (10.3, 10.5):
each wish, 'area' or 'area=N', in turn takes up to N of them (without N, what stacking lets
stand), only where the rules allow; the others are set up by the default pick. A wish the
rules do not let be followed is told to its player alone (`kd.place_missed`), with why."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pbem.core.game import Event
from pbem.games.king_david.land.stacks import room
from pbem.games.king_david.state import Army, KDState

Why = Callable[[str], str | None]  # an area -> why no new army may go there, or None


@dataclass
class Wish:
    """One area of a `place` line: how many more it asks for (None: as many as fit)."""

    area: str
    wanted: int | None
    taken: int = 0

    def open(self) -> bool:
        """True while the wish asks for more armies."""
        return self.wanted is None or self.taken < self.wanted


@dataclass
class Wishes:
    """A seat's `place` wishes for one country, used up as its new armies are placed."""

    seat: str
    items: list[Wish]
    missed: dict[str, str] = field(default_factory=dict)  # area -> why, first reason only

    @classmethod
    def read(cls, seat: str, words: list[str]) -> Wishes:
        """The wishes of a `place COUNTRY` line's words ('hebron=2', 'ziklag')."""
        items = []
        for word in words:
            area, _, count = word.partition("=")
            items.append(Wish(area, int(count) if count else None))
        return cls(seat, items)

    def take(self, state: KDState, army: Army, why: Why) -> bool:
        """Place `army` in the first wished area that the rules allow and has room; note why
        each wish passed over was not followed. False when no wish takes it."""
        for wish in (w for w in self.items if w.open()):
            refusal = why(wish.area) or (None if room(state, wish.area, self.seat) > 0
                                         else "full")
            if refusal is None:
                army.area, wish.taken = wish.area, wish.taken + 1
                state.armies.append(army)
                return True
            if refusal != "full" or wish.wanted is not None or not wish.taken:
                self.missed.setdefault(wish.area, refusal)
        return False

    def tell(self, events: list[Event], country: str) -> None:
        """One private event per wished area not followed, with why."""
        for area, why in self.missed.items():
            events.append(Event(code="kd.place_missed", data={
                "seat": self.seat, "country": country, "area": area, "why": why},
                visible_to=[self.seat]))

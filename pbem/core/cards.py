"""Card piles for the card games: pure, JSON-friendly, shuffled only through SeededRng."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pbem.core.rng import SeededRng


@dataclass
class Pile:
    """An ordered pile of card ids; index 0 is the top."""

    cards: list[str] = field(default_factory=list)

    def draw(self, count: int = 1) -> list[str]:
        """Remove and return up to `count` cards from the top."""
        taken, self.cards = self.cards[:count], self.cards[count:]
        return taken

    def shuffle(self, rng: SeededRng, purpose: str = "shuffle") -> None:
        """Shuffle the pile in place with the seeded RNG (the order is recorded)."""
        self.cards = rng.shuffled(self.cards, purpose)

    def put_bottom(self, cards: list[str]) -> None:
        """Place cards under the pile."""
        self.cards.extend(cards)


def move_first(sources: list[list[str]], target: list[str], wanted: Callable[[str], bool]) -> str:
    """Move the first card `wanted` picks from the first of `sources` holding one to the end of
    `target`; its id, or "" when none holds one (and nothing moves)."""
    for pile in sources:
        card = next((c for c in pile if wanted(c)), "")
        if card:
            pile.remove(card)
            target.append(card)
            return card
    return ""

"""Seeded, auditable randomness built only on `random.Random(seed).random()`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeVar

T = TypeVar("T")


@dataclass
class Draw:
    """One recorded draw: why it was made and what it gave."""

    purpose: str
    value: object

    def as_dict(self) -> dict[str, object]:
        """Return the draw as a JSON-ready dict."""
        return {"purpose": self.purpose, "value": self.value}


@dataclass
class SeededRng:
    """A die roller and shuffler whose every draw is logged in order.

    Only `random.Random.random()` is used, because CPython keeps that sequence
    stable across versions; integers are derived from it by multiplication.
    """

    seed: int
    draws: list[Draw] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._source = random.Random(self.seed)

    def _below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("n must be positive")
        return min(int(self._source.random() * n), n - 1)

    def die(self, sides: int = 6, purpose: str = "die") -> int:
        """Roll one die with `sides` faces and record it."""
        value = self._below(sides) + 1
        self.draws.append(Draw(purpose, value))
        return value

    def dice(self, count: int, sides: int = 6, purpose: str = "dice") -> list[int]:
        """Roll `count` dice and record them as one draw."""
        values = [self._below(sides) + 1 for _ in range(count)]
        self.draws.append(Draw(purpose, values))
        return values

    def shuffled(self, items: Sequence[T], purpose: str = "shuffle") -> list[T]:
        """Return a Fisher-Yates shuffled copy of `items` and record the order."""
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self._below(i + 1)
            result[i], result[j] = result[j], result[i]
        self.draws.append(Draw(purpose, [str(x) for x in result]))
        return result

    def choice(self, items: Sequence[T], purpose: str = "choice") -> T:
        """Pick one item uniformly and record it."""
        picked = items[self._below(len(items))]
        self.draws.append(Draw(purpose, str(picked)))
        return picked

    def log(self) -> list[dict[str, object]]:
        """Return every draw so far as JSON-ready dicts."""
        return [d.as_dict() for d in self.draws]


def derive_seed(master: int, label: str) -> int:
    """Derive a reproducible 63-bit seed from a master seed and a label."""
    import hashlib

    digest = hashlib.sha256(f"{master}:{label}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1

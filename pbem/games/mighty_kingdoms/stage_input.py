"""The base of every Mighty Kingdoms stage input: records whether it is a default."""

from __future__ import annotations

from pydantic import BaseModel


class StageInput(BaseModel):
    """An input of one stage. `defaulted` records where it came from, not what it orders.

    Equality ignores `defaulted`, so a default input and the same orders read back from its
    canonical text are equal, while `advance` can still report that a default was used.
    """

    defaulted: bool = False

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, StageInput) or type(other) is not type(self):
            return NotImplemented
        return self.model_dump(exclude={"defaulted"}) == other.model_dump(exclude={"defaulted"})

    __hash__ = None  # type: ignore[assignment]

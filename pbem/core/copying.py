"""Deep copies of game states: plain data and pydantic models copied field by field.

A game copies its state before it changes it, in every phase it plays, every order it tries
and every twin a secrecy check makes. `copy.deepcopy`, which pydantic's `model_copy(deep=True)`
uses, keeps a memo of every object it meets and looks each one up in it; a game state is a
tree of models, lists, dicts and atoms that round-trips through JSON, so it shares no object
between two places and needs no memo. Walking the tree directly is several times faster.

An object whose class defines its own `__deepcopy__` (read-only content a state carries, such
as a scenario that returns itself) is copied by it, as `copy.deepcopy` would.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel

T = TypeVar("T")

_ATOMS: frozenset[type] = frozenset({str, int, float, bool, type(None), bytes, complex})
_MODEL_DEEPCOPY = BaseModel.__deepcopy__


def deep_copy(value: T) -> T:
    """A copy of `value` that shares nothing mutable with it (a tree of models and data)."""
    result: T = _copy(value)
    return result


def _copy(value: Any) -> Any:
    kind = type(value)
    if kind in _ATOMS:
        return value
    copier = _COPIERS.get(kind)
    if copier is not None:
        return copier(value)
    if isinstance(value, SharedContent):
        return value
    if isinstance(value, BaseModel):
        return _copy_model(value)
    return copy.deepcopy(value)


def _copy_list(value: list[Any]) -> list[Any]:
    return [v if type(v) in _ATOMS else _copy(v) for v in value]


def _copy_dict(value: dict[Any, Any]) -> dict[Any, Any]:
    return {k: v if type(v) in _ATOMS else _copy(v) for k, v in value.items()}


def _copy_tuple(value: tuple[Any, ...]) -> tuple[Any, ...]:
    if all(type(v) in _ATOMS for v in value):
        return value  # a tuple of atoms is immutable all the way down
    return tuple(_copy(v) for v in value)


def _copy_set(value: set[Any]) -> set[Any]:
    return set(value) if all(type(v) in _ATOMS for v in value) else copy.deepcopy(value)


def _copy_frozenset(value: frozenset[Any]) -> frozenset[Any]:
    return value if all(type(v) in _ATOMS for v in value) else copy.deepcopy(value)


_COPIERS: dict[type, Callable[[Any], Any]] = {
    list: _copy_list,
    dict: _copy_dict,
    tuple: _copy_tuple,
    set: _copy_set,
    frozenset: _copy_frozenset,
}


def _copy_model(model: BaseModel) -> BaseModel:
    """A model copied as pydantic copies it, its fields through `_copy`."""
    kind = type(model)
    if kind.__deepcopy__ is not _MODEL_DEEPCOPY:
        return copy.deepcopy(model)  # the class decides (shared read-only content)
    new = kind.__new__(kind)
    setattr_ = object.__setattr__
    setattr_(new, "__dict__", _copy_dict(model.__dict__))
    extra = model.__pydantic_extra__  # None unless the model allows extra fields
    setattr_(new, "__pydantic_extra__", None if extra is None else copy.deepcopy(extra))
    setattr_(new, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    private = getattr(model, "__pydantic_private__", None)
    setattr_(new, "__pydantic_private__", None if private is None else copy.deepcopy(private))
    return new


class SharedContent(BaseModel):
    """Read-only content a state carries (a scenario, a map, a board): nothing in play changes
    it, so every copy of the state shares it instead of copying it."""

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> SharedContent:
        """The content itself."""
        return self

    def memo(self, key: str, build: Callable[[], T]) -> T:
        """`build()`, worked out once for this content (a lookup table of it, say)."""
        table = self.__dict__.setdefault("_memo", {})
        if key not in table:
            table[key] = build()
        found: T = table[key]
        return found

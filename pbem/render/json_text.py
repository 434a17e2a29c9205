"""Indented JSON, written fast: the same text as `json.dumps(value, indent=2, sort_keys=True,
ensure_ascii=False)`.

The standard library writes indented JSON in pure Python through a chain of generators, which
made the JSON report one of the slowest parts of composing a report. A value with no odd float in
it (every report view) is written by orjson, in compiled code, which gives the same text about
ten times faster. orjson writes a float as Python does (the shortest text that reads back the
same) except below 1e-4, where Python turns to an exponent (`1e-05`, orjson `0.00001`), and
NaN and the infinities (which JSON lacks: Python writes `NaN`, orjson `null`); a key that is
not a string is sorted as the standard library sorts it. So a value holding such a float, and
anything orjson refuses, goes through the writer below: direct recursion with the standard
library's C string escaper, about twice as fast as the standard library.
"""

from __future__ import annotations

import json.encoder
import math
from collections.abc import Callable
from typing import Any

import orjson

_escape: Callable[[str], str] = json.encoder.encode_basestring  # the C escaper when built
_INDENT = "  "
_ORJSON_OPTIONS = orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS
SAFE_FLOAT = 1e-4  # from here up Python and orjson write every finite float alike
_PLAIN_ATOMS: frozenset[type] = frozenset({str, int, bool, type(None)})


def pretty_json(value: Any) -> str:
    """`value` as JSON indented by two spaces with sorted keys, non-ASCII kept as is."""
    if not _holds_odd_float(value):
        try:
            return orjson.dumps(value, option=_ORJSON_OPTIONS).decode()
        except TypeError:  # a key that is not a string, an int past 64 bits, a lone surrogate
            pass
    return _written(value)


def _holds_odd_float(value: Any) -> bool:
    """Whether a float orjson writes otherwise than Python (not finite, or under 1e-4 but not
    zero) is anywhere among `value`'s values (keys aside: orjson refuses those)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if type(item) in _PLAIN_ATOMS:
            continue
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
        elif isinstance(item, float) and not (SAFE_FLOAT <= abs(item) < math.inf or item == 0):
            return True  # NaN fails both comparisons
    return False


def _written(value: Any) -> str:
    """`value` written by the recursive writer below."""
    parts: list[str] = []
    _write(value, "\n", parts)
    return "".join(parts)


def _write(value: Any, newline: str, parts: list[str]) -> None:
    """Append `value`'s JSON; `newline` is a line break and the indent of its own level."""
    if isinstance(value, str):
        parts.append(_escape(value))
    elif isinstance(value, dict):
        _write_object(value, newline, parts)
    elif isinstance(value, list | tuple):
        _write_array(value, newline, parts)
    else:
        parts.append(_scalar(value))


def _write_object(value: dict[Any, Any], newline: str, parts: list[str]) -> None:
    if not value:
        parts.append("{}")
        return
    inner = newline + _INDENT
    separator = "{" + inner
    for key, item in sorted(value.items()):
        parts.append(separator)
        parts.append(_escape(key if isinstance(key, str) else _key(key)))
        parts.append(": ")
        _write(item, inner, parts)
        separator = "," + inner
    parts.append(newline + "}")


def _write_array(value: list[Any] | tuple[Any, ...], newline: str, parts: list[str]) -> None:
    if not value:
        parts.append("[]")
        return
    inner = newline + _INDENT
    separator = "[" + inner
    for item in value:
        parts.append(separator)
        _write(item, inner, parts)
        separator = "," + inner
    parts.append(newline + "]")


def _scalar(value: Any) -> str:
    """A number, boolean or null as the standard library writes it."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        return _float(value)
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _float(value: float) -> str:
    if value != value:
        return "NaN"
    if value in (float("inf"), float("-inf")):
        return "Infinity" if value > 0 else "-Infinity"
    return float.__repr__(value)


def _key(key: Any) -> str:
    """A key that is not a string, turned into one as the standard library does."""
    if isinstance(key, float | int) or key is None:
        return _scalar(key)
    raise TypeError(f"keys must be str, int, float, bool or None, not {type(key).__name__}")

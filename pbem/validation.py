"""Shared checks for what people type: settings values, names, and "did you mean" hints."""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic_core import ErrorDetails, PydanticCustomError

from pbem.wording import wording

# pydantic error type -> the wording key that says what was expected
_REASONS = {
    "int_parsing": "reason.int",
    "int_type": "reason.int",
    "int_from_float": "reason.int",
    "float_parsing": "reason.number",
    "float_type": "reason.number",
    "bool_parsing": "reason.bool",
    "bool_type": "reason.bool",
    "list_type": "reason.list",
    "tuple_type": "reason.list",
    "string_type": "reason.text",
    "greater_than_equal": "reason.min",
    "greater_than": "reason.above",
    "less_than_equal": "reason.max",
    "literal_error": "reason.choice",
    "finite_number": "reason.number",
}
MAX_NAME = 80


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """' Did you mean "x"?' for the closest known word, or '' when none is close."""
    close = difflib.get_close_matches(word.lower(), [k.lower() for k in known], n=1, cutoff=0.6)
    if not close:
        return ""
    original = next(k for k in known if k.lower() == close[0])
    return " " + wording("hint.DID_YOU_MEAN", {"word": original})


def reason_of(error: ErrorDetails) -> str:
    """What a value should have been, in words, from one pydantic error."""
    ctx: dict[str, Any] = dict(error.get("ctx") or {})
    key = _REASONS.get(error["type"], f"reason.{error['type']}")
    words = wording(key, ctx)
    return words if words != key and not words.startswith(key + " (") else error["msg"]


def shown_value(value: Any) -> str:
    """A value as the person wrote it, cut short and on one line."""
    text = value if isinstance(value, str) else repr(value)
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= 60 else text[:59] + "…"


def check_timezone(value: str) -> str:
    """The time zone name if the tz database knows it, else a 'timezone' validation error."""
    try:
        ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError, OSError) as exc:
        raise PydanticCustomError("timezone", "unknown time zone") from exc
    return value


CONTROL_CATEGORIES = ("Cc", "Cf", "Zl", "Zp", "Cs")  # controls, format (bidi), breaks


def control_characters(text: str) -> list[str]:
    """The control, format and line-break characters in `text`, as U+XXXX strings."""
    return [f"U+{ord(ch):04X}" for ch in text if unicodedata.category(ch) in CONTROL_CATEGORIES]


def without_controls(text: str) -> str:
    """`text` without the characters names may not hold (bidi overrides, zero-width and other
    controls), keeping its line breaks and tabs: for player text relayed to others."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    kept = ("".join(ch for ch in line if ch == "\t" or unicodedata.category(ch)
                    not in CONTROL_CATEGORIES) for line in lines)  # fmt: skip
    return "\n".join(kept)

"""A readable diff of two states' JSON: one line per changed path."""

from __future__ import annotations

import json
from typing import Any

LIMIT = 400


def flatten(value: Any, path: str = "") -> dict[str, Any]:
    """Every leaf of a JSON value keyed by its dotted path."""
    if isinstance(value, dict) and value:
        found: dict[str, Any] = {}
        for key in sorted(value):
            found.update(flatten(value[key], f"{path}.{key}" if path else str(key)))
        return found
    if isinstance(value, list) and value:
        found = {}
        for index, item in enumerate(value):
            found.update(flatten(item, f"{path}[{index}]"))
        return found
    return {path: value}


def diff_states(before: Any, after: Any) -> list[str]:
    """Lines 'path: old -> new' for every leaf that differs (at most LIMIT lines)."""
    old, new = flatten(before), flatten(after)
    lines = []
    for path in sorted(set(old) | set(new)):
        if old.get(path, _MISSING) != new.get(path, _MISSING):
            lines.append(
                f"{path}: {_show(old.get(path, _MISSING))} -> {_show(new.get(path, _MISSING))}"
            )
    return lines[:LIMIT] + ([f"... and {len(lines) - LIMIT} more"] if len(lines) > LIMIT else [])


class _Missing:
    pass


_MISSING = _Missing()


def _show(value: Any) -> str:
    return "(none)" if isinstance(value, _Missing) else json.dumps(value, ensure_ascii=False)

"""The message catalogue: the words for a stable code (an error, a problem, an event), read from
the `problems.txt`, `errors.txt` and `events.txt` files under templates/, so the wording can
change without touching the code that raises or records the code. Standard library only."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from pbem.paths import templates_dir


@cache
def _wordings() -> dict[str, str]:
    found: dict[str, str] = {}
    for path in sorted(Path(templates_dir()).rglob("*.txt")):
        if path.stem not in ("problems", "errors", "events"):
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            code, sep, words = line.partition(":")
            if sep and code.strip() and not line.startswith("#") and " " not in code.strip():
                found.setdefault(code.strip(), words.strip())
    return found


def wording(code: str, params: dict[str, Any] | None = None) -> str:
    """The words for a stable code, with {param} placeholders filled; the code itself if unknown.

    A value may have words of its own: `<code>.<param>.<value>` in the same files (say
    `ki.discard.question.why.card`) stands in for the bare value; a `{<param>_name}` the
    caller does not give is filled with `<param>` (a view adds names where it has them); where
    the parameters lack one the wording needs (an event recorded before the wording grew),
    `<code>.earlier` is used if there is one."""
    words = _wordings()
    template = words.get(code)
    if template is None:
        details = ", ".join(f"{k}={v}" for k, v in sorted((params or {}).items()))
        return f"{code} ({details})" if details else code
    filled = _Filled({k: words.get(f"{code}.{k}.{v}", v) for k, v in (params or {}).items()})
    for text in (template, words.get(f"{code}.earlier")):  # an event an older pbem recorded
        try:
            return text.format_map(filled) if text is not None else template
        except (KeyError, IndexError, ValueError):
            continue
    return template


class _Filled(dict[str, Any]):
    """A wording's parameters; `<param>_name`, where the caller gives no name, is `<param>`."""

    def __missing__(self, key: str) -> Any:
        if key.endswith("_name") and key.removesuffix("_name") in self:
            return self[key.removesuffix("_name")]
        raise KeyError(key)

"""Undo RFC 3676 format=flowed soft line breaks so long order lines come back whole."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class _Line:
    """One physical line: its quote depth, its text, and whether it flows on."""

    depth: int
    text: str
    flows: bool


def unflow(text: str, delsp: bool = False) -> str:
    """Join flowed lines of the same quote depth; keep quote markers as "> "."""
    out: list[str] = []
    pending: _Line | None = None
    for line in (_split(raw) for raw in text.replace("\r\n", "\n").split("\n")):
        if pending is not None and pending.depth == line.depth:
            body = pending.text[:-1] if delsp else pending.text
            line = _Line(line.depth, body + line.text, line.flows)
        elif pending is not None:
            out.append(_render(pending))
        pending = line if line.flows else None
        if not line.flows:
            out.append(_render(line))
    if pending is not None:
        out.append(_render(pending))
    return "\n".join(out)


def _split(raw: str) -> _Line:
    """Read quote depth, undo space-stuffing, and note a trailing soft break."""
    depth = len(raw) - len(raw.lstrip(">"))
    text = raw[depth:]
    if text.startswith(" "):
        text = text[1:]
    flows = text.endswith(" ") and text.rstrip() != "--"
    return _Line(depth, text, flows)


def _render(line: _Line) -> str:
    """Write a logical line back with plain "> " quote markers."""
    text = line.text.rstrip(" ") if line.flows else line.text
    return ("> " * line.depth + text) if line.depth else text

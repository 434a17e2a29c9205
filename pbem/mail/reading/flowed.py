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
    pieces: list[str] = []
    open_depth: int | None = None
    for line in (_split(raw) for raw in text.replace("\r\n", "\n").split("\n")):
        if open_depth is not None and line.depth != open_depth:
            out.append(_render(open_depth, "".join(pieces).rstrip(" ")))
            pieces, open_depth = [], None
        pieces.append(line.text[:-1] if line.flows and delsp else line.text)
        if line.flows:
            open_depth = line.depth
            continue
        out.append(_render(line.depth, "".join(pieces)))
        pieces, open_depth = [], None
    if open_depth is not None:
        out.append(_render(open_depth, "".join(pieces).rstrip(" ")))
    return "\n".join(out)


def _split(raw: str) -> _Line:
    """Read quote depth, undo space-stuffing, and note a trailing soft break."""
    depth = len(raw) - len(raw.lstrip(">"))
    text = raw[depth:]
    if text.startswith(" "):
        text = text[1:]
    flows = text.endswith(" ") and text.rstrip() != "--"
    return _Line(depth, text, flows)


def _render(depth: int, text: str) -> str:
    """Write a logical line back with plain "> " quote markers."""
    return ("> " * depth + text) if depth else text

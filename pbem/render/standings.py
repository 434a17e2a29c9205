"""A finished game's outcome as a result people read: places, the winner and the tie-breaks."""

from __future__ import annotations

import textwrap
from typing import Any

from pbem.core.game import Outcome

HIDDEN = ("seat", "name", "result")


def final_result(outcome: Outcome | None, names: dict[str, str]) -> dict[str, Any] | None:
    """The result of a finished game (None while it runs); `names`: seat -> display name."""
    if outcome is None or not outcome.finished or not outcome.standings:
        return None
    rows = [_row(place, row, names) for place, row in enumerate(outcome.standings, start=1)]
    winners = _winners(rows)
    return {
        "winners": winners,
        "winner_text": _winner_text(winners, rows),
        "columns": _columns(outcome.standings),
        "rows": rows,
        "note": outcome.note,
    }


def _row(place: int, row: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    seat = str(row.get("seat", ""))
    return {
        "place": place,
        "seat": seat,
        "name": str(row.get("name") or names.get(seat) or seat),
        "result": str(row.get("result", "")),
        "cells": {k: v for k, v in row.items() if k not in HIDDEN},
    }


def _columns(standings: list[dict[str, Any]]) -> list[str]:
    columns: list[str] = []
    for row in standings:
        columns += [k for k in row if k not in HIDDEN and k not in columns]
    return columns


def _winners(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Games that say win/loss/draw name their winners; otherwise the first place wins."""
    if any(r["result"] for r in rows):
        return [r for r in rows if r["result"] == "win"]
    return rows[:1]


def _winner_text(winners: list[dict[str, Any]], rows: list[dict[str, Any]]) -> str:
    if not winners and all(r["result"] == "loss" for r in rows):
        return "Nobody won: every player lost."  # a co-operative team's defeat
    drawn = [r for r in rows if r["result"] == "draw"]
    if not winners and drawn:
        return f"The game ended in a draw shared by {_named(drawn)}."
    if not winners:
        return "The game ended in a draw: nobody won."
    named = _named(winners)
    return f"The winner is {named}." if len(winners) == 1 else f"The winners are {named}."


def _named(rows: list[dict[str, Any]]) -> str:
    """'Ann (p1)', 'Ann (p1) and Bob (p2)', 'Ann (p1), Bob (p2) and Cy (p3)'."""
    names = [f"{r['name']} ({r['seat']})" for r in rows]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def result_lines(result: dict[str, Any], width: int = 72) -> list[str]:
    """The result as plain-text lines: the winner, a table of places, and how ties are broken."""
    columns = result["columns"]
    sizes = [_size(c, result["rows"]) for c in columns]
    name_width = max(12, min(28, width - 4 - sum(size + 1 for size in sizes)))
    lines = [*textwrap.wrap(result["winner_text"], width), ""]
    header = "".join(f" {_short(c):>{n}}" for c, n in zip(columns, sizes, strict=True))
    lines.append(f"{'#':>2}  {'Name':<{name_width}}{header}")
    for row in result["rows"]:
        name = _clip(f"{row['name']} ({row['seat']})", name_width)
        cells = "".join(
            f" {row['cells'].get(c, '')!s:>{n}.{n}}" for c, n in zip(columns, sizes, strict=True)
        )
        lines.append(f"{row['place']:>2}. {name:<{name_width}}{cells}")
    if result["note"]:
        lines += ["", *textwrap.wrap(result["note"], width)]
    return lines


def _size(column: str, rows: list[dict[str, Any]]) -> int:
    """A column's width: its heading, its longest value ("England", never cut), at least 5."""
    return max(5, len(_short(column)), *(len(str(r["cells"].get(column, ""))) for r in rows))


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _short(column: str) -> str:
    return column.replace("_", " ")

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
        "winner_text": _winner_text(winners),
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


def _winner_text(winners: list[dict[str, Any]]) -> str:
    if not winners:
        return "The game ended in a draw: nobody won."
    named = " and ".join(f"{w['name']} ({w['seat']})" for w in winners)
    return f"The winner is {named}." if len(winners) == 1 else f"The winners are {named}."


def result_lines(result: dict[str, Any], width: int = 72) -> list[str]:
    """The result as plain-text lines: the winner, a table of places, and how ties are broken."""
    columns = result["columns"]
    lines = [*textwrap.wrap(result["winner_text"], width), ""]
    lines.append(f"{'#':>2}  {'Name':<24}" + "".join(f" {_short(c):>6.6}" for c in columns))
    for row in result["rows"]:
        name = f"{row['name']} ({row['seat']})"
        cells = "".join(f" {row['cells'].get(c, '')!s:>6.6}" for c in columns)
        lines.append(f"{row['place']:>2}. {name:<24.24}{cells}")
    if result["note"]:
        lines += ["", *textwrap.wrap(result["note"], width)]
    return lines


def _short(column: str) -> str:
    return column.replace("_", " ")

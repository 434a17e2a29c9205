"""The `campaign list` table, laid out to stay whole in an 80-column terminal."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from pbem.render.standings import result_lines
from pbem.services.base.standings import winner_summary


def short_deadline(iso_text: str | None) -> str:
    """An ISO deadline as 'YYYY-MM-DD HH:MM' (the campaign's own time zone), or ''."""
    return iso_text[:16].replace("T", " ") if iso_text else ""


def waiting_cell(waiting: list[str]) -> str:
    """How many owe input: 'nobody', 'referee', '2 players', '2 players, referee'."""
    players = [w for w in waiting if w != "referee"]
    parts = [f"{len(players)} player{'s' if len(players) != 1 else ''}"] if players else []
    parts += ["referee"] if "referee" in waiting else []
    return ", ".join(parts) or "nobody"


def campaign_table(rows: list[dict[str, Any]]) -> Table:
    """Campaigns with phase, deadline, who is awaited and, once finished, the winner."""
    table = Table(title="Campaigns", box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    table.add_column("campaign / game", min_width=16, max_width=24, overflow="fold")
    table.add_column("status", no_wrap=True)
    table.add_column("phase", min_width=12)
    table.add_column("deadline", no_wrap=True, min_width=16)
    table.add_column("waiting", min_width=7, max_width=10)
    table.add_column("winner", min_width=6, max_width=16)
    for r in rows:
        table.add_row(
            f"{r['campaign']}\n{r['game']}",
            r["status"],
            r["phase"],
            short_deadline(r["deadline"]),
            waiting_cell(r["waiting_for"]),
            winner_summary(r.get("result")),
        )
    return table


def print_result(console: Console, info: dict[str, Any]) -> None:
    """Print a finished campaign's winner and standings (nothing while it runs)."""
    if info.get("result"):
        lines = result_lines(info["result"], width=min(console.width, 100))
        console.print("\n".join(lines), markup=False, highlight=False)

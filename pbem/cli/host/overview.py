"""`pbem status`: every campaign at a glance, or one in detail."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from pbem.cli.host.listing import print_result
from pbem.cli.output import command, console, print_json, print_table
from pbem.cli.state import runtime
from pbem.services.intake.quarantine import quarantined_count
from pbem.services.referee.overview import detail, overview


def register(app: typer.Typer) -> None:
    """Attach `status` to the app."""
    app.command("status")(command(status))


def status(
    name: Annotated[str | None, typer.Argument(help="A campaign (default: all of them).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Show every campaign (waiting, late, flagged, questions, mail problems), or one in
    detail."""
    info: Any = overview(runtime()) if name is None else detail(runtime(), name)
    if as_json:
        print_json(info)
    elif name is None:
        _all(info)
        _quarantined()
    else:
        _one(info)


def _all(rows: list[dict[str, Any]]) -> None:
    print_table(
        "Campaigns",
        ["campaign", "status", "phase", "deadline", "waiting", "late", "flagged", "questions",
         "mail"],
        [
            [
                r["campaign"],
                r["status"] + (" (held)" if r["held"] else ""),
                r["phase"],
                r["deadline"] or "",
                ", ".join(r["waiting"]),
                ", ".join(r["late"]),
                ", ".join(r["flagged"] + [f"{a} (bouncing)" for a in r["bouncing"]]),
                r["questions"] or "",
                _mail(r),
            ]
            for r in rows
        ],
    )


def _quarantined() -> None:
    found = quarantined_count(runtime())
    if found:
        console.print(f"Quarantined mail: {found} (see pbem mail quarantined)", markup=False)


def _mail(row: dict[str, Any]) -> str:
    parts = []
    if row["failed_mail"]:
        parts.append(f"{row['failed_mail']} failed")
    if row["refused_mail"]:
        parts.append(f"{row['refused_mail']} refused")
    return ", ".join(parts)


def _one(info: dict[str, Any]) -> None:
    console.print(f"{info['campaign']} ({info['game']}, {info['status']})", markup=False)
    console.print(
        f"Phase: {info['phase']} (turn {info['turn']})  Deadline: {info['deadline']}", markup=False
    )
    awaited = ", ".join(info["waiting_for"]) or "nobody"
    label = "Late (past the deadline)" if info["late"] else "Waiting for"
    console.print(f"{label}: {awaited}", markup=False)
    print_result(console, info)
    print_table(
        "Players",
        ["seat", "name", "address", "status", "missed", "delivery"],
        [
            [p["seat"], p["name"], p["address"], p["status"], p["missed"], p["delivery"]]
            for p in info["players"]
        ],
    )
    print_table(
        "Orders for the open phase",
        ["seat", "owed", "sent at", "source", "digest", "mails"],
        [
            [
                o["seat"],
                "yes" if o["owed"] else "optional",
                o["sent_at"] or "-",
                o["source"] or "",
                o["digest"] or "",
                o["attempts"],
            ]
            for o in info["orders"]
        ],
    )
    for question in info["open_questions"]:
        text = f"Question {question['id']} from {question['seat']}: {question['text']}"
        console.print(text, markup=False, highlight=False)
    if info["failed_mail"] or info["refused_mail"]:
        console.print(f"Mail problems: {_mail(info)} (see `pbem mail outbox` and `pbem mail desk`)")
    if info["refused_orders"]:
        console.print(
            f"Orders refused for a player's mistake: {info['refused_orders']} (each was told why;"
            " `pbem mail desk` lists them)"
        )

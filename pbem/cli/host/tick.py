"""`pbem tick`: the cron entry."""

from __future__ import annotations

from typing import Annotated

import typer

from pbem.cli.host.tick_workers import join_helpers, start_helpers
from pbem.cli.output import command, console, print_json
from pbem.cli.state import runtime
from pbem.services.intake.mailbox import default_source
from pbem.services.outbox.mailer import default_mailer
from pbem.services.tick.tick import dry_run, tick


@command
def tick_command(
    dry: Annotated[
        bool, typer.Option("--dry-run", help="Change nothing; list the mail that would be sent.")
    ] = False,
    wait: Annotated[
        float, typer.Option("--wait", help="Seconds to wait for another run's lock.")
    ] = 300,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    timings: Annotated[
        bool, typer.Option("--timings", help="Also print the seconds each step of the tick took.")
    ] = False,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            min=1,
            max=32,
            help="Run this many tick processes at once (side by side on PostgreSQL).",
        ),
    ] = 1,
) -> None:
    """One pass: poll, process mail, remind, run due turns, send the outbox. Safe every minute."""
    rt = runtime()
    helpers = start_helpers(workers - 1, as_json) if workers > 1 and not dry else []
    if dry:
        report = dry_run(rt)
        if as_json:
            print_json({"would_send": report.would_send})
        for item in [] if as_json else report.would_send:
            console.print(
                f"would send {item['kind']} to {item['to']}: {item['subject']}", markup=False
            )
        return
    mailer = default_mailer(rt)  # a mail setting that is missing or wrong fails here, at once
    report = tick(rt, default_source(rt), mailer, wait_seconds=wait, send_apart=True)
    summary = {
        "stored": report.ingest.stored,
        "processed": report.ingest.processed,
        "outcomes": report.ingest.outcomes,
        "reminders": report.reminders,
        "turns": [t.phase_key for t in report.turns],
        "sent": report.sent,
        "retrying": report.retrying,
        "dead": report.dead,
        "mail_errors": report.mail_errors,
        "quarantined": report.ingest.quarantined,
        "campaigns": [
            {"campaign": n.campaign, "step": n.step, "code": n.code, "detail": n.detail}
            for n in report.campaigns
        ],
        "exit_code": int(report.exit_code),
    }
    if timings:
        summary["seconds"] = report.seconds
    codes, summaries = join_helpers(helpers)
    exit_code = next((c for c in [int(report.exit_code), *codes] if c), 0)
    if helpers:
        summary["workers"], summary["exit_code"] = summaries, exit_code
    if as_json:
        print_json(summary)
    else:
        console.print(
            f"tick: {summary['stored']} stored, {summary['processed']} processed, "
            f"{summary['reminders']} reminders, {len(report.turns)} turns run, {report.sent} sent, "
            f"{report.retrying} retrying, {report.dead} dead",
            markup=False,
        )
        for error in report.mail_errors:
            console.print(f"mail error: {error}", markup=False)
        if report.ingest.quarantined:
            console.print(
                f"quarantined: {report.ingest.quarantined} (see pbem mail quarantined)",
                markup=False,
            )
        for note in report.campaigns:
            console.print(f"campaign {note.line()}", markup=False)
        if timings:
            steps = ", ".join(f"{step} {seconds:.2f}s" for step, seconds in report.seconds.items())
            console.print(f"seconds: {steps}", markup=False)
    if exit_code:
        raise typer.Exit(exit_code)

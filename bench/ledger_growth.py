"""Ledger growth: bytes the SQLite ledger file gains per player per adjudicated phase.

Plays N Mighty Kingdoms campaigns of 6 players through P phases with real ticks (every
player's orders defaulted, the clock moved past each deadline, mail written to files), and
measures the ledger file, its WAL checkpointed, after one warm-up phase and at the end. It
runs twice in one go: with sent mail kept whole for 100 years (what pbem did before
`sent_raw_days`), then with the default of 0 days (sent mail keeps its text and HTML, not the
map). Usage:

    python -m bench.ledger_growth [--campaigns 2] [--phases 6] [--json]
"""

from __future__ import annotations

import argparse
import sqlite3
import tempfile
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import func
from sqlmodel import Session, select

from bench.harness import Figures, create_campaigns, ratio
from pbem.clock import FixedClock
from pbem.config import Secret, Settings
from pbem.ledger.db import make_engine, migrate
from pbem.ledger.models import Outbox
from pbem.mail.transport.mailers import FileMailer
from pbem.services.base.runtime import Runtime
from pbem.services.tick.tick import tick

PLAYERS = 6
FOREVER = 36_500  # days, the largest sent_raw_days: sent mail kept whole, as before it existed
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
STEP = timedelta(days=8)  # past any phase's deadline
WARM_UP = 1  # phases played before measuring: slimmed mail's freed pages are reused after it


def main() -> None:
    """Parse arguments, run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--campaigns", type=int, default=2)
    parser.add_argument("--phases", type=int, default=6)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    before = run(args.campaigns, args.phases, FOREVER, "before: sent mail kept whole")
    after = run(args.campaigns, args.phases, 0, "after: sent_raw_days = 0")
    after.figures["after_over_before"] = ratio(
        after.figures["bytes_per_player_phase"], before.figures["bytes_per_player_phase"]
    )
    for figures in (before, after):
        figures.show(args.json)


def run(campaigns: int, phases: int, keep_days: int, label: str) -> Figures:
    """Play `phases` phases of `campaigns` campaigns; measure what the ledger file gained."""
    with tempfile.TemporaryDirectory(prefix="pbem-growth-") as folder:
        directory = Path(folder)
        rt = _runtime(directory, keep_days)
        create_campaigns(rt, campaigns, PLAYERS, seed=23)
        mailer = FileMailer(str(directory / "sent"))
        tick(rt, None, mailer)  # the welcome mail
        _play(rt, mailer, WARM_UP)
        start_bytes = _ledger_bytes(rt, directory)
        turns = _play(rt, mailer, phases)
        end_bytes, free_bytes = _ledger_bytes(rt, directory), _free_bytes(directory)
        mails, stored = _outbox(rt)
        rt.engine.dispose()
    grown = end_bytes - start_bytes
    return Figures(
        f"ledger growth, {label}",
        {
            "campaigns": campaigns,
            "players": PLAYERS,
            "phases_adjudicated": turns,
            "ledger_start_kb": start_bytes / 1024,
            "ledger_end_kb": end_bytes / 1024,
            "free_pages_at_end_kb": free_bytes / 1024,
            "bytes_per_player_phase": ratio(grown, turns * PLAYERS),
            "kb_per_player_phase": ratio(grown, turns * PLAYERS) / 1024,
            "outbox_rows": mails,
            "outbox_mean_stored_kb": ratio(stored, mails) / 1024,
        },
    )


def _play(rt: Runtime, mailer: FileMailer, phases: int) -> int:
    """Move the clock past each deadline and tick, `phases` times; return the turns run."""
    turns = 0
    for _ in range(phases):
        rt.clock.at += STEP  # type: ignore[attr-defined]
        turns += len(tick(rt, None, mailer).turns)
    return turns


def _free_bytes(directory: Path) -> int:
    """Pages SQLite holds free for reuse (slimmed mail leaves some until the next inserts)."""
    with closing(sqlite3.connect(directory / "pbem.db")) as connection:
        pages = connection.execute("PRAGMA freelist_count").fetchone()[0]
        size = connection.execute("PRAGMA page_size").fetchone()[0]
    return int(pages) * int(size)


def _runtime(directory: Path, keep_days: int) -> Runtime:
    url = f"sqlite:///{directory / 'pbem.db'}"
    engine = make_engine(url)
    migrate(engine)
    settings = Settings(
        database_url=Secret(url),
        imap_url=Secret(""),
        smtp_url=Secret(f"file://{directory / 'sent'}"),
        referee_address="referee@localhost",
        mail_domain="localhost",
        tick_seconds=86_400,  # one tick adjudicates every due campaign
        sent_raw_days=keep_days,
    )
    return Runtime(settings=settings, engine=engine, clock=FixedClock(START))


def _ledger_bytes(rt: Runtime, directory: Path) -> int:
    """The ledger file's size with its write-ahead log folded in."""
    rt.engine.dispose()  # pbem's connections begin transactions; checkpoint from outside
    with closing(sqlite3.connect(directory / "pbem.db")) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    wal = directory / "pbem.db-wal"
    return (directory / "pbem.db").stat().st_size + (wal.stat().st_size if wal.exists() else 0)


def _outbox(rt: Runtime) -> tuple[int, int]:
    with Session(rt.engine) as session:
        rows = session.exec(select(func.count(), func.sum(func.length(Outbox.raw)))).one()
    return int(rows[0] or 0), int(rows[1] or 0)


if __name__ == "__main__":
    main()

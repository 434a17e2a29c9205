"""Idle tick: a mailbox of already-processed messages and nothing new; a cron tick every minute.

For each mailbox size the bench fills the referee's Maildir and the ledger to match (as a
long-running host's would be), then times `pbem tick` against two baselines measured in the
same run: a bare interpreter start, and a floor script that logs in over IMAP, asks for new
UIDs and reads the ledger once. `in_process_tick_ms` times the same idle tick inside the bench's
own process, where the imports are paid already: the part that could grow with the ledger or
the number of campaigns; `idle_check_ms` does the same for the check that answers an idle tick
before the full tick loads (services/tick/idle_checks.py), and `idle_check_answer` is what it found
(None: idle). Usage:

    python -m bench.idle_tick --sizes 5000,20000,50000 [--campaigns 1] [--backend sqlite]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from datetime import datetime
from pathlib import Path

from imapclient import IMAPClient
from sqlmodel import Session, select

from bench.harness import (
    REFEREE,
    Figures,
    create_campaigns,
    database_url,
    open_bench_runtime,
    ratio,
    run_pbem,
    run_python,
    start_stack,
    write_config,
)
from pbem.ledger.models import InboundMessage, MailboxCursor
from pbem.mail.transport.mailbox import open_source
from pbem.sandbox.mailstack import MailStack
from pbem.services.base.runtime import Runtime
from pbem.services.intake.mailbox import default_source
from pbem.services.outbox.mailer import default_mailer
from pbem.services.tick.idle import find_work
from pbem.services.tick.tick import tick

REPEATS = 3
INSERT_CHUNK = 5000

FLOOR = """
import sqlalchemy
from imapclient import IMAPClient
c = IMAPClient("127.0.0.1", port={port}, ssl=False, timeout=30)
c.login("{user}", "{password}")
c.select_folder("INBOX", readonly=True)
c.search(["UID", "{next_uid}:*"])
c.logout()
e = sqlalchemy.create_engine("{db_url}")
with e.connect() as conn:
    conn.execute(sqlalchemy.text("SELECT count(*) FROM phase WHERE status = 'open'")).scalar()
"""


def main() -> None:
    """Parse arguments, run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="5000,20000,50000")
    parser.add_argument("--campaigns", type=int, default=1)
    parser.add_argument("--backend", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    sizes = sorted(int(s) for s in args.sizes.split(","))
    for figures in run(sizes, args.campaigns, args.backend):
        figures.show(args.json)


def run(sizes: list[int], campaigns: int, backend: str) -> list[Figures]:
    """Grow the mailbox through `sizes`, timing idle ticks at each size."""
    results = []
    with tempfile.TemporaryDirectory(prefix="pbem-idle-") as folder:
        directory = Path(folder)
        stack = start_stack()
        try:
            with database_url(directory, backend) as db_url:
                config = write_config(directory, stack, db_url)
                rt = open_bench_runtime(config)
                create_campaigns(rt, campaigns, 3, seed=11)
                run_pbem(config, "tick")  # sends the welcome mail, creates the cursor
                start = run_python("pass")
                for size in sizes:
                    _fill(stack, rt, size)
                    results.append(_measure(stack, rt, config, db_url, size, start.seconds))
                rt.engine.dispose()
        finally:
            stack.stop()
    return results


def _maildir(stack: MailStack) -> Path:
    return stack.root / "mail" / REFEREE / "Maildir"


def _fill(stack: MailStack, rt: Runtime, size: int) -> None:
    """Bring the mailbox to `size` messages and record them all as processed."""
    stack.deliver(_message(0), to=f"{REFEREE}@localhost")  # makes sure the Maildir exists
    folder = _maildir(stack) / "cur"
    owner = os.stat(folder)
    have = len(os.listdir(folder)) + len(os.listdir(_maildir(stack) / "new"))
    for number in range(have, size):
        path = folder / f"{time.time_ns()}.M{number}P{os.getpid()}.bench:2,S"
        path.write_bytes(_message(number))
        os.chown(path, owner.st_uid, owner.st_gid)
    uidvalidity, uids = _index(stack)
    _record_processed(rt, uidvalidity, uids)


def _message(number: int) -> bytes:
    return (
        f"From: someone{number % 97}@example.org\r\nTo: {REFEREE}@localhost\r\n"
        f"Subject: old mail {number}\r\nMessage-ID: <old{number}@bench.localhost>\r\n"
        f"Auto-Submitted: auto-replied\r\n\r\nAn old message, long since handled.\r\n"
    ).encode()


def _index(stack: MailStack) -> tuple[int, list[int]]:
    """Let Dovecot index the new files (a real mailbox is indexed already); return its UIDs."""
    client = IMAPClient("127.0.0.1", port=stack.imap_port, ssl=False, timeout=600)
    try:
        client.login(REFEREE, stack.password(REFEREE))
        selected = client.select_folder("INBOX")
        uids = sorted(client.search(["ALL"]))
    finally:
        client.logout()
    return int(selected[b"UIDVALIDITY"]), uids


def _record_processed(rt: Runtime, uidvalidity: int, uids: list[int]) -> None:
    identity = open_source(rt.settings.imap_url.value).identity
    with Session(rt.engine) as session:
        known = set(
            session.exec(
                select(InboundMessage.uid).where(
                    InboundMessage.mailbox == identity, InboundMessage.uidvalidity == uidvalidity
                )
            ).all()
        )
        fresh = [uid for uid in uids if uid not in known]
        for start in range(0, len(fresh), INSERT_CHUNK):
            chunk = fresh[start : start + INSERT_CHUNK]
            session.add_all(_row(identity, uidvalidity, uid, rt.clock.now()) for uid in chunk)
            session.commit()
        cursor = session.exec(select(MailboxCursor).where(MailboxCursor.mailbox == identity)).one()
        cursor.uidvalidity, cursor.last_uid = uidvalidity, max(uids)
        session.add(cursor)
        session.commit()


def _row(identity: str, uidvalidity: int, uid: int, now: datetime) -> InboundMessage:
    raw = _message(uid)
    return InboundMessage(
        mailbox=identity,
        uidvalidity=uidvalidity,
        uid=uid,
        message_id=f"<old{uid}@bench.localhost>",
        digest=f"bench-{uid}",
        raw=raw,
        received_at=now,
        status="processed",
        outcome="mail.auto_reply",
    )


def _measure(
    stack: MailStack, rt: Runtime, config: Path, db_url: str, size: int, start_s: float
) -> Figures:
    ticks = [run_pbem(config, "tick", "--json") for _ in range(REPEATS)]
    in_process = [_tick_in_process(rt) for _ in range(REPEATS)]
    checks = [_idle_check(rt) for _ in range(REPEATS)]
    with Session(rt.engine) as session:
        cursor = session.exec(select(MailboxCursor)).first()
        next_uid = (cursor.last_uid if cursor else 0) + 1
    code = FLOOR.format(
        port=stack.imap_port,
        user=REFEREE,
        password=stack.password(REFEREE),
        next_uid=next_uid,
        db_url=db_url.replace("postgresql://", "postgresql+psycopg://", 1),
    )
    floors = [run_python(code) for _ in range(REPEATS)]
    tick_s = statistics.median(t.seconds for t in ticks)
    floor_s = statistics.median(f.seconds for f in floors)
    return Figures(
        f"idle tick, {size} messages",
        {
            "stored_messages": size,
            "tick_median_s": tick_s,
            "in_process_tick_ms": statistics.median(in_process) * 1000,
            "idle_check_ms": statistics.median(seconds for seconds, _ in checks) * 1000,
            "idle_check_answer": checks[-1][1],
            "tick_exit_codes": [t.exit_code for t in ticks],
            "tick_stored_new": [_stored(t.output) for t in ticks],
            "interpreter_start_s": start_s,
            "floor_median_s": floor_s,
            "floor_ok": all(f.exit_code == 0 for f in floors),
            "tick_over_floor": ratio(tick_s, floor_s),
            "tick_over_interpreter": ratio(tick_s, start_s),
            "peak_rss_mb": max(t.peak_rss_mb for t in ticks),
        },
    )


def _tick_in_process(rt: Runtime) -> float:
    """Seconds of one idle tick's own work, its imports already paid: what grows with the
    ledger and the campaigns, apart from start-up."""
    started = time.perf_counter()
    tick(rt, default_source(rt), default_mailer(rt), wait_seconds=60)
    return time.perf_counter() - started


def _idle_check(rt: Runtime) -> tuple[float, str | None]:
    """Seconds of the idle check's own work (its imports paid), and what it found."""
    started = time.perf_counter()
    found = find_work(rt.settings, rt.clock.now())
    return time.perf_counter() - started, found


def _stored(output: str) -> int | str:
    import json

    try:
        return int(json.loads(output[output.index("{") :])["stored"])
    except (ValueError, KeyError):
        return output[-200:]


if __name__ == "__main__":
    main()

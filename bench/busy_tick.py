"""Busy tick: N campaigns of one game, every owed order already in the mailbox, one `pbem tick`.

Prints the tick's wall time, mails per second and peak memory, and the ratio to the floor:
a minimal imapclient + aiosmtplib script that, in the same run, fetches the same messages and
sends the same number and sizes of mails. Usage:

    python -m bench.busy_tick --campaigns 200 [--game mighty-kingdoms] [--players 6]
        [--backend sqlite|postgres] [--workers 1,2,4]

`--game` is any registered game (its default scenario; Mighty Kingdoms plays its six-seat map),
with every seat filled unless `--players` says otherwise. Each round, every seat that owes input
sends the game's own random legal orders, written as text (`game.canonical`).

`--workers` lists how many `pbem tick` processes run at once, one entry per busy round (round
r uses the r-th count, so one setup serves every count); several workers need PostgreSQL.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, text

from bench.harness import (
    BENCH_TICK_SECONDS,
    DEFAULT_GAME,
    REFEREE,
    SINK,
    Figures,
    Measured,
    create_campaigns,
    database_url,
    default_players,
    deliver_all,
    machine_busy_s,
    open_bench_runtime,
    order_mails,
    own_cpu_s,
    ratio,
    run_pbem_workers,
    start_stack,
    write_config,
)
from bench.statements import STATEMENTS_FILE
from pbem.sandbox.mailstack import MailStack

MAX_TICKS = 20  # a tick that leaves mail behind is followed by more, counted and timed
STEPS = re.compile(r'"seconds": (\{[^{}]*\})')  # in `pbem tick --json --timings`
ACK_SUBJECT = re.compile(rb"(?m)^Subject: .*Orders (received|NOT accepted)")  # an acknowledgement
LATEST_TURNS = "SELECT campaign_id, max(turn) FROM phase WHERE status <> 'void' GROUP BY 1"
COUNTING = "PBEM_BENCH_COUNT_STATEMENTS"  # set: count the first tick's statements
REPORT_TARGET_KB = 150  # issue 28: every report mail at most this large


def main() -> None:
    """Parse arguments, run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--campaigns", type=int, default=200)
    parser.add_argument("--game", default=DEFAULT_GAME, help="a registered game's name")
    parser.add_argument(
        "--players", type=int, default=0, help="seats per campaign (default: every seat; 6 for MK)"
    )
    parser.add_argument("--backend", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument(
        "--rounds",
        type=int,
        default=0,
        help="order rounds after the welcome (default: one per --workers entry)",
    )
    parser.add_argument(
        "--workers", default="1", help="tick processes run at once, per round: e.g. 1,2,4"
    )
    parser.add_argument(
        "--tick-seconds",
        default=str(BENCH_TICK_SECONDS),
        help="the ticks' time budget per round, e.g. 50,86400 (default: a day, so one tick "
        "does the round; pbem's own default is 50, as a host would run it)",
    )
    parser.add_argument(
        "--draw-processes",
        default="0",
        help="[turns] draw_processes per round, e.g. 1,2 (0, pbem's default: one per core)",
    )
    parser.add_argument(
        "--count-statements",
        action="store_true",
        help="count the SQL statements of each round's first tick, by step (bench/statements.py)",
    )
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    workers = [int(w) for w in args.workers.split(",")]
    if max(workers) > 1 and args.backend != "postgres":
        parser.error("several workers need --backend postgres (SQLite has one writer)")
    budgets = [int(s) for s in args.tick_seconds.split(",")]
    drawers = [int(d) for d in args.draw_processes.split(",")]
    rounds = args.rounds or max(len(workers), len(budgets), len(drawers))
    players = args.players or default_players(args.game)
    if args.count_statements:
        os.environ[COUNTING] = "1"
    runs = run(
        args.campaigns, players, args.backend, rounds, args.seed, workers, budgets,
        drawers, args.game,
    )  # fmt: skip
    for figures in runs:
        figures.show(args.json)
        sys.stdout.flush()  # each round's figures as soon as it ends


def run(
    campaigns: int,
    players: int,
    backend: str,
    rounds: int,
    seed: int,
    workers: list[int] | None = None,
    budgets: list[int] | None = None,
    drawers: list[int] | None = None,
    game: str = DEFAULT_GAME,
) -> Iterator[Figures]:
    """Set everything up, then measure the welcome tick and each busy round (round r with
    workers[r-1] tick processes at once, cycling through the list), yielding each as it ends."""
    counts, budgets = workers or [1], budgets or [BENCH_TICK_SECONDS]
    drawers = drawers or [1]
    with tempfile.TemporaryDirectory(prefix="pbem-bench-") as folder:
        directory = Path(folder)
        stack = start_stack()
        try:
            with database_url(directory, backend) as db_url:
                config = write_config(directory, stack, db_url, budgets[0], drawers[0])
                rt = open_bench_runtime(config)
                started = time.perf_counter()
                create_campaigns(rt, campaigns, players, seed, game)
                setup_s = time.perf_counter() - started
                welcome = _ticks_until_quiet(stack, config, rt.engine, 1)
                shown = _figures("welcome tick", campaigns, players, backend, 0, welcome)
                shown.figures["game"] = game
                shown.figures["tick_seconds"] = budgets[0]
                shown.figures["draw_processes"] = drawers[0]
                shown.figures["create_campaigns_s"] = setup_s
                yield shown
                progress = Progress()
                for round_number in range(1, rounds + 1):
                    mails = order_mails(rt, seed + round_number)
                    before = _played(rt.engine)
                    deliver_all(stack, mails)
                    count = counts[(round_number - 1) % len(counts)]
                    budget = budgets[(round_number - 1) % len(budgets)]
                    drawing = drawers[(round_number - 1) % len(drawers)]
                    write_config(directory, stack, db_url, budget, drawing)
                    stack.empty_mailbox(SINK)  # the tick and the floor each deliver into
                    busy = _ticks_until_quiet(stack, config, rt.engine, count)  # an empty one
                    progress.add(busy, before, _played(rt.engine))
                    stack.empty_mailbox(SINK)
                    busy.floor = _floor(stack, directory, busy.sizes, len(mails))
                    title = f"busy tick, round {round_number}, {count} worker(s)"
                    shown = _figures(title, campaigns, players, backend, len(mails), busy)
                    shown.figures["game"] = game
                    shown.figures.update(progress.figures(players))
                    shown.figures["tick_seconds"] = budget
                    shown.figures["draw_processes"] = drawing
                    yield shown
                rt.engine.dispose()
        finally:
            stack.stop()


class Pass:
    """The ticks of one round until the outbox is empty, and what they sent."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self.ticks: list[Measured] = []
        self.sizes: list[int] = []
        self.report_sizes: list[int] = []  # every mail but the acknowledgements
        self.player_mails = 0  # mails addressed to a player (the rest go to the referee)
        self.first_tick_mails = 0
        self.floor: dict[str, Any] = {}
        self.ack_delays: list[float] = []  # each acknowledgement: tick start to delivery, s
        self.report_delays: list[float] = []  # each other mail of the first tick, likewise
        self.steps: dict[str, float] = {}  # the first tick's own timing of its steps
        self.statements: dict[str, Any] = {}  # the first tick's SQL statements, by step
        self.acks_first_tick = 0
        self.relay_cpu_s = 0.0  # the bench process's CPU during the ticks: the relay thread
        self.machine_busy_s = 0.0  # every core's busy CPU during the ticks

    @property
    def cpu_s(self) -> float:
        """The tick processes' own CPU over the round."""
        return sum(t.cpu_s for t in self.ticks)

    @property
    def seconds(self) -> float:
        """Wall time of every tick of the round."""
        return sum(t.seconds for t in self.ticks)


def _unsent(engine: Engine) -> int:
    """Mail still to go, and phases whose orders are all in but are not adjudicated yet."""
    with engine.connect() as connection:
        mail = connection.execute(
            text("SELECT count(*) FROM outbox WHERE status IN ('draft', 'pending', 'sending')")
        ).scalar()
        due = connection.execute(
            text("SELECT count(*) FROM phase WHERE status = 'open' AND complete_at IS NOT NULL")
        ).scalar()
    return int(mail or 0) + int(due or 0)


def _ticks_until_quiet(stack: MailStack, config: Path, engine: Engine, workers: int) -> Pass:
    done = Pass(workers)
    for _ in range(MAX_TICKS):
        before = len(stack.received)
        started = time.monotonic()
        relay_before, busy_before = own_cpu_s(), machine_busy_s()
        counted = config.parent / f"statements-{time.time_ns()}.json"
        if os.environ.get(COUNTING) and not done.ticks:
            os.environ[STATEMENTS_FILE] = str(counted)
        try:
            measured = run_pbem_workers(
                config, workers, "tick", "--wait", "600", "--json", "--timings"
            )
        finally:
            os.environ.pop(STATEMENTS_FILE, None)
        if counted.exists():
            done.statements = json.loads(counted.read_text(encoding="utf-8"))
            counted.unlink()
        done.relay_cpu_s += own_cpu_s() - relay_before
        done.machine_busy_s += machine_busy_s() - busy_before
        done.ticks.append(measured)
        sent = stack.received[before:]
        acks = [
            at - started
            for envelope, at in zip(sent, stack.delivered_at[before:], strict=True)
            if ACK_SUBJECT.search((envelope.original_content or b"")[:4096])
        ]
        if len(done.ticks) == 1:
            done.first_tick_mails, done.acks_first_tick = len(sent), len(acks)
            done.steps = _steps(measured.output)
            done.report_delays = [
                at - started
                for envelope, at in zip(sent, stack.delivered_at[before:], strict=True)
                if not ACK_SUBJECT.search((envelope.original_content or b"")[:4096])
            ]
        done.ack_delays.extend(acks)
        done.sizes.extend(len(e.original_content or b"") for e in sent)
        _count_mails(done, sent)
        _forget(stack)  # keep the bench's own memory flat
        if measured.exit_code not in (0, 10) or not sent or not _unsent(engine):
            break
    return done


def _count_mails(done: Pass, sent: list[Any]) -> None:
    """Add the sizes of the reports among `sent` and how many went to a player."""
    for envelope in sent:
        raw = envelope.original_content or b""
        if not ACK_SUBJECT.search(raw[:4096]):
            done.report_sizes.append(len(raw))
        if any(to.startswith(f"{SINK}+") for to in envelope.rcpt_tos):
            done.player_mails += 1


class Played:
    """How far the campaigns have got: phases adjudicated, and each campaign's latest turn."""

    def __init__(self, adjudicated: int, turns: dict[int, int]) -> None:
        self.adjudicated = adjudicated
        self.turns = turns


def _played(engine: Engine) -> Played:
    """The ledger's count of adjudicated phases and every campaign's latest turn."""
    with engine.connect() as connection:
        done = connection.execute(text("SELECT count(*) FROM phase WHERE status = 'done'")).scalar()
        turns = connection.execute(text(LATEST_TURNS)).all()
    return Played(int(done or 0), {int(c): int(t) for c, t in turns})


class Progress:
    """Player mails, phases and game turns over the busy rounds so far."""

    def __init__(self) -> None:
        self.player_mails = 0
        self.phases = 0
        self.turns = 0
        self.last_phases = 0
        self.last_turns = 0
        self.last_mails = 0

    def add(self, done: Pass, before: Played, after: Played) -> None:
        """Count one round: its player mails, the phases it adjudicated and the turns it began."""
        self.last_mails = done.player_mails
        self.last_phases = after.adjudicated - before.adjudicated
        self.last_turns = sum(t - before.turns.get(c, t) for c, t in after.turns.items())
        self.player_mails += self.last_mails
        self.phases += self.last_phases
        self.turns += self.last_turns

    def figures(self, players: int) -> dict[str, Any]:
        """Mails per player per phase (this round) and per game turn (every round so far)."""
        per_turn = self.player_mails / (players * self.turns) if self.turns else None
        return {
            "player_mails": self.last_mails,
            "phases_adjudicated": self.last_phases,
            "turns_begun": self.last_turns,
            "mails_per_player_per_phase": (
                self.last_mails / (players * self.last_phases) if self.last_phases else None
            ),
            "turns_begun_so_far": self.turns,
            "mails_per_player_per_turn_so_far": per_turn,
        }


def _statement_figures(counted: dict[str, Any], orders: int) -> dict[str, Any]:
    """The first tick's statements by step, per order mail, and the most frequent ones."""
    by_step = {step: block["statements"] for step, block in counted.items()}
    return {
        "statements_by_step": by_step,
        "intake_statements_per_order": ratio(by_step.get("intake", 0), orders),
        "statements_top": {step: block["top"] for step, block in counted.items()},
    }


def _steps(output: str) -> dict[str, float]:
    """The seconds of each step `pbem tick --json --timings` printed, if it printed them."""
    found = STEPS.search(output)
    return {k: float(v) for k, v in json.loads(found.group(1)).items()} if found else {}


def _forget(stack: MailStack) -> None:
    """Drop what the relay has recorded so far (it only grows)."""
    del stack.received[:], stack.delivered_at[:]


def _floor(stack: MailStack, directory: Path, sizes: list[int], fetched: int) -> dict[str, Any]:
    """The floor for one round: fetch that round's `fetched` order mails, send `sizes`."""
    sizes_file = directory / "sizes.json"
    sizes_file.write_text(json.dumps(sizes))
    started, relay_before, busy_before = time.perf_counter(), own_cpu_s(), machine_busy_s()
    done = subprocess.run(
        [
            sys.executable, "-m", "bench.floor",
            "--imap-port", str(stack.imap_port), "--smtp-port", str(stack.smtp_port),
            "--user", REFEREE, "--password", stack.password(REFEREE), "--sizes", str(sizes_file),
            "--last", str(fetched),
        ],
        capture_output=True, text=True, timeout=7200, check=True,
    )  # fmt: skip
    _forget(stack)
    seconds = time.perf_counter() - started
    halves = json.loads(done.stdout.strip().splitlines()[-1])
    spent = {"relay_cpu_s": own_cpu_s() - relay_before, "busy_s": machine_busy_s() - busy_before}
    return {"seconds": seconds, **spent, **halves}


def _figures(
    title: str, campaigns: int, players: int, backend: str, orders: int, done: Pass
) -> Figures:
    sent = len(done.sizes)
    figures: dict[str, Any] = {
        "backend": backend,
        "workers": done.workers,
        "campaigns": campaigns,
        "players_each": players,
        "orders_in_mailbox": orders,
        "ticks_to_empty_outbox": len(done.ticks),
        "mails_sent_first_tick": done.first_tick_mails,
        "mails_sent": sent,
        "mean_mail_kb": (sum(done.sizes) / sent / 1024) if sent else 0.0,
        "largest_mail_kb": max(done.sizes, default=0) / 1024,
        "mean_report_kb": ratio(sum(done.report_sizes), len(done.report_sizes)) / 1024,
        "largest_report_kb": max(done.report_sizes, default=0) / 1024,
        "reports_over_target": sum(s > REPORT_TARGET_KB * 1024 for s in done.report_sizes),
        "tick_wall_s": done.seconds,
        "tick_cpu_s": done.cpu_s,
        "relay_cpu_during_tick_s": done.relay_cpu_s,
        "machine_busy_during_tick_s": done.machine_busy_s,
        "mails_per_s": ratio(sent, done.seconds),
        "peak_rss_mb": max((t.peak_rss_mb for t in done.ticks), default=0.0),
        "peak_rss_tree_mb": max((t.peak_tree_mb for t in done.ticks), default=0.0),
        "exit_codes": [t.exit_code for t in done.ticks],
    }
    if orders:
        delays = sorted(done.ack_delays)
        figures["acks_sent"] = len(delays)
        figures["acks_sent_first_tick"] = done.acks_first_tick
        figures["first_tick_s"] = done.ticks[0].seconds if done.ticks else 0.0
        figures["ack_delay_median_s"] = delays[len(delays) // 2] if delays else 0.0
        figures["ack_delay_max_s"] = delays[-1] if delays else 0.0
        others = sorted(done.report_delays)
        figures["first_tick_reports_s"] = [others[0], others[-1]] if others else []
        figures["first_tick_steps_s"] = done.steps
    if done.statements:
        figures.update(_statement_figures(done.statements, orders))
    if done.floor:
        figures["floor_wall_s"] = done.floor["seconds"]
        figures["floor_fetch_s"] = done.floor["fetch_s"]
        figures["floor_send_s"] = done.floor["send_s"]
        figures["floor_cpu_s"] = done.floor.get("cpu_s", 0.0)
        figures["relay_cpu_during_floor_s"] = done.floor["relay_cpu_s"]
        figures["machine_busy_during_floor_s"] = done.floor["busy_s"]
        figures["tick_over_floor"] = ratio(done.seconds, done.floor["seconds"])
    failed = [t.output for t in done.ticks if t.exit_code not in (0, 10)]
    if failed:
        figures["last_failure"] = failed[-1][-600:]
    return Figures(title, figures)


if __name__ == "__main__":
    main()

"""Shared parts of the benchmarks: a private mail stack, campaigns, order mail, measured runs.

Every benchmark runs against the product's own sandbox (a real Dovecot and an SMTP relay on
127.0.0.1) and prints its figures next to a baseline measured in the same run, so that the
ratios, not the seconds, carry from one machine to another.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import resource
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path
from typing import Any

from sqlmodel import Session, select

from bench.rss_probe import RSS_FILE
from bench.rss_tree import TreeSampler
from pbem.core.rng import SeededRng, derive_seed
from pbem.ledger.models import Campaign, Player
from pbem.mail.routing import plus_address, subject_tag, token_for
from pbem.registry import get_game
from pbem.render import tile_store
from pbem.sandbox.mailstack import MailStack
from pbem.services.base.runtime import Runtime, open_runtime
from pbem.services.base.states import current_state, game_of
from pbem.services.turns.campaigns import NewCampaign, create_campaign

REPO = Path(__file__).resolve().parents[1]


def keep_tiles_for_this_run() -> None:
    """Start with no painted tiles kept from earlier runs, as a first tick would, and keep
    this run's (its ticks are runs one after another) in a folder of its own, removed at the
    end; unless PBEM_TILE_CACHE names one already."""
    folder = tile_store.folder_of_this_run("pbem-bench-tiles-")
    if folder is not None:
        atexit.register(shutil.rmtree, folder, ignore_errors=True)


keep_tiles_for_this_run()  # every benchmark imports this module
REFEREE = "referee"
SINK = "sink"  # every player's mail lands in this one mailbox, through +details
BENCH_TICK_SECONDS = 86400
DEFAULT_GAME = "mighty-kingdoms"
OUTPUT_KEPT = 200_000  # characters of a child's output kept: a busy tick's JSON lists every turn


@dataclass
class Measured:
    """One measured child process: wall seconds, peak resident memory, exit code, output."""

    seconds: float
    peak_rss_mb: float
    exit_code: int
    output: str = ""
    cpu_s: float = 0.0  # the child's own user plus system CPU, from wait4
    peak_tree_mb: float = 0.0  # the child and its own helper processes together, sampled


@dataclass
class Figures:
    """What a benchmark prints: named figures and ratios, plus where they were measured."""

    name: str
    figures: dict[str, Any] = field(default_factory=dict)
    machine: dict[str, Any] = field(default_factory=dict)

    def show(self, as_json: bool) -> None:
        """Print the figures as aligned lines, or as one JSON object."""
        self.machine = machine()
        if as_json:
            print(json.dumps(asdict(self), indent=2, sort_keys=True))
            return
        print(f"== {self.name}")
        for key, value in self.figures.items():
            shown = f"{value:.3f}" if isinstance(value, float) else str(value)
            print(f"  {key:<34} {shown}")
        print(f"  {'machine':<34} {self.machine}")


def machine() -> dict[str, Any]:
    """The machine the figures came from."""
    return {
        "cores": os.cpu_count(),
        "python": sys.version.split()[0],
        "load1": round(os.getloadavg()[0], 2),
    }


def start_stack() -> MailStack:
    """A private Dovecot and SMTP relay with the referee's and the sink's mailboxes."""
    return MailStack(users={REFEREE: f"pw-{REFEREE}", SINK: f"pw-{SINK}"}, spare_users=0).start()


@contextlib.contextmanager
def database_url(directory: Path, backend: str) -> Iterator[str]:
    """A fresh ledger: a SQLite file in `directory`, or a new PostgreSQL database."""
    if backend == "sqlite":
        yield f"sqlite:///{directory / 'pbem.db'}"
        return
    from tests.support.postgres import fresh_database

    with fresh_database("pbem_bench") as url:
        yield url


def write_config(
    directory: Path,
    stack: MailStack,
    db_url: str,
    tick_seconds: int = BENCH_TICK_SECONDS,
    draw_processes: int = 0,
) -> Path:
    """A pbem.toml for the stack, with limits that a busy host would set."""
    path = directory / "pbem.toml"
    path.write_text(
        f'[database]\nurl = "{db_url}"\n\n'
        f'[mail]\nreferee_address = "{REFEREE}@localhost"\n'
        f'imap_url = "{stack.imap_url(REFEREE)}"\nsmtp_url = "{stack.smtp_url()}"\n'
        "reply_rate_per_hour = 1000\n\n"
        "[turns]\nearly_delay_minutes = 0\n"
        # by default one tick is to do the whole round, as the issue asks: no budget cuts it short
        f"tick_seconds = {tick_seconds}\ndraw_processes = {draw_processes}\n"
    )
    return path


def open_bench_runtime(config: Path) -> Runtime:
    """The runtime of a bench ledger (migrated, as `pbem init` leaves it)."""
    return open_runtime(str(config), migrate_schema=True)


def create_campaigns(
    rt: Runtime, count: int, players: int, seed: int, game: str = DEFAULT_GAME
) -> list[str]:
    """`count` campaigns of `game` with `players` seats, each player a +detail of the sink."""
    names = []
    for number in range(1, count + 1):
        name = f"bench{number:04d}"
        seats = [f"P{number}x{s} <{SINK}+c{number}s{s}@localhost>" for s in range(1, players + 1)]
        create_campaign(
            rt,
            NewCampaign(
                name=name,
                game=game,
                scenario=bench_scenario(game, players),
                players=seats,
                seed=derive_seed(seed, name),
                sets={"early_delay_minutes": "0"},
            ),
        )
        names.append(name)
    return names


def bench_scenario(game: str, players: int) -> str | None:
    """The scenario a bench campaign plays: Mighty Kingdoms' six-seat map for more than three
    players, else the game's own default."""
    if game == DEFAULT_GAME and players > 3:
        return "mighty-kingdoms/maps/sundered-realms-6.toml"
    return None


def default_players(game: str) -> int:
    """Seats a bench campaign of `game` fills: six for Mighty Kingdoms, else the most it takes."""
    if game == DEFAULT_GAME:
        return 6
    return get_game(game).meta.max_players


def order_mails(rt: Runtime, seed: int) -> list[bytes]:
    """One order mail from every seat that owes input now, addressed as a reply would be."""
    mails: list[bytes] = []
    with Session(rt.engine) as session:
        for campaign in session.exec(select(Campaign).order_by(Campaign.id)).all():  # type: ignore[arg-type]
            game, state = game_of(campaign), current_state(session, campaign)
            owed = set(game.due(state).players)
            for player in session.exec(select(Player).where(Player.campaign_id == campaign.id)):
                if player.seat in owed:
                    mails.append(_order_mail(rt, campaign, player, game, state, seed))
    return mails


def _order_mail(
    rt: Runtime, campaign: Campaign, player: Player, game: Any, state: Any, seed: int
) -> bytes:
    rng = SeededRng(derive_seed(seed, f"{campaign.name}:{player.seat}"))
    orders = (
        game.random_input(state, player.seat, rng)
        if game.random_input is not None
        else game.default_input(state, player.seat)
    )
    token = token_for(campaign.name, player.seat, player.secret)
    message = EmailMessage()
    message["From"] = f"{player.name} <{player.address}>"
    message["To"] = plus_address(rt.settings.referee_address, token)
    message["Subject"] = f"Re: [{campaign.name}] orders {subject_tag(token)}"
    message["Message-ID"] = make_msgid(domain="players.localhost")
    message.set_content(game.canonical(state, player.seat, orders) + "\n")
    return bytes(message)


def deliver_all(stack: MailStack, mails: list[bytes]) -> None:
    """Put every mail straight into the referee's inbox over LMTP."""
    for raw in mails:
        stack.deliver(raw, to=f"{REFEREE}@localhost", sender="player@localhost")


def pbem_command(*args: str, probe: bool = False) -> list[str]:
    """`python -m pbem …` (through bench.rss_probe with `probe`), under cProfile when
    PBEM_BENCH_PROFILE names a directory, or after the command prefix PBEM_BENCH_WRAP gives
    (a sampling profiler that sees every thread, say; `{n}` in it becomes a unique number)."""
    profile_dir = os.environ.get("PBEM_BENCH_PROFILE")
    if not profile_dir:
        wrap = os.environ.get("PBEM_BENCH_WRAP", "").replace("{n}", str(time.time_ns()))
        probed = ["bench.rss_probe"] if probe else []
        return [*shlex.split(wrap), sys.executable, "-m", *probed, "pbem", *args]
    out = Path(profile_dir) / f"{args[0]}-{time.time_ns()}.prof"
    return [sys.executable, "-m", "cProfile", "-o", str(out), "-m", "pbem", *args]


def run_pbem(config: Path, *args: str, timeout: float = 7200) -> Measured:
    """Run `pbem …` in a child process; measure its wall time and peak RSS."""
    env = {**os.environ, "PBEM_CONFIG": str(config)}
    return measure(pbem_command(*args), env, config.parent, timeout)


def run_pbem_workers(config: Path, workers: int, *args: str, timeout: float = 7200) -> Measured:
    """Run `workers` copies of `pbem …` at once: wall time until the last ends, the largest
    peak RSS (each worker's own, from bench.rss_probe), and the worst exit code (with that
    worker's output)."""
    command = pbem_command(*args, probe=True)
    path = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    envs = [
        {**os.environ, "PBEM_CONFIG": str(config), "PYTHONPATH": path,
         RSS_FILE: str(config.parent / f"rss-{time.time_ns()}-{n}.txt")}
        for n in range(workers)
    ]  # fmt: skip
    if workers == 1:
        return _own_peak(measure(command, envs[0], config.parent, timeout), envs[:1])
    start = time.perf_counter()
    with contextlib.ExitStack() as stack:
        outputs = [stack.enter_context(tempfile.TemporaryFile()) for _ in range(workers)]
        children = [
            subprocess.Popen(command, env=env, cwd=config.parent, stdout=out, stderr=out)
            for out, env in zip(outputs, envs, strict=True)
        ]
        timers = [threading.Timer(timeout, child.kill) for child in children]
        for timer in timers:
            timer.start()
        results = []
        tree = stack.enter_context(TreeSampler([child.pid for child in children]))
        try:
            for child, output in zip(children, outputs, strict=True):
                _, status, usage = os.wait4(child.pid, 0)
                child.returncode = os.waitstatus_to_exitcode(status)
                output.seek(0)
                text = output.read().decode("utf-8", "replace")[-OUTPUT_KEPT:]
                cpu = usage.ru_utime + usage.ru_stime
                results.append((child.returncode, usage.ru_maxrss / 1024, text, cpu))
        finally:
            for timer in timers:
                timer.cancel()
    seconds = time.perf_counter() - start
    code, _, text, _ = max(results, key=lambda r: r[0])
    cpu = sum(r[3] for r in results)
    peak = max(r[1] for r in results)
    return _own_peak(Measured(seconds, peak, code, text, cpu, tree.peak_mb), envs)


def _own_peak(measured: Measured, envs: list[dict[str, str]]) -> Measured:
    """`measured` with the largest peak the workers wrote themselves, where they did."""
    peaks = []
    for env in envs:
        written = Path(env[RSS_FILE])
        if written.exists():
            peaks.append(int(written.read_text(encoding="ascii") or 0) / 1024)
            written.unlink()
    if peaks:
        measured.peak_rss_mb = max(peaks)
    return measured


def run_python(code: str, timeout: float = 600) -> Measured:
    """Run a Python snippet in a fresh interpreter (a baseline pays the same start-up)."""
    return measure([sys.executable, "-c", code], dict(os.environ), REPO, timeout)


def measure(command: list[str], env: dict[str, str], cwd: Path, timeout: float) -> Measured:
    """Run one child; its own peak RSS comes from wait4, so other children never count."""
    with tempfile.TemporaryFile() as output:
        start = time.perf_counter()
        child = subprocess.Popen(command, env=env, cwd=cwd, stdout=output, stderr=output)
        killer = threading.Timer(timeout, child.kill)
        killer.start()
        try:
            with TreeSampler([child.pid]) as tree:
                _, status, usage = os.wait4(child.pid, 0)
        finally:
            killer.cancel()
        seconds = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        output.seek(0)
        text = output.read().decode("utf-8", "replace")
    cpu = usage.ru_utime + usage.ru_stime
    peak = usage.ru_maxrss / 1024
    return Measured(seconds, peak, child.returncode, text[-OUTPUT_KEPT:], cpu, tree.peak_mb)


def own_cpu_s() -> float:
    """This process's CPU so far, user plus system (the relay thread's share while a tick runs)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def machine_busy_s() -> float:
    """CPU seconds every core of the machine has spent busy since boot, from /proc/stat."""
    try:
        fields = Path("/proc/stat").read_text(encoding="ascii").splitlines()[0].split()[1:]
    except OSError:
        return 0.0
    ticks = [int(f) for f in fields]
    idle = ticks[3] + (ticks[4] if len(ticks) > 4 else 0)
    return (sum(ticks[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def ratio(numerator: float, denominator: float) -> float:
    """numerator / denominator, or infinity for a zero denominator."""
    return numerator / denominator if denominator > 0 else float("inf")

"""Play a Mighty Kingdoms campaign by email on a private mail server, printing progress."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from sqlmodel import Session

from pbem.core.game import PlaysItself
from pbem.core.rng import SeededRng, derive_seed
from pbem.demo.players import Letter, Mailbox, ScriptedPlayer
from pbem.errors import Conflict
from pbem.ledger import queries
from pbem.ledger.db import owner_only
from pbem.mail.transport.mailbox import open_source
from pbem.mail.transport.mailers import open_mailer
from pbem.render.templating import render
from pbem.sandbox.mailstack import MailStack
from pbem.services.base.runtime import Runtime, open_runtime
from pbem.services.base.states import current_state, game_of
from pbem.services.tick.tick import tick
from pbem.services.turns.campaigns import NewCampaign, create_campaign, status

CAST = (("Alice", "alice"), ("Bob", "bob"), ("Carol", "carol"))
CAMPAIGN = "demo"
SAVED = ("Report", "Welcome", "campaign is over")  # the mail kept in demo-out/reports/
DEMO_MARKER = ".pbem-demo"
CAMPAIGN_FILES = ("pbem.db", "pbem.toml")
LEDGER_FILES = ("pbem.db", "pbem.db-wal", "pbem.db-shm", "pbem.db-journal")


@dataclass
class DemoResult:
    """What the demo did."""

    ticks: int = 0
    phases: list[str] = field(default_factory=list)
    orders_sent: int = 0
    reports_saved: int = 0
    finished: bool = False
    out: Path = Path("demo-out")


def write_config(out: Path, stack: MailStack) -> Path:
    """A pbem.toml pointing at the private mail server and a ledger in `out` (owner-only)."""
    path = out / "pbem.toml"
    path.unlink(missing_ok=True)
    with owner_only():
        path.write_text(
            f'[database]\nurl = "sqlite:///{(out / "pbem.db").resolve()}"\n\n'
            f'[mail]\nreferee_address = "referee@localhost"\n'
            f'imap_url = "{stack.imap_url("referee")}"\n'
            f'smtp_url = "{stack.smtp_url()}"\nreply_rate_per_hour = 1000\n\n'
            '[turns]\ntimezone = "Europe/London"\nearly_delay_minutes = 0\n'
        )
    return path


def claim_folder(out: Path, force: bool = False) -> None:
    """Make `out` ready for a demo; refuse one holding a campaign the demo did not make."""
    found = [name for name in CAMPAIGN_FILES if (out / name).exists()]
    if found and not force and not (out / DEMO_MARKER).exists():
        raise Conflict("demo.E_FOLDER_IN_USE", path=str(out), found=", ".join(found))
    out.mkdir(parents=True, exist_ok=True)
    for name in LEDGER_FILES:
        (out / name).unlink(missing_ok=True)
    (out / DEMO_MARKER).write_text("This folder was written by `pbem demo`; it may replace it.\n")


def run_demo(
    out: Path,
    say: Callable[[str], None],
    years: int = 1,
    seed: int = 2026,
    battle_mode: str = "simple",
    force: bool = False,
) -> DemoResult:
    """Start the mail server, create the campaign, and play it to the end by email."""
    claim_folder(out, force)
    users = {"referee": "pw-referee", **{user: f"pw-{user}" for _, user in CAST}}
    with MailStack(users=users, spare_users=0) as stack:
        say(f"Mail server up: IMAP 127.0.0.1:{stack.imap_port}, SMTP 127.0.0.1:{stack.smtp_port}")
        rt = open_runtime(str(write_config(out, stack)), migrate_schema=True)
        create_campaign(
            rt,
            NewCampaign(
                name=CAMPAIGN,
                game="mighty-kingdoms",
                scenario=None,
                seed=seed,
                players=[f"{name} <{user}@localhost>" for name, user in CAST],
                sets={"years": str(years), "battle_mode": battle_mode, "early_delay_minutes": "0"},
            ),
        )
        say(
            f"Campaign '{CAMPAIGN}' created for {', '.join(n for n, _ in CAST)}: "
            "welcome mail queued."
        )
        players = [
            ScriptedPlayer(
                name,
                f"{user}@localhost",
                Mailbox("127.0.0.1", stack.imap_port, user, f"pw-{user}"),
                "127.0.0.1",
                stack.smtp_port,
            )
            for name, user in CAST
        ]
        return _play(rt, stack, players, out, say, seed)


def _play(
    rt: Runtime,
    stack: MailStack,
    players: list[ScriptedPlayer],
    out: Path,
    say: Callable[[str], None],
    seed: int,
) -> DemoResult:
    result = DemoResult(out=out)
    source_url, mailer = rt.settings.imap_url.value, open_mailer(rt.settings.smtp_url.value)
    for round_number in range(1, 200):
        report = tick(rt, open_source(source_url), mailer, wait_seconds=30)
        result.ticks += 1
        say(f"tick {result.ticks}: read {report.ingest.processed} mails, sent {report.sent}")
        for turn in report.turns:
            result.phases.append(turn.phase_label)
            say(f"    adjudicated {turn.phase_label}: {turn.events} events; reports mailed")
        info = status(rt, CAMPAIGN)
        for player in players:
            _read_and_answer(rt, player, info["waiting_for"], out, result, seed + round_number, say)
        if info["status"] == "finished" and not info["waiting_for"]:
            result.finished = True
            tick(rt, open_source(source_url), mailer, wait_seconds=30)
            for player in players:
                _read_and_answer(rt, player, [], out, result, seed, say)
            break
    winner = status(rt, CAMPAIGN).get("result") or {}
    _write_index(out, players, str(winner.get("winner_text", "")))
    return result


def _read_and_answer(
    rt: Runtime,
    player: ScriptedPlayer,
    waiting: list[str],
    out: Path,
    result: DemoResult,
    seed: int,
    say: Callable[[str], None],
) -> None:
    letters = player.new_mail()
    for letter in letters:
        if any(kind in letter.subject for kind in SAVED):
            _save(out, player, letter)
            result.reports_saved += 1
    asks = [x for x in letters if any(k in x.subject for k in ("Report", "Welcome", "Reminder"))]
    if player.address in waiting and asks:
        player.reply(asks[-1], _orders_for(rt, player.address, seed))
        result.orders_sent += 1
        say(f"    {player.name} replied with orders over SMTP")


def _orders_for(rt: Runtime, address: str, seed: int) -> str:
    """What a scripted player decides: random legal orders from the game's own generator."""
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, CAMPAIGN)
        seat = queries.player_by_address(session, campaign, address).seat
        state, game = current_state(session, campaign), game_of(campaign)
        rng = SeededRng(derive_seed(seed, address))
        orders = (
            game.random_input(state, seat, rng)
            if isinstance(game, PlaysItself)
            else game.default_input(state, seat)
        )
        return "# my orders\n" + game.canonical(state, seat, orders)


def _save(out: Path, player: ScriptedPlayer, letter: Letter) -> None:
    folder = out / "reports" / player.mailbox.user
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"{letter.uid:03d}-" + re.sub(
        r"[^a-z0-9]+", "-", letter.subject.lower().split("[pbem")[0]
    ).strip("-")
    (folder / f"{stem}.txt").write_text(letter.text(), encoding="utf-8")
    page = letter.part("text/html")
    png = letter.part("image/png")
    if png:
        (folder / f"{stem}.png").write_bytes(png)
    if page:
        text = page.decode("utf-8", "replace").replace("cid:map", f"{stem}.png")
        (folder / f"{stem}.html").write_text(text, encoding="utf-8")


def _write_index(out: Path, players: list[ScriptedPlayer], winner: str = "") -> None:
    """A styled page listing each player's mailbox, and the winner once there is one."""
    boxes = []
    for player in players:
        folder = out / "reports" / player.mailbox.user
        mails = []
        for text in sorted(folder.glob("*.txt")) if folder.is_dir() else []:
            page = text.with_suffix(".html")
            href = page if page.is_file() else text
            title = text.stem.split("-", 1)[-1].replace("-", " ").capitalize()
            mails.append(
                {
                    "href": href.relative_to(out).as_posix(),
                    "text_href": text.relative_to(out).as_posix() if page.is_file() else "",
                    "title": title,
                }
            )
        boxes.append({"name": player.name, "mails": mails})
    page_html = render(
        "site/demo.html.j2", campaign=CAMPAIGN, game="mighty-kingdoms", boxes=boxes, winner=winner
    )
    (out / "index.html").write_text(page_html, encoding="utf-8")

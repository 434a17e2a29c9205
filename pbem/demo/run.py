"""Play a campaign of any game by email on a private mail server, printing progress.

Scripted players read their mail over IMAP and answer over SMTP with the game's own random legal
input (its bots), as people would; the referee's input, where a game asks for it, is entered as
`pbem orders submit --player referee` would. The campaign plays to its end, or stops after a
bounded number of turns or phases.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlmodel import Session

from pbem.core.game import REFEREE, Game
from pbem.core.rng import SeededRng, derive_seed
from pbem.demo.index import Box, Story, write_index
from pbem.demo.letters import keep
from pbem.demo.players import Mailbox, ScriptedPlayer
from pbem.errors import Conflict
from pbem.ledger import queries
from pbem.ledger.db import owner_only
from pbem.mail.transport.mailbox import open_source
from pbem.mail.transport.mailers import open_mailer
from pbem.registry import get_game
from pbem.render.report import seat_names
from pbem.sandbox.mailstack import MailStack
from pbem.services.base.runtime import Runtime, open_runtime
from pbem.services.base.states import current_state, game_of
from pbem.services.intake.entry import submit_by_address
from pbem.services.referee.site import role_of
from pbem.services.tick.tick import tick
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from pbem.services.turns.status import status

CAST = (("Alice", "alice"), ("Bob", "bob"), ("Carol", "carol"), ("Dave", "dave"),
        ("Erin", "erin"), ("Frank", "frank"), ("Grace", "grace"))
CAMPAIGN = "demo"
DEFAULT_GAME = "mighty-kingdoms"
DEMO_MARKER = ".pbem-demo"
CAMPAIGN_FILES = ("pbem.db", "pbem.toml")
LEDGER_FILES = ("pbem.db", "pbem.db-wal", "pbem.db-shm", "pbem.db-journal")
MAX_ROUNDS = 2000  # ticks; a game that owes nobody's input never reaches it
ASK_AGAIN = 3  # ticks without an adjudication before the owing players answer again
GIVE_UP = 12  # ticks without an adjudication before the demo stops


@dataclass(frozen=True)
class DemoPlan:
    """Which game to play and for how long."""

    game: str = DEFAULT_GAME
    seed: int = 2026
    sets: dict[str, str] = field(default_factory=dict)  # the game's settings (`--set`)
    turns: int = 0  # stop once the game's turn passes this (0: play to the end)
    phases: int = 0  # stop after this many adjudicated phases (0: no bound)
    scenario: str | None = None  # a shipped scenario's name or a file (None: the game's own)


@dataclass
class DemoResult:
    """What the demo did."""

    ticks: int = 0
    phases: list[str] = field(default_factory=list)
    orders_sent: int = 0
    reports_saved: int = 0
    finished: bool = False
    out: Path = Path("demo-out")
    game: str = DEFAULT_GAME


@dataclass
class Table:
    """Everything one demo run plays with."""

    rt: Runtime
    game: Game
    plan: DemoPlan
    players: list[ScriptedPlayer]
    boxes: dict[str, Box]
    out: Path
    say: Callable[[str], None]
    result: DemoResult
    idle: int = 0  # ticks since the last adjudication
    turn: int = 0  # the game turn of the latest adjudicated phase: what new mail is about


def cast_for(game: Game) -> tuple[tuple[str, str], ...]:
    """As many players as the game wants: three where it may, else its nearest count."""
    return CAST[: max(game.meta.min_players, min(3, game.meta.max_players))]


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
    out: Path, say: Callable[[str], None], plan: DemoPlan | None = None, force: bool = False
) -> DemoResult:
    """Start the mail server, create the campaign, and play it by email to its end or bound."""
    plan = plan or DemoPlan()
    game = get_game(plan.game)
    claim_folder(out, force)
    cast = cast_for(game)
    users = {"referee": "pw-referee", **{user: f"pw-{user}" for _, user in cast}}
    with MailStack(users=users, spare_users=0) as stack:
        say(f"Mail server up: IMAP 127.0.0.1:{stack.imap_port}, SMTP 127.0.0.1:{stack.smtp_port}")
        rt = open_runtime(str(write_config(out, stack)), migrate_schema=True)
        players = [f"{name} <{user}@localhost>" for name, user in cast]
        sets = {**plan.sets, "early_delay_minutes": "0"}
        request = NewCampaign(CAMPAIGN, plan.game, plan.scenario, players, plan.seed, sets)
        create_campaign(rt, request)
        say(f"Campaign '{CAMPAIGN}' of {game.meta.title} created for "
            f"{', '.join(n for n, _ in cast)}: welcome mail queued.")
        table = _table(rt, game, plan, stack, out, say)
        _play(table)
        return table.result


def _table(
    rt: Runtime,
    game: Game,
    plan: DemoPlan,
    stack: MailStack,
    out: Path,
    say: Callable[[str], None],
) -> Table:
    players, boxes = [], {}
    seats = _seats(rt)
    for name, user in cast_for(game):
        mailbox = Mailbox("127.0.0.1", stack.imap_port, user, f"pw-{user}")
        player = ScriptedPlayer(name, f"{user}@localhost", mailbox, "127.0.0.1", stack.smtp_port)
        players.append(player)
        seat, role = seats[player.address]
        boxes[player.address] = Box(name=name, seat=seat, role=role)
    result = DemoResult(out=out, game=plan.game)
    return Table(rt, game, plan, players, boxes, out, say, result)


def _seats(rt: Runtime) -> dict[str, tuple[str, str]]:
    """Address -> (seat, what the public view says the seat plays as)."""
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, CAMPAIGN)
        names = seat_names(game_of(campaign).view(current_state(session, campaign), None, []))
        return {
            p.address: (p.seat, role_of(names.get(p.seat, ""), p.seat, p.name))
            for p in queries.players_of(session, campaign)
        }


def _play(table: Table) -> None:
    for round_number in range(1, MAX_ROUNDS + 1):
        info = _tick(table)
        over = info["status"] == "finished" and not info["waiting_for"]
        if over or _bound_reached(table, info) or table.idle > GIVE_UP:
            if table.idle > GIVE_UP:
                table.say("    nothing moved for a while: the demo stops here")
            table.result.finished = info["status"] == "finished"
            last = {**_tick(table), "waiting_for": []}  # the last mail goes out and is read
            for player in table.players:
                _read_and_answer(table, player, last, 0)
            break
        _nudge(table)
        for player in table.players:
            _read_and_answer(table, player, info, table.plan.seed + round_number)
        _answer_for_referee(table, info, table.plan.seed + round_number)
    _write_index(table)


def _nudge(table: Table) -> None:
    """A phase that waits on: its owing players answer again (their input may have been
    refused); after GIVE_UP such ticks the demo stops."""
    if table.idle == ASK_AGAIN:
        for player in table.players:
            player.answered = ""


def _tick(table: Table) -> dict[str, Any]:
    """One cron pass over the mail server; the campaign's status after it."""
    rt, result = table.rt, table.result
    report = tick(rt, open_source(rt.settings.imap_url.value),
                  open_mailer(rt.settings.smtp_url.value), wait_seconds=30)
    result.ticks += 1
    table.idle = 0 if report.turns else table.idle + 1
    table.turn = _turn_of_news(rt)
    table.say(f"tick {result.ticks}: read {report.ingest.processed} mails, sent {report.sent}")
    for turn in report.turns:
        result.phases.append(turn.phase_label)
        table.say(f"    adjudicated {turn.phase_label}: {turn.events} events; reports mailed")
    return status(rt, CAMPAIGN)


def _turn_of_news(rt: Runtime) -> int:
    """The turn of the latest adjudicated phase (before any: the open phase's)."""
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, CAMPAIGN)
        done = queries.done_phases(session, campaign)
        latest = done[-1] if done else queries.latest_phase(session, campaign)
        return latest.turn if latest else 0


def _bound_reached(table: Table, info: dict[str, Any]) -> bool:
    plan, result = table.plan, table.result
    if plan.phases and len(result.phases) >= plan.phases:
        return True
    return bool(plan.turns) and int(info["turn"]) > plan.turns


def _read_and_answer(table: Table, player: ScriptedPlayer, info: dict[str, Any], seed: int) -> None:
    """Keep the new mail; answer once per phase that waits for this player."""
    box = table.boxes[player.address]
    for letter in player.new_mail():
        box.mails.append(keep(table.out, player.mailbox.user, letter, table.turn))
        table.result.reports_saved += 1
    owed = player.address in info["waiting_for"] and player.answered != info["phase_key"]
    if owed and player.last is not None:
        player.reply(player.last, "# my orders\n" + _input_text(table.rt, box.seat, seed))
        player.answered = info["phase_key"]
        table.result.orders_sent += 1
        table.say(f"    {player.name} replied with orders over SMTP")


def _answer_for_referee(table: Table, info: dict[str, Any], seed: int) -> None:
    """Enter the referee's input when the game waits for it (a tabletop battle's result)."""
    if REFEREE in info["waiting_for"]:
        receipt = submit_by_address(table.rt, CAMPAIGN, REFEREE,
                                    _input_text(table.rt, REFEREE, seed))
        table.say(f"    the referee entered {'a result' if receipt['accepted'] else 'nothing'}")


def _input_text(rt: Runtime, seat: str, seed: int) -> str:
    """What a scripted seat decides: random legal input from the game's own generator."""
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, CAMPAIGN)
        state, game = current_state(session, campaign), game_of(campaign)
    rng = SeededRng(derive_seed(seed, seat))
    orders = (
        game.random_input(state, seat, rng)
        if game.random_input is not None
        else game.default_input(state, seat)
    )
    return game.canonical(state, seat, orders)


def _write_index(table: Table) -> None:
    info = status(table.rt, CAMPAIGN)
    result = info.get("result") or {}
    summary = str(result.get("winner_text", ""))
    if not summary:
        summary = f"Stopped at {info['phase']}: the campaign goes on (pbem status {CAMPAIGN})."
    story = Story(campaign=CAMPAIGN, game=table.plan.game, game_title=table.game.meta.title,
                  summary=summary, phases=len(table.result.phases))
    write_index(table.out, story, list(table.boxes.values()))

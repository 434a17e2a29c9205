"""Any registered game played through the services to its end, as mail would: owed input sent
as canonical text, each phase run by force. Short settings keep each game to a few phases."""

from __future__ import annotations

from pathlib import Path

from sqlmodel import Session

from pbem.core.game import REFEREE, Game
from pbem.core.rng import SeededRng
from pbem.ledger import queries
from pbem.registry import games
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import current_state
from pbem.services.intake.entry import submit_by_address
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from pbem.services.turns.turns import run_phase
from tests.support.runtime import make_runtime, sqlite_url

# Settings that end a game within a few dozen phases (a game not listed plays as it is).
SHORT: dict[str, dict[str, str]] = {
    "king-david": {"turns": "1"},
    "dba-cards": {"turn_limit": "12"},
    "david-goliath": {"max_turns": "4"},
    "mighty-kingdoms": {"years": "1", "battle_mode": "kow"},  # kow: sealed army lists to keep
    "diplomacy": {"end_year": "1903"},  # the bots vote for a draw in the last year: votes to keep
}
MAX_PHASES = 120


def new_campaign(
    name: str, folder: Path, seed: int = 5, sets: dict[str, str] | None = None
) -> tuple[Game, Runtime]:
    """Campaign "c" of game `name` in a fresh ledger, with short settings (or `sets`) and up to
    3 players."""
    game = games()[name]
    rt = make_runtime(sqlite_url(folder))
    count = max(game.meta.min_players, min(3, game.meta.max_players))
    players = [f"P{i} <p{i}@localhost>" for i in range(1, count + 1)]
    sets = SHORT.get(name, {}) if sets is None else sets
    create_campaign(rt, NewCampaign("c", name, None, players, seed=seed, sets=sets))
    return game, rt


def play_phase(rt: Runtime, game: Game, step: int) -> bool:
    """Send every owed input of campaign "c" and run its phase; False once it has ended."""
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, "c")
        if campaign.status != "active":
            return False
        state = current_state(session, campaign)
        seats = {p.seat: p.address for p in queries.players_of(session, campaign)}
    due, rng = game.due(state), SeededRng(step)
    for seat in [*due.players, *([REFEREE] if due.referee else [])]:
        orders = (
            game.random_input(state, seat, rng)
            if game.random_input is not None
            else game.default_input(state, seat)
        )
        text = game.canonical(state, seat, orders)
        receipt = submit_by_address(rt, "c", seats.get(seat, REFEREE), text)
        assert receipt["accepted"], receipt["problems"]
    run_phase(rt, "c", force=True)
    return True


def play_to_end(rt: Runtime, game: Game, limit: int = MAX_PHASES) -> int:
    """Play campaign "c" until it ends (at most `limit` phases); return the phases played."""
    for step in range(limit):
        if not play_phase(rt, game, step):
            return step
    return limit

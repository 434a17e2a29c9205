"""A small campaign of any registered game in a fresh ledger, and its state at each turn."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlmodel import Session

from pbem.core.game import Game
from pbem.ledger import queries
from pbem.registry import games
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import current_state
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from tests.support.runtime import make_runtime, sqlite_url


def start_campaign(
    name: str, tmp_path: Path, seed: int, sets: dict[str, str] | None = None
) -> tuple[Game, Runtime]:
    """Campaign "c" of game `name` with as many players as it needs, up to three, under the
    referee's settings `sets` (e.g. a game's optional rules)."""
    game = games()[name]
    rt = make_runtime(sqlite_url(tmp_path))
    count = max(game.meta.min_players, min(3, game.meta.max_players))
    players = [f"P{i} <p{i}@localhost>" for i in range(1, count + 1)]
    create_campaign(rt, NewCampaign("c", name, None, players, seed=seed, sets=sets or {}))
    return game, rt


def state_and_seats(rt: Runtime) -> tuple[Any, dict[str, str]] | None:
    """Campaign "c"'s current state and each seat's address; None once it has ended."""
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, "c")
        if campaign.status != "active":
            return None
        state = current_state(session, campaign)
        return state, {p.seat: p.address for p in queries.players_of(session, campaign)}

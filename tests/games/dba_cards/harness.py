"""Build DBA card game positions from case data and play one turn on them."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlmodel import Session

from pbem.core.game import Event, ParseResult, Seat
from pbem.core.rng import SeededRng
from pbem.games.dba_cards import GAME
from pbem.games.dba_cards.content import deck_ids
from pbem.games.dba_cards.state import DBAState, Settings, Side, Unit
from pbem.games.dba_cards.terrain import edge
from pbem.ledger import queries
from pbem.services.base.states import current_state
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from tests.support.runtime import make_runtime, sqlite_url
from tests.support.secrecy import Desk


def position(
    units: str,
    hands: dict[str, str],
    terrain: str = "",
    german: bool = False,
    rivers: str = "",
) -> DBAState:
    """A state at p1's turn from 'OWNER TYPE SQUARE [elite]' lines and hands of card kinds;
    terrain as 'SQUARE KIND' lines, rivers as 'SQUARE SQUARE' lines (the side between)."""
    placed = []
    for n, line in enumerate(u for u in units.splitlines() if u.strip()):
        owner, kind, square, *rest = line.split()
        placed.append(
            Unit(id=f"{owner}-{n}", owner=owner, type=kind, square=square, elite=rest == ["elite"])
        )
    pool = deck_ids()
    sides = {}
    for seat in ("p1", "p2"):
        hand = []
        for kind in hands.get(seat, "").split():
            card = next(c for c in pool if c.split("#")[0] == kind)
            pool.remove(card)
            hand.append(card)
        sides[seat] = Side(seat=seat, name=seat.upper(), hand=hand, deployed=True)
    ground = dict(line.split() for line in terrain.splitlines() if line.strip())
    return DBAState(
        seats=[Seat(id="p1", name="P1"), Seat(id="p2", name="P2")],
        settings=Settings(house_rules="german" if german else "none"),
        size=12 if german else 8,
        terrain=ground,
        rivers=sorted(edge(*line.split()) for line in rivers.splitlines() if line.strip()),
        stage="turn",
        turn=1,
        active="p1",
        units=placed,
        deck=pool,
        sides=sides,
    )


def board(state: DBAState) -> set[str]:
    """The units on the board as 'OWNER TYPE SQUARE' strings."""
    return {f"{u.owner} {u.type} {u.square}" for u in state.units}


@dataclass
class Played:
    """What one turn did: the parse, the events, any window's choices, the final state."""

    parsed: ParseResult
    state: DBAState
    events: list[Event] = field(default_factory=list)
    choices: list[str] = field(default_factory=list)

    def codes(self) -> list[str]:
        """The event codes in order."""
        return [e.code for e in self.events]


def play_turn(state: DBAState, orders: str, answer: str | None = None) -> Played:
    """Parse p1's orders; if legal, run the turn and answer any question with `answer`."""
    parsed = GAME.parse(state, "p1", orders)
    if parsed.errors:
        return Played(parsed=parsed, state=state)
    step = GAME.advance(state, {"p1": parsed.orders}, SeededRng(1))
    played = Played(parsed=parsed, state=step.state, events=list(step.events))
    while played.state.stage == "react" and played.state.window is not None:
        window = played.state.window
        played.choices = [c.key for c in window.choices]
        reply = GAME.parse(played.state, window.seat, f"react {answer or 'pass'}")
        assert not reply.errors, reply.errors
        step = GAME.advance(played.state, {window.seat: reply.orders}, SeededRng(2))
        played.state = step.state
        played.events += step.events
    return played


def problem_codes(parsed: ParseResult) -> list[str]:
    """The codes of a parse's errors."""
    return [p.code for p in parsed.errors]


def as_text(value: Any) -> str:
    """A case field as text ('' when absent)."""
    return str(value or "")


def two_player_desk(tmp_path: Path) -> tuple[Desk, DBAState]:
    """A real two-player campaign's rows (to compose reports for any state) and its opening."""
    rt = make_runtime(sqlite_url(tmp_path))
    players = ["P1 <p1@localhost>", "P2 <p2@localhost>"]
    create_campaign(rt, NewCampaign("c", "dba-cards", None, players, seed=7))
    with Session(rt.engine, expire_on_commit=False) as session:
        campaign = queries.campaign_named(session, "c")
        seats = {p.seat: p for p in queries.players_of(session, campaign)}
        state = current_state(session, campaign)
        session.expunge_all()
    return Desk(campaign, seats), state

"""A player's own what-if preview: their orders (from the mail, or on file) adjudicated against
every other seat sending nothing (units hold), on the state as the game lets that seat know it,
with a fixed seed. No other seat's orders, votes or hidden facts, and no phase seed, ever enter
it, so the answer is a function of what the player already knows and sent. Nothing is stored."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from sqlmodel import Session

from pbem.core.game import REFEREE, Game
from pbem.core.problems import Problem
from pbem.core.rng import SeededRng
from pbem.ledger import queries
from pbem.services.base.states import game_of
from pbem.services.reports.bundle import build
from pbem.services.turns.now import CampaignNow
from pbem.services.turns.reading import read_input

PREVIEW_SEED = 0  # never the phase's seed: a preview must not sample the real dice
NO_PREVIEW = "mail.E_PREVIEW_NONE"  # the game offers players no preview
NO_PHASE = "mail.E_PREVIEW_NO_PHASE"  # no phase takes input now
NOT_OWED = "mail.E_PREVIEW_NOT_OWED"  # the seat has nothing to order in the open phase
REFUSED = "mail.E_PREVIEW_REFUSED"  # the lines given read as no orders at all


@dataclass
class OwnPreview:
    """The preview's report text and where its orders came from, or the code of why none."""

    refusal: str = ""
    source: str = ""  # "mail" (the lines sent with PREVIEW), "file" or "none"
    report: str = ""
    problems: list[Problem] = field(default_factory=list)


def own_preview(session: Session, now: CampaignNow, seat: str, text: str) -> OwnPreview:
    """Preview `seat`'s orders (`text`, or those on file when it is blank) in the open phase."""
    game = game_of(now.campaign)
    refusal = _refusal(game, now, seat)
    if refusal:
        return OwnPreview(refusal)
    known = game.preview_state(now.state, seat)  # type: ignore[misc]  # _refusal checked it
    own, source, problems = _own_input(session, game, now, known, seat, text)
    if own is None:
        return OwnPreview(REFUSED, problems=problems)
    advance = game.advance(known, _inputs(game, now, known, seat, own), SeededRng(PREVIEW_SEED))
    assert now.phase is not None
    return OwnPreview("", source, _report(now, seat, advance.state, advance.events), problems)


def _report(now: CampaignNow, seat: str, state: Any, events: list[Any]) -> str:
    """The seat's report of the previewed phase, with nothing about a phase after it: no
    deadline, nobody owing, no order template to reply with (nothing was adjudicated)."""
    assert now.phase is not None
    extra = {"next_phase": "none (a preview)", "deadline_text": "none (a preview)"}
    bundle = build(now.campaign, seat, now.phase, state, events, None, extra)
    bundle.view["template"] = ""
    if isinstance(bundle.view.get("due"), dict):
        bundle.view["due"] = {**bundle.view["due"], "players": []}
    return bundle.text


def _refusal(game: Game, now: CampaignNow, seat: str) -> str:
    if game.preview_state is None:
        return NO_PREVIEW
    if not now.takes_input:
        return NO_PHASE
    if seat not in [*now.due.players, *now.due.optional] or now.due.window is not None:
        return NOT_OWED
    return ""


def _own_input(
    session: Session, game: Game, now: CampaignNow, known: Any, seat: str, text: str
) -> tuple[Any, str, list[Problem]]:
    """The seat's input: the lines sent (read as orders are), else those on file, else none."""
    if text.strip():
        reading = read_input(game, known, seat, text)
        return reading.orders, "mail", reading.problems
    assert now.phase is not None
    live = queries.live_submission(session, now.phase, seat)
    if live is not None:
        return game.input_from_json(json.loads(live.orders_json)), "file", []
    return game.default_input(known, seat), "none", []


def _inputs(game: Game, now: CampaignNow, known: Any, seat: str, own: Any) -> dict[str, Any]:
    """The seat's own input, and what every other owing seat would send by saying nothing."""
    others = [s for s in now.due.players if s != seat] + ([REFEREE] if now.due.referee else [])
    return {seat: own, **{other: game.default_input(known, other) for other in others}}

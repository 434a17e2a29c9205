"""Bridge between ledger rows and a game's typed state, with one canonical JSON form."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from pydantic import BaseModel
from sqlmodel import Session

from pbem.core.game import Event as GameEvent
from pbem.core.game import Game, Seat, Setup
from pbem.ledger import queries
from pbem.ledger.models import Campaign, Phase
from pbem.registry import get_game


def canonical_json(value: Any) -> str:
    """Byte-stable JSON: sorted keys, no spaces, UTF-8 text."""
    if isinstance(value, BaseModel):
        value = value.model_dump(mode="json")
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


SHARED_STATES = 64  # rebuilt states kept for reading: a busy tick's campaigns, a few at a time
_SHARED: dict[tuple[str, str], Any] = {}  # (game, snapshot digest) -> the state it rebuilds


def digest(text: str) -> str:
    """A short SHA-256 digest of text, for receipts and snapshots."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def game_of(campaign: Campaign) -> Game:
    """The game a campaign plays."""
    return get_game(campaign.game)


def setup_of(campaign: Campaign) -> Setup:
    """The Setup a campaign was started from."""
    settings = json.loads(campaign.settings_json)
    return Setup(
        seats=[Seat(**s) for s in settings["seats"]],
        scenario=json.loads(campaign.scenario_json),
        settings=settings["game"],
        preferences=settings.get("preferences", {}),
    )


def campaign_settings(campaign: Campaign) -> dict[str, Any]:
    """The campaign-level settings (deadlines, press, time zone)."""
    settings: dict[str, Any] = json.loads(campaign.settings_json)["campaign"]
    return settings


def current_state(session: Session, campaign: Campaign) -> Any:
    """The game state after the newest adjudicated phase."""
    snapshot = queries.latest_snapshot(session, campaign)
    return game_of(campaign).state_from_json(json.loads(snapshot.state_json))


def shared_current_state(session: Session, campaign: Campaign) -> Any:
    """current_state, shared by every caller that reads the same snapshot in this process: for
    reading only (parsing orders, what is due). Games never change a state they are given
    (tests/contract/test_pure_reads.py), so one rebuilt state serves a tick's every order.
    Snapshots are known by their digest, so the state's JSON is read only when not kept."""
    snapshot_id, state_digest = queries.latest_snapshot_digest(session, campaign)
    key = (campaign.game, state_digest)
    state = _SHARED.get(key)
    if state is None:
        text = queries.snapshot_json(session, snapshot_id)
        state = game_of(campaign).state_from_json(json.loads(text))
        if len(_SHARED) >= SHARED_STATES:
            _SHARED.pop(next(iter(_SHARED)))  # the oldest
        _SHARED[key] = state
    return state


def state_after(session: Session, campaign: Campaign, seq: int) -> Any | None:
    """The game state after phase `seq` (0: opening), or None."""
    snapshot = queries.snapshot_at(session, campaign, seq)
    if snapshot is None:
        return None
    return game_of(campaign).state_from_json(json.loads(snapshot.state_json))


def phase_events(session: Session, phase: Phase) -> list[GameEvent]:
    """A phase's stored events as the game's Event model."""
    return [
        GameEvent(
            code=row.code,
            data=json.loads(row.data_json),
            visible_to=row.visible_to.split(",") if row.visible_to is not None else None,
        )
        for row in queries.events_of(session, phase)
    ]

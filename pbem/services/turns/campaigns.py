"""Creating campaigns, listing them, and saying where each one stands."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlmodel import Session, select

from pbem.core.game import ContentError, Game, Seat, Setup
from pbem.core.rng import SeededRng
from pbem.errors import Conflict, Invalid, NotFound
from pbem.ledger.db import session_scope
from pbem.ledger.models import Campaign, Player, Snapshot
from pbem.mail.routing import new_secret, slug
from pbem.paths import campaigns_dir
from pbem.registry import get_game
from pbem.services.base.campaign_settings import settings_for_new_campaign
from pbem.services.base.runtime import Runtime
from pbem.services.base.seeding import new_campaign_secret, start_seed
from pbem.services.base.states import canonical_json, digest
from pbem.services.reports import notify
from pbem.services.turns.phases import open_phase
from pbem.validation import MAX_NAME, control_characters, shown_value
from pbem.wording import wording

PLAYER_SPEC = re.compile(r"^\s*(?P<name>[^<>]+?)\s*<(?P<address>[^<>@\s]+@[^<>@\s]+)>\s*$")


@dataclass
class NewCampaign:
    """What a referee asks for when creating a campaign."""

    name: str
    game: str
    scenario: str | None
    players: list[str]
    seed: int | None = None  # mixed with the campaign's secret, never used alone
    sets: dict[str, str] | None = None


def parse_player(spec: str) -> tuple[str, str]:
    """Split 'Name <address>' into a display name and a lower-case address."""
    match = PLAYER_SPEC.match(spec) if not control_characters(spec) else None
    if match is None:
        check_name(spec, "player")
        raise Invalid("campaign.E_PLAYER_SPEC", spec=shown_value(spec))
    check_name(match["name"], "player")
    return match["name"], match["address"].lower()


def resolve_scenario(game: Game, scenario: str | None) -> Path:
    """A scenario path as given, or a shipped one named relative to campaigns/."""
    name = scenario or game.meta.default_scenario
    folder = campaigns_dir() / game.meta.name
    for candidate in (
        Path(name),
        campaigns_dir() / name,
        folder / name,
        folder / f"{name}.toml",
        folder / "maps" / name,
        folder / "maps" / f"{name}.toml",
    ):
        if candidate.is_file():
            return candidate
    shipped = shipped_scenarios(game)
    raise NotFound("scenario.E_NOT_FOUND", path=name, shipped=", ".join(shipped) or "none")


def shipped_scenarios(game: Game) -> list[str]:
    """The names of the scenarios and maps shipped for `game` (`--scenario NAME`)."""
    folder = campaigns_dir() / game.meta.name
    return sorted(p.stem for p in [*folder.glob("*.toml"), *(folder / "maps").glob("*.toml")])


def create_campaign(rt: Runtime, request: NewCampaign) -> Campaign:
    """Create a campaign, its opening state and first phase, and queue the welcome mail.

    Everything is checked before anything is written, so a refused request leaves no trace.
    """
    game = get_game(request.game)
    check_campaign_name(request.name)
    players = [parse_player(spec) for spec in request.players]
    _check_players(game, players)
    scenario = _load_scenario(game, request.scenario)
    _check_seats(game, scenario, len(players))
    game_settings, campaign_settings = settings_for_new_campaign(game, request.sets or {})
    if "timezone" not in (request.sets or {}):
        campaign_settings["timezone"] = rt.settings.timezone
    seats = [Seat(id=f"p{i + 1}", name=name) for i, (name, _) in enumerate(players)]
    secret = new_campaign_secret()
    setup = Setup(seats=seats, scenario=scenario, settings=game_settings)
    try:
        state = game.start(setup, SeededRng(start_seed(secret, request.seed)))
    except ContentError as exc:
        raise Invalid("scenario.E_INVALID", detail=_content_detail(exc)) from exc
    with session_scope(rt.engine) as session:
        campaign = _insert_campaign(session, rt, request, setup, campaign_settings, secret)
        for seat, (_, address) in zip(seats, players, strict=True):
            session.add(
                Player(
                    campaign_id=campaign.id or 0,
                    seat=seat.id,
                    name=seat.name,
                    address=address,
                    secret=new_secret(),
                )
            )
        record_snapshot(session, campaign, state)
        phase = open_phase(session, campaign, state, 1, rt.clock.now())
        session.flush()
        notify.welcome_all(session, rt, campaign, phase, state)
    return campaign


split_settings = settings_for_new_campaign  # the name other services already call


def check_campaign_name(name: str) -> None:
    """Refuse a campaign name with control characters, no letters or digits, or over length."""
    check_name(name, "campaign")
    if not re.search(r"[a-z0-9]", name.lower()):
        raise Invalid("campaign.E_NAME_NO_LETTERS", name=shown_value(name))


def check_name(name: str, kind: str) -> None:
    """Refuse a player or campaign name with control characters, empty or over length."""
    bad = control_characters(name)
    if bad:
        raise Invalid("name.E_CONTROL", kind=kind, name=shown_value(name), chars=", ".join(bad))
    if not name.strip() or len(name) > MAX_NAME:
        raise Invalid("name.E_LENGTH", kind=kind, name=shown_value(name), max=MAX_NAME)


def _check_players(game: Game, players: list[tuple[str, str]]) -> None:
    count = len(players)
    if not game.meta.min_players <= count <= game.meta.max_players:
        raise Invalid(
            "campaign.E_PLAYER_COUNT",
            game=game.meta.title,
            min=game.meta.min_players,
            max=game.meta.max_players,
            count=count,
        )
    addresses = [address for _, address in players]
    for address in addresses:
        if addresses.count(address) > 1:
            raise Invalid("campaign.E_DUPLICATE_ADDRESS", address=address)


def _check_seats(game: Game, scenario: dict[str, Any], count: int) -> None:
    """A scenario whose map says how many players it takes must get that many."""
    board = scenario.get("map")
    if not isinstance(board, dict):
        return
    low, high = board.get("min_players"), board.get("max_players")
    if isinstance(low, int) and isinstance(high, int) and not low <= count <= high:
        raise Invalid(
            "campaign.E_MAP_SEATS",
            map=shown_value(str(board.get("name") or game.meta.default_scenario)),
            min=low,
            max=high,
            count=count,
        )


def _content_detail(exc: ContentError) -> str:
    words = wording(exc.code)
    return f"{exc.source}: {words} ({exc.detail})" if words != exc.code else str(exc)


def _load_scenario(game: Game, scenario: str | None) -> dict[str, Any]:
    path = resolve_scenario(game, scenario)
    try:
        return game.load_scenario(path.read_text(encoding="utf-8"), str(path))
    except ContentError as exc:
        raise Invalid("scenario.E_INVALID", detail=str(exc)) from exc


def _insert_campaign(
    session: Session,
    rt: Runtime,
    request: NewCampaign,
    setup: Setup,
    campaign_settings: dict[str, Any],
    secret: str,
) -> Campaign:
    if session.exec(select(Campaign).where(Campaign.name == request.name)).first():
        raise Conflict("campaign.E_EXISTS", name=request.name)
    other = session.exec(select(Campaign.name).where(Campaign.slug == slug(request.name))).first()
    if other is not None:
        raise Conflict("campaign.E_SLUG_TAKEN", name=request.name, other=other, slug=slug(other))
    settings = {
        "game": setup.settings,
        "campaign": campaign_settings,
        "seats": [s.model_dump() for s in setup.seats],
    }
    campaign = Campaign(
        name=request.name,
        slug=slug(request.name),
        game=request.game,
        scenario_json=canonical_json(setup.scenario),
        settings_json=canonical_json(settings),
        master_seed=request.seed,
        start_seed=start_seed(secret, request.seed),
        seed_secret=secret,
        timezone=str(campaign_settings["timezone"]),
        allow_press=bool(campaign_settings["press"]),
        created_at=rt.clock.now(),
    )
    session.add(campaign)
    session.flush()
    return campaign


def record_snapshot(
    session: Session, campaign: Campaign, state: Any, phase_id: int | None = None, seq: int = 0
) -> None:
    """Store a state snapshot in canonical JSON with its digest."""
    text = canonical_json(state)
    session.add(
        Snapshot(
            campaign_id=campaign.id or 0,
            phase_id=phase_id,
            seq=seq,
            state_json=text,
            digest=digest(text),
        )
    )

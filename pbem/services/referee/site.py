"""A static HTML archive of a campaign's public history: an index and one page per phase."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlmodel import Session

from pbem.core.board import Picture
from pbem.ledger import queries
from pbem.ledger.models import Campaign, Phase
from pbem.render.report import seat_names, worded_events
from pbem.render.standings import result_lines
from pbem.render.svg import render_svg
from pbem.render.templating import render
from pbem.services.base.runtime import Runtime
from pbem.services.base.schedule import local_text
from pbem.services.base.standings import campaign_result
from pbem.services.base.states import current_state, game_of, phase_events, state_after


@dataclass
class SitePage:
    """One adjudicated phase as the public saw it."""

    seq: int
    turn: int
    key: str
    label: str
    file: str
    events: list[dict[str, Any]] = field(default_factory=list)
    view: dict[str, Any] = field(default_factory=dict)
    svg: str = ""
    date: str = ""  # when it was adjudicated, in the campaign's time zone


@dataclass
class SiteFacts:
    """What the index says about the campaign beside its phases."""

    status: str = "active"
    started: str = ""
    players: list[dict[str, str]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    result_lines: list[str] = field(default_factory=list)
    current: str = ""
    deadline: str = ""


def page_file(seq: int) -> str:
    """The file name of a phase's page."""
    return f"phase-{seq:03d}.html"


def map_file(seq: int) -> str:
    """The file name of a phase's map."""
    return f"map-{seq:03d}.svg"


def build_site(rt: Runtime, name: str, out: Path) -> list[Path]:
    """Write the archive of campaign `name` into `out`; return the files written."""
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        done = queries.done_phases(session, campaign)
        pages = [_page(session, campaign, phase) for phase in done]
        return write_site(campaign.name, campaign.game, pages, out, _facts(session, campaign))


def _facts(session: Session, campaign: Campaign) -> SiteFacts:
    result = campaign_result(session, campaign)
    kingdoms = _kingdom_names(session, campaign)
    opening = queries.open_phase(session, campaign)
    return SiteFacts(
        status=campaign.status,
        started=local_text(campaign.created_at, campaign.timezone),
        players=[
            {
                "seat": p.seat,
                "name": p.name,
                "kingdom": kingdoms.get(p.seat, ""),
                "status": p.status,
            }
            for p in queries.players_of(session, campaign)
        ],
        result=result,
        result_lines=result_lines(result) if result else [],
        current=opening.label if opening else "",
        deadline=local_text(opening.deadline, campaign.timezone)
        if opening and opening.deadline
        else "",
    )


def _kingdom_names(session: Session, campaign: Campaign) -> dict[str, str]:
    """Seat -> the name the public view gives it (a kingdom), where the game names seats."""
    view = game_of(campaign).view(current_state(session, campaign), None, [])
    return {k: v for k, v in seat_names(view).items() if v != k}


def _page(session: Session, campaign: Campaign, phase: Phase) -> SitePage:
    state = state_after(session, campaign, phase.seq)
    events = [e for e in phase_events(session, phase) if e.visible_to is None]
    view = game_of(campaign).view(state, None, events)
    board = view.get("board")
    svg = render_svg(Picture.model_validate(board)) if board else ""
    worded = worded_events(campaign.game, view.get("events", []), seat_names(view))
    return SitePage(
        seq=phase.seq,
        turn=phase.turn,
        key=phase.key,
        label=phase.label,
        file=page_file(phase.seq),
        events=worded,
        view=view,
        svg=svg,
        date=local_text(phase.adjudicated_at, campaign.timezone) if phase.adjudicated_at else "",
    )


def write_site(
    campaign: str, game: str, pages: list[SitePage], out: Path, facts: SiteFacts | None = None
) -> list[Path]:
    """Render the index and every phase page (with its map as inline SVG and as a file)."""
    out.mkdir(parents=True, exist_ok=True)
    latest = next((p for p in reversed(pages) if p.svg), None)
    front = render(
        "site/index.html.j2",
        campaign=campaign,
        game=game,
        pages=pages,
        facts=facts or SiteFacts(),
        latest=latest,
        latest_map=map_file(latest.seq) if latest else "",
    )
    written = [_write(out / "index.html", front)]
    for index, page in enumerate(pages):
        before = pages[index - 1] if index > 0 else None
        after = pages[index + 1] if index + 1 < len(pages) else None
        html = render(
            "site/phase.html.j2",
            campaign=campaign,
            game=game,
            page=page,
            previous=before,
            following=after,
            names=seat_names(page.view),
            svg=page.svg,
            map_file=map_file(page.seq) if page.svg else "",
        )
        written.append(_write(out / page.file, html))
        if page.svg:
            written.append(_write(out / map_file(page.seq), page.svg))
    written.append(
        _write(
            out / "history.json",
            json.dumps(
                [
                    {
                        "seq": p.seq,
                        "turn": p.turn,
                        "key": p.key,
                        "label": p.label,
                        "page": p.file,
                        "events": p.view.get("events", []),
                    }
                    for p in pages
                ],
                indent=2,
                sort_keys=True,
            ),
        )
    )
    return written


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path

"""A static HTML archive of a campaign's public history: an index and one page per phase.

Every page is drawn from the game's public view (viewer None) and its public events, so the
archive is the same for every game; a game adds its own tables of the position through
`templates/<game>/site.html.j2` (the macros of `templates/site/parts.html.j2`).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlmodel import Session

from pbem.core.board import Picture
from pbem.ledger import queries
from pbem.ledger.models import Campaign, Phase
from pbem.render.dirty import PixelBox
from pbem.render.layout import compute_layout
from pbem.render.report import seat_names, worded_events
from pbem.render.standings import result_lines
from pbem.render.svg import render_svg
from pbem.render.templating import has_template, render
from pbem.render.tiles import strips
from pbem.services.base.runtime import Runtime
from pbem.services.base.schedule import local_text
from pbem.services.base.standings import campaign_result
from pbem.services.base.states import (
    campaign_settings,
    current_state,
    game_of,
    phase_events,
    state_after,
)
from pbem.services.referee.site_maps import MAPS_FILE, anchor, map_ref, stack_maps

GENERIC_PARTS = "site/parts.html.j2"
OWN_FILE = re.compile(r"^((phase|map)-\d{3,}\.(html|svg)|maps\.svg)$")  # a rebuild may leave stale


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
    # where a phone's page cuts the map (render/tiles.py), in the map's pixels; [] for one piece
    strips: list[PixelBox] = field(default_factory=list)


@dataclass
class SiteFacts:
    """What the index says about the campaign beside its phases."""

    status: str = "active"
    game_title: str = ""
    started: str = ""
    players: list[dict[str, str]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    result_lines: list[str] = field(default_factory=list)
    current: str = ""
    deadline: str = ""
    declared: str = ""  # the result the referee declared in ending the campaign (`pbem end`)

    @property
    def ending(self) -> str:
        """How the campaign ended, in a line ('' while it runs): the declared result, else the
        game's own."""
        if self.declared:
            return f"The referee ended the campaign: {self.declared.rstrip('.')}."
        return str(self.result["winner_text"]) if self.result else ""


def page_file(seq: int) -> str:
    """The file name of a phase's page."""
    return f"phase-{seq:03d}.html"


def parts_template(game: str) -> str:
    """The game's own archive parts if it has them, else the neutral ones."""
    own = f"{game}/site.html.j2"
    return own if has_template(own) else GENERIC_PARTS


def build_site(rt: Runtime, name: str, out: Path) -> list[Path]:
    """Write the archive of campaign `name` into `out`; return the files written."""
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        done = queries.done_phases(session, campaign)
        pages = [_page(session, campaign, phase) for phase in done]
        facts = _facts(session, campaign)
    return write_site(campaign.name, campaign.game, pages, out, facts)


def _facts(session: Session, campaign: Campaign) -> SiteFacts:
    result = campaign_result(session, campaign)
    names = seat_names(game_of(campaign).view(current_state(session, campaign), None, []))
    opening = queries.open_phase(session, campaign)
    return SiteFacts(
        status=campaign.status,
        game_title=game_of(campaign).meta.title,
        started=local_text(campaign.created_at, campaign.timezone),
        players=[
            {
                "seat": p.seat,
                "name": p.name,
                "role": role_of(names.get(p.seat, ""), p.seat, p.name),
                "status": p.status,
            }
            for p in queries.players_of(session, campaign)
        ],
        result=result,
        result_lines=result_lines(result) if result else [],
        declared=str(campaign_settings(campaign).get("declared_result") or "")
        if campaign.status in ("finished", "archived")
        else "",
        current=opening.label if opening else "",
        deadline=local_text(opening.deadline, campaign.timezone)
        if opening and opening.deadline
        else "",
    )


def role_of(shown: str, seat: str, player: str) -> str:
    """What a seat plays as, from the name the public view gives it ('' when that is just the
    seat or the player): 'Alice (Philistia)' for Alice is 'Philistia'."""
    if shown in ("", seat, player):
        return ""
    prefix = f"{player} ("
    if shown.startswith(prefix) and shown.endswith(")"):
        return shown[len(prefix) : -1]
    return shown


def _page(session: Session, campaign: Campaign, phase: Phase) -> SitePage:
    state = state_after(session, campaign, phase.seq)
    events = [e for e in phase_events(session, phase) if e.visible_to is None]
    view = game_of(campaign).view(state, None, events)
    board = view.get("board")
    picture = Picture.model_validate(board) if board else None
    svg = render_svg(picture) if picture is not None else ""
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
        strips=_strips(picture),
    )


def _strips(picture: Picture | None) -> list[PixelBox]:
    """The boxes a phone shows the map in, as a report's strips; [] when it fits whole."""
    if picture is None:
        return []
    cut = strips(picture, compute_layout(picture))
    return [s.box for s in cut] if len(cut) > 1 else []


def write_site(
    campaign: str, game: str, pages: list[SitePage], out: Path, facts: SiteFacts | None = None
) -> list[Path]:
    """Render every file first, then write them all (nothing is written if one fails)."""
    return publish(site_files(campaign, game, pages, facts or SiteFacts()), out)


def site_files(
    campaign: str, game: str, pages: list[SitePage], facts: SiteFacts
) -> dict[str, str]:
    """Every file of the archive by name: the index, the phase pages, their maps (stacked in one
    file, each phase's shown by its fragment: site_maps.py), history.json."""
    stack = stack_maps({anchor(p.seq): p.svg for p in pages if p.svg}) if any(
        p.svg for p in pages) else None
    common = {
        "campaign": campaign,
        "game": game,
        "game_title": facts.game_title or game.replace("-", " "),
        "parts": parts_template(game),
        "map_size": (f"{stack.width:g}", f"{stack.height:g}") if stack else ("", ""),
    }
    files = {"index.html": _index(pages, facts, common)}
    for index, page in enumerate(pages):
        neighbours = (
            pages[index - 1] if index > 0 else None,
            pages[index + 1] if index + 1 < len(pages) else None,
        )
        ending = facts.ending if index == len(pages) - 1 else ""
        files[page.file] = _phase_page(page, neighbours, {**common, "ending": ending})
    if stack is not None:
        files[MAPS_FILE] = stack.text
    files["history.json"] = _history(pages)
    return files



def _index(pages: list[SitePage], facts: SiteFacts, common: dict[str, Any]) -> str:
    latest = next((p for p in reversed(pages) if p.svg), None)
    return render(
        "site/index.html.j2",
        **common,
        pages=pages,
        facts=facts,
        last=pages[-1] if pages else None,
        last_names=seat_names(pages[-1].view) if pages else {},
        latest=latest,
        latest_map=map_ref(latest.seq) if latest else "",
        latest_tiles=tiles(latest.strips, common["map_size"]) if latest else [],
    )


def _phase_page(
    page: SitePage, neighbours: tuple[SitePage | None, SitePage | None], common: dict[str, Any]
) -> str:
    return render(
        "site/phase.html.j2",
        **common,
        page=page,
        previous=neighbours[0],
        following=neighbours[1],
        names=seat_names(page.view),
        map_file=map_ref(page.seq) if page.svg else "",
        map_tiles=tiles(page.strips, common["map_size"]),
    )


def tiles(boxes: list[PixelBox], size: tuple[str, str]) -> list[dict[str, str]]:
    """Each strip of a map as the page crops it from the whole picture (`size`: its width and
    height), in percent of the strip's own box: the picture's width and its offset."""
    if not boxes or not size[0]:
        return []
    width = float(size[0])
    return [
        {
            "width": str(right - left),
            "ratio": f"{right - left} / {bottom - top}",
            "scale": f"{100 * width / (right - left):.4f}%",
            "left": f"{-100 * left / (right - left):.4f}%",
            "top": f"{-100 * top / (bottom - top):.4f}%",
        }
        for left, top, right, bottom in boxes
    ]


def _history(pages: list[SitePage]) -> str:
    return json.dumps(
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
    )


def publish(files: dict[str, str], out: Path) -> list[Path]:
    """Write `files` into `out`, each whole: staged in a hidden folder beside them, then renamed
    into place; pages of an earlier build that this one no longer has are removed."""
    out.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".pbem-site-", dir=out))
    try:
        for name, text in files.items():
            (staging / name).write_text(text, encoding="utf-8")
        written = []
        for name in files:
            os.replace(staging / name, out / name)
            written.append(out / name)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    _remove_stale(out, set(files))
    return written


def _remove_stale(out: Path, kept: set[str]) -> None:
    for path in out.iterdir():
        if OWN_FILE.match(path.name) and path.name not in kept:
            path.unlink()

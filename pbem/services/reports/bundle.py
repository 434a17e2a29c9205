"""Build one player's report bundle: text, HTML, JSON and the map, from the game's view."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from pbem.core.board import Picture, picture_of
from pbem.ledger.models import Campaign, Phase
from pbem.mail.outbound import Attachment, InlineImage
from pbem.render import report as render_report
from pbem.render.layout import Layout, compute_layout
from pbem.render.standings import final_result
from pbem.render.svg import render_svg
from pbem.render.tiles import Strip, strips
from pbem.services.base.schedule import iso, local_text
from pbem.services.base.states import game_of

FORMATS = ("text", "html", "json")


@dataclass
class ReportBundle:
    """One reader's report, drawn in each format on first use (a mail needs no SVG or JSON)."""

    head: dict[str, Any]
    view: dict[str, Any]
    picture: Picture | None = None
    map_name: str = "map.png"
    layout: Layout | None = None  # the picture's, worked out once for the HTML and the map
    strips: list[Strip] = field(default_factory=list)  # how the map is cut for a phone
    attachments: list[Attachment] = field(default_factory=list)

    @property
    def source(self) -> dict[str, Any] | None:
        """The view's board, which `picture` was validated from (its cache keys are quicker
        to make from it)."""
        board = self.view.get("board")
        return board if self.picture is not None and isinstance(board, dict) else None

    @cached_property
    def context(self) -> dict[str, Any]:
        """What the text and HTML templates read, worked out once for both."""
        return render_report.report_context(self.head, self.view)

    @cached_property
    def text(self) -> str:
        """The plain-text report."""
        return render_report.render_text(self.head, self.view, self.context)

    @cached_property
    def html(self) -> str:
        """The HTML report (it shows the map inline, by content id)."""
        return render_report.render_html(self.head, self.view, context=self.context)

    @cached_property
    def json(self) -> str:
        """The report as JSON (docs/report-schema.json)."""
        return render_report.render_json(self.head, self.view)

    @cached_property
    def svg(self) -> str | None:
        """The map as SVG, or None for a game without a board."""
        return render_svg(self.picture) if self.picture is not None else None

    @cached_property
    def png(self) -> bytes | None:
        """The map as a PNG sized for mail, or None for a game without a board."""
        if self.picture is None:
            return None
        from pbem.render.png import render_mail_png  # Pillow loads only when a map is drawn

        return render_mail_png(self.picture, layout=self.layout, source=self.source)

    @cached_property
    def images(self) -> list[InlineImage]:
        """The map as the mail's inline pictures (one, or a wide map's strips), if there is a
        map."""
        if self.picture is None:
            return []
        # inline only, sent once; each part carries a file name so clients can still save it
        if len(self.strips) < 2:
            png = self.png
            return [] if png is None else [InlineImage(cid="map", data=png, filename=self.map_name)]
        from pbem.render.png import render_mail_strips  # Pillow loads only when a map is drawn

        boxes = [s.box for s in self.strips]
        drawn = render_mail_strips(self.picture, boxes, self.layout, self.source)
        stem = self.map_name.removesuffix(".png")
        return [InlineImage(cid=s.cid, data=data, filename=f"{stem}-{n}.png")
                for n, (s, data) in enumerate(zip(self.strips, drawn, strict=True), start=1)]


def header(
    campaign: Campaign, seat: str | None, phase: Phase, next_phase: Phase | None
) -> dict[str, Any]:
    """The facts every report format shares."""
    return {
        "campaign": campaign.name,
        "game": campaign.game,
        "seat": seat,
        "turn": phase.turn,
        "phase_label": phase.label,
        "phase_key": phase.key,
        "next_phase": next_phase.label if next_phase else None,
        "deadline": iso(next_phase.deadline, campaign.timezone) if next_phase else None,
        "deadline_text": local_text(next_phase.deadline, campaign.timezone) if next_phase else "",
        "finished": campaign.status == "finished",
    }


def seat_names(campaign: Campaign) -> dict[str, str]:
    """Seat id -> the player's name, as the campaign was set up."""
    seats = json.loads(campaign.settings_json or "{}").get("seats", [])
    return {str(s["id"]): str(s["name"]) for s in seats}


def build(
    campaign: Campaign,
    seat: str | None,
    phase: Phase,
    state: Any,
    events: list[Any],
    next_phase: Phase | None,
    extra: dict[str, Any] | None = None,
) -> ReportBundle:
    """Render the report that `seat` may see after `phase` (`extra`: more header facts)."""
    game = game_of(campaign)
    view = game.view(state, seat, events)
    head = header(campaign, seat, phase, next_phase)
    names = seat_names(campaign)
    head["result"] = final_result(game.outcome(state), names)
    head["finished"] = head["finished"] or head["result"] is not None
    head.update(extra or {})
    picture = picture_of(view["board"]) if view.get("board") else None
    layout = compute_layout(picture) if picture is not None else None
    cut: list[Strip] = []
    if picture is not None and layout is not None:
        scale = render_report.mail_scale(layout.width)
        head["map_width"] = round(layout.width * scale)  # a desktop shows the mail's map 1:1
        cut = strips(picture, layout, scale)
        head["map_tiles"] = [{"src": f"cid:{s.cid}", "width": s.width} for s in cut]
    map_name = f"{campaign.name}-turn{phase.turn}-map.png"
    return ReportBundle(head, view, picture, map_name, layout=layout, strips=cut)


def referee_notice(campaign: Campaign, phase: Phase, view: dict[str, Any]) -> str:
    """A short text telling the referee what input the phase waits for."""
    lines = [f"{campaign.name}: {phase.label} waits for the referee.", ""]
    lines += render_report.event_lines(campaign.game, view.get("events", []))
    lines += ["", f"Enter it with: pbem orders submit {campaign.name} --player referee FILE"]
    return "\n".join(lines) + "\n"

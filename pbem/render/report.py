"""Turn a game's per-player view into report text, HTML and versioned JSON."""

from __future__ import annotations

import re
from typing import Any

from pbem.render.json_text import pretty_json
from pbem.render.layout import LEGIBLE_PX, MIN_TEXT
from pbem.render.palette import owner_style
from pbem.render.standings import result_lines
from pbem.render.templating import has_template, plain, render
from pbem.wording import wording

REPORT_SCHEMA = "pbem.report/1"
MAIL_WIDTH = 600  # the HTML mail's text column; a wider map widens the page to show it 1:1
MAIL_MAP_WIDTH = 800  # a wider map is drawn smaller for mail: labels still legible, fewer bytes
# A report covering several phases opens each phase's events with this public event; it is
# worded as a heading line (templates/core/events.txt), so every game's report shows it.
PHASE_HEADING = "core.phase"


def mail_scale(width: float) -> float:
    """The scale a map `width` pixels wide is drawn at for mail (1 up to MAIL_MAP_WIDTH), never
    so small that its text (MIN_TEXT) falls under LEGIBLE_PX."""
    fits = min(1.0, MAIL_MAP_WIDTH / width) if width > 0 else 1.0
    return max(LEGIBLE_PX / MIN_TEXT, fits)


def is_heading(event: dict[str, Any]) -> bool:
    """Whether an event of a view is a phase heading, not something that happened."""
    return bool(event.get("code") == PHASE_HEADING)


def event_lines(game: str, events: list[dict[str, Any]]) -> list[str]:
    """One readable line per event, worded from templates by its code."""
    return [wording(e["code"], _flat(e.get("data", {}))) for e in events]


def _flat(data: dict[str, Any]) -> dict[str, Any]:
    return {k: _flat_value(v) for k, v in data.items()}


def _flat_value(value: Any) -> Any:
    """A list as 'a, b'; a mapping as 'key: value, key: value'; anything else as it is."""
    if isinstance(value, list):
        return ", ".join(map(str, value))
    if isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items())
    return value


def seat_names(view: dict[str, Any]) -> dict[str, str]:
    """Seat id -> kingdom (or player) name, made safe for one line of text."""
    seats = view.get("kingdoms") or view.get("sides") or []  # DBA names its seats' sides
    return {k["seat"]: plain(k.get("name") or k["seat"]) for k in seats}


def race_texts(view: dict[str, Any], sent: set[str] | None = None) -> dict[str, str]:
    """Seat -> its race as the reader may know it: chosen, not yet chosen, or sent but sealed
    (`sent`: the seats whose choice is on file, known to the referee)."""
    owing = set((view.get("due") or {}).get("players") or [])
    choosing = (view.get("phase") or {}).get("topic") == "race"
    texts = {}
    for k in view.get("kingdoms") or []:
        seat = k["seat"]
        if k.get("race"):
            texts[seat] = plain(k["race"])
        elif choosing and sent is not None and seat in sent:
            texts[seat] = "(sent, sealed)"
        elif choosing and seat in owing:
            texts[seat] = "(not chosen yet)"
        else:
            texts[seat] = "(sealed)"
    return texts


def owner_colours(view: dict[str, Any]) -> dict[str, str]:
    """Seat id -> the colour the map draws it in (for swatches in the HTML report)."""
    owners = (view.get("board") or {}).get("owners") or []
    return {o["key"]: owner_style(int(o["slot"])).colour for o in owners}


def worded_events(
    game: str, events: list[dict[str, Any]], names: dict[str, str]
) -> list[dict[str, Any]]:
    """Each event as a headline and detail lines, from the game's event.txt.j2 if it has one."""
    rich = f"{game}/event.txt.j2"
    if not has_template(rich):
        return [
            {"code": e["code"], "text": line, "details": [], "heading": is_heading(e)}
            for e, line in zip(events, event_lines(game, events), strict=True)
        ]
    worded = []
    for event in events:
        lines = [] if is_heading(event) else render(rich, e=event, names=names).splitlines()
        lines = [x for x in lines if x.strip()]
        lines = lines or [wording(event["code"], _flat(event.get("data", {})))]
        worded.append(
            {"code": event["code"], "text": lines[0], "details": lines[1:],
             "heading": is_heading(event)}
        )  # fmt: skip
    return worded


def report_context(
    header: dict[str, Any], view: dict[str, Any], map_src: str = "cid:map"
) -> dict[str, Any]:
    """Everything the report templates read (`map_src`: where the HTML finds the map image)."""
    names = seat_names(view)
    events = view.get("events", [])
    return {
        **header,
        "view": view,
        "names": names,
        "map_src": map_src,
        "colours": owner_colours(view),
        "event_lines": event_lines(header["game"], events),
        "events_worded": worded_events(header["game"], events, names),
        "races": race_texts(view, set((header.get("orders_in") or {}).get("orders") or {})),
        "orders_in": header.get("orders_in"),
        "result": header.get("result"),
        "map_width": header.get("map_width", MAIL_WIDTH),
        # the pictures the map is sent as: a wide map's strips (reports.build says), else one
        "map_tiles": header.get("map_tiles")
        or [{"src": map_src, "width": header.get("map_width", MAIL_WIDTH)}],
        "page_width": max(MAIL_WIDTH + 40, int(header.get("map_width", 0)) + 42),
        "result_lines": result_lines(header["result"]) if header.get("result") else [],
    }


def render_text(
    header: dict[str, Any], view: dict[str, Any], context: dict[str, Any] | None = None
) -> str:
    """The plain-text report (72 columns); `context`: report_context's, if already made."""
    context = context if context is not None else report_context(header, view)
    return render(_template(header["game"], "report.txt.j2"), **context)


def render_html(
    header: dict[str, Any],
    view: dict[str, Any],
    map_src: str = "cid:map",
    context: dict[str, Any] | None = None,
) -> str:
    """The email-safe HTML report (the map image from `map_src`: cid:map in mail);
    `context`: report_context's for the same `map_src`, if already made."""
    context = context if context is not None else report_context(header, view, map_src)
    return render(_template(header["game"], "report.html.j2"), **context)


def render_json(header: dict[str, Any], view: dict[str, Any]) -> str:
    """The JSON report for player tools (schema pbem.report/1, see docs/report-schema.md)."""
    shown = {k: v for k, v in header.items() if k not in ("map_width", "map_tiles")}
    return pretty_json({"schema": REPORT_SCHEMA, **shown, "view": view})


_BODY = re.compile(r"<body\b[^>]*>", re.IGNORECASE)


def with_preface(html: str, fragment: str) -> str:
    """A report's HTML with `fragment` (already escaped HTML) at the top of its body, so any
    game's report can carry a welcome or a correction note without a template of its own."""
    found = _BODY.search(html)
    if found is None:
        return fragment + html
    return html[: found.end()] + fragment + html[found.end() :]


def _template(game: str, name: str) -> str:
    specific = f"{game}/{name}"
    return specific if has_template(specific) else f"report/{name}"

"""Turn a game's per-player view into report text, HTML and versioned JSON."""

from __future__ import annotations

import json
from typing import Any

from pbem.render.templating import render, wording

REPORT_SCHEMA = "pbem.report/1"


def event_lines(game: str, events: list[dict[str, Any]]) -> list[str]:
    """One readable line per event, worded from templates by its code."""
    return [wording(e["code"], _flat(e.get("data", {}))) for e in events]


def _flat(data: dict[str, Any]) -> dict[str, Any]:
    return {k: (", ".join(map(str, v)) if isinstance(v, list) else v) for k, v in data.items()}


def report_context(header: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
    """Everything the report templates read."""
    return {**header, "view": view, "event_lines": event_lines(header["game"], view.get("events", []))}


def render_text(header: dict[str, Any], view: dict[str, Any]) -> str:
    """The plain-text report (72 columns)."""
    return render(_template(header["game"], "report.txt.j2"), **report_context(header, view))


def render_html(header: dict[str, Any], view: dict[str, Any]) -> str:
    """The email-safe HTML report."""
    return render(_template(header["game"], "report.html.j2"), **report_context(header, view))


def render_json(header: dict[str, Any], view: dict[str, Any]) -> str:
    """The JSON report for player tools (schema pbem.report/1, see docs/report-schema.md)."""
    return json.dumps({"schema": REPORT_SCHEMA, **header, "view": view}, indent=2, sort_keys=True,
                      ensure_ascii=False)


def _template(game: str, name: str) -> str:
    from pbem.paths import templates_dir

    specific = templates_dir() / game / name
    return f"{game}/{name}" if specific.is_file() else f"report/{name}"

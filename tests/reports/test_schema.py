"""Every JSON report matches the documented schema pbem.report/1 (docs/report-schema.json)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pbem.games.mighty_kingdoms import GAME
from pbem.render import report
from tests.reports.campaign import VIEWERS, header, step_named, steps
from tests.reports.schema_lite import errors

DOCS = Path(__file__).resolve().parents[2] / "docs"


def schema() -> dict[str, Any]:
    """The published JSON Schema."""
    loaded: dict[str, Any] = json.loads((DOCS / "report-schema.json").read_text())
    return loaded


def emitted(mode: str, key: str, viewer: str | None) -> dict[str, Any]:
    """One report as render_json emits it, parsed back."""
    step = step_named(mode, key)
    view = GAME.view(step.after, viewer, step.events)
    parsed: dict[str, Any] = json.loads(report.render_json(header(step.before, viewer, step.after),
                                                           view))
    return parsed


@pytest.mark.parametrize(("mode", "seats"), [("simple", 2), ("kow", 2), ("simple", 3)])
def test_every_report_of_a_campaign_matches_the_schema(mode: str, seats: int) -> None:
    count = 0
    for step in steps(mode, seats):
        for viewer in VIEWERS:
            view = GAME.view(step.after, viewer, step.events)
            data = json.loads(report.render_json(header(step.before, viewer, step.after), view))
            assert errors(data, schema()) == [], (step.key, viewer)
            assert data["schema"] == report.REPORT_SCHEMA == schema()["$id"]
            count += 1
    assert count >= 40


@pytest.mark.parametrize(("path", "value", "expected"), [
    (("turn",), "8", "expected integer"),
    (("view", "due", "referee"), 1, "expected boolean"),
    (("view", "board", "arrows", 0, "style"), "sideways", "not in"),
    (("schema",), "pbem.report/2", "expected 'pbem.report/1'"),
    (("view", "position", "settlements", "C2"), "castle", "not in"),
    (("view", "events", 0, "code"), "Move", "does not match"),
])
def test_the_checker_catches_a_wrong_value(
    path: tuple[Any, ...], value: Any, expected: str
) -> None:
    data = emitted("simple", "y1-m4", "p1")
    target = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    found = errors(data, schema())
    assert found and expected in found[0], found


def test_the_checker_catches_missing_and_unexpected_keys() -> None:
    data = emitted("simple", "y1-m4", "p1")
    del data["deadline"]
    data["view"]["armies"][0]["secret"] = True
    found = errors(data, schema())
    assert "$: missing deadline" in found
    assert any("unexpected key secret" in f for f in found)


def test_the_markdown_documents_every_top_level_and_view_key() -> None:
    text = (DOCS / "report-schema.md").read_text()
    data = emitted("kow", "y1-m4", "p2")
    for key in [*data, *data["view"]]:
        assert f"`{key}`" in text, key

"""Every event code the Mighty Kingdoms engine emits has wording, short and rich."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pbem.paths import templates_dir
from pbem.render import report
from tests.reports.campaign import steps

ENGINE = Path(report.__file__).resolve().parents[1] / "games" / "mighty_kingdoms"


def emitted_codes() -> set[str]:
    """Codes written as Event(code="mk....") anywhere in the engine."""
    found: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        found |= set(re.findall(r'Event\(\s*code="(mk\.[a-z_.]+)"', path.read_text()))
    return found


def worded_codes() -> set[str]:
    """Codes that templates/mighty-kingdoms/events.txt words."""
    lines = (templates_dir() / "mighty-kingdoms" / "events.txt").read_text().splitlines()
    return {line.split(":", 1)[0] for line in lines if line and not line.startswith("#")}


def test_every_emitted_code_has_short_wording() -> None:
    codes = emitted_codes()
    assert len(codes) >= 45
    assert codes - worded_codes() == set()


@pytest.mark.parametrize("mode", ["simple", "kow"])
def test_rich_wording_never_falls_back_to_the_raw_code(mode: str) -> None:
    for step in steps(mode, 3):
        events = [e.model_dump() for e in step.events]
        for worded in report.worded_events("mighty-kingdoms", events, {}):
            assert not worded["text"].startswith("mk."), worded
            assert "{" not in worded["text"] and "None" not in worded["text"], worded

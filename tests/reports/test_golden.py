"""Golden reports: setup, a summer month with a battle, and a winter, in text, HTML and JSON.

The states come from driving GAME with fixed inputs and seeded dice (tests/reports/campaign.py);
the header is fixed, so nothing depends on a clock. Regenerate after an intended change with
PBEM_UPDATE_GOLDEN=1 and review the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pbem.games.mighty_kingdoms import GAME
from pbem.render import report
from tests.reports.campaign import header, step_named

GOLDEN = Path(__file__).parent / "golden"
CASES = {"setup": "setup-capital", "summer-battle": "y1-m4", "winter": "y1-winter"}
FORMATS = {"txt": report.render_text, "html": report.render_html, "json": report.render_json}


@pytest.mark.parametrize("fmt", sorted(FORMATS))
@pytest.mark.parametrize("case", sorted(CASES))
def test_report_matches_its_golden_file(case: str, fmt: str) -> None:
    step = step_named("simple", CASES[case])
    view = GAME.view(step.after, "p1", step.events)
    rendered = FORMATS[fmt](header(step.before, "p1", step.after), view)
    path = GOLDEN / f"{case}.{fmt}"
    if os.environ.get("PBEM_UPDATE_GOLDEN") == "1":
        path.write_text(rendered, encoding="utf-8")
    assert path.is_file(), f"missing {path}; run with PBEM_UPDATE_GOLDEN=1"
    assert rendered == path.read_text(encoding="utf-8")


def test_the_golden_cases_show_what_they_are_named_for() -> None:
    codes = {case: {e["code"] for e in GAME.view(step_named("simple", key).after, "p1",
                                                  step_named("simple", key).events)["events"]}
             for case, key in CASES.items()}
    assert "mk.capital" in codes["setup"]
    assert {"mk.battle", "mk.battle_dice", "mk.battle_allocation"} <= codes["summer-battle"]
    assert {"mk.winter.gather", "mk.winter.tithe", "mk.winter.purchase"} <= codes["winter"]

"""Every event and problem code King David emits has wording in its templates."""

from __future__ import annotations

import re
from pathlib import Path

from pbem.games import king_david
from pbem.paths import templates_dir

ENGINE = Path(king_david.__file__).parent


def _codes(pattern: str) -> set[str]:
    found: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        found |= set(re.findall(pattern, path.read_text(encoding="utf-8")))
    return found


def _worded(name: str) -> set[str]:
    lines = (templates_dir() / "king-david" / name).read_text(encoding="utf-8").splitlines()
    return {line.split(":", 1)[0] for line in lines if line and not line.startswith("#")}


def test_every_event_code_is_worded() -> None:
    codes = _codes(r'code="(kd\.[a-z_.]+)"') | {"kd.food", "kd.resources"}
    assert len(codes) >= 50
    assert codes - _worded("events.txt") == set()


def test_every_problem_code_is_worded() -> None:
    codes = _codes(r'"(kd\.[EW]_[A-Z_]+)"')
    content = {"kd.E_TOML", "kd.E_SCENARIO", "kd.E_FIELD", "kd.E_RECORD", "kd.E_SETUP",
               "kd.E_DUPLICATE", "kd.E_CITY", "kd.E_LINK", "kd.E_CHART", "kd.E_COUNTERS",
               "kd.E_CUP", "kd.E_SETUP_ROOM"}  # scenario file errors carry their own message
    assert codes - content - _worded("problems.txt") == set()


def test_every_question_has_wording() -> None:
    assert {"kd.retreat.question", "kd.siege.question"} <= _worded("events.txt")

"""Every problem and event code the game can raise has its words in the templates."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
CODE = re.compile(r'"(dba\.[A-Za-z_]+)"')


def codes_in_package() -> set[str]:
    """Every dba.* code written in the game's source."""
    found: set[str] = set()
    for path in (ROOT / "pbem" / "games" / "dba_cards").rglob("*.py"):
        found.update(CODE.findall(path.read_text(encoding="utf-8")))
    return found


def worded(name: str) -> set[str]:
    """The codes a wording file defines."""
    text = (ROOT / "templates" / "dba-cards" / name).read_text(encoding="utf-8")
    return {
        line.split(":", 1)[0] for line in text.splitlines() if line and not line.startswith("#")
    }


def test_every_problem_code_has_words() -> None:
    problems = {c for c in codes_in_package() if ".E_" in c or ".W_" in c}
    assert problems and problems <= worded("problems.txt")
    assert "dba.W_DEPLOY_HELD" in problems  # warnings too


def test_every_event_code_has_words() -> None:
    events = {c for c in codes_in_package() if ".E_" not in c and ".W_" not in c}
    assert events and events <= worded("events.txt")


def test_every_phase_topic_has_help() -> None:
    topics = {"terrain", "deploy", "swap", "turn", "react", "over"}
    assert all((ROOT / "templates" / "dba-cards" / "help" / f"{t}.txt").is_file() for t in topics)

"""Every code the Diplomacy rules emit has words in templates/diplomacy, and the reports of a
played game never show a raw code."""

from __future__ import annotations

import re
from pathlib import Path

from pbem.core.rng import SeededRng, derive_seed
from pbem.games.diplomacy import GAME
from pbem.paths import templates_dir
from pbem.render import report
from pbem.wording import wording
from tests.games.diplomacy_game.play import standard_game

RULES = Path(report.__file__).resolve().parents[1] / "games" / "diplomacy"
ENDINGS = {"dip.end_solo", "dip.end_draw", "dip.end_concession", "dip.end_last_year"}


def _codes_in_rules(pattern: str) -> set[str]:
    found: set[str] = set()
    for path in RULES.rglob("*.py"):
        found |= set(re.findall(pattern, path.read_text(encoding="utf-8")))
    return found


def _worded(name: str) -> set[str]:
    lines = (templates_dir() / "diplomacy" / name).read_text(encoding="utf-8").splitlines()
    return {line.split(":", 1)[0] for line in lines if line and not line.startswith("#")}


def test_every_event_and_problem_code_has_words() -> None:
    events = _codes_in_rules(r'code="(dip\.[a-z_]+)"') | ENDINGS
    events |= {f"dip.{c}" for c in ("vote_draw", "vote_no_draw")}
    assert len(events) >= 15
    assert events - _worded("events.txt") == set()
    problems = _codes_in_rules(r'"(dip\.[EW]_[A-Z_]+)"') - {
        code for code in _codes_in_rules(r'"(dip\.E_[A-Z_]+)"')
        if code in ("dip.E_TOML", "dip.E_BOARD", "dip.E_FIELD", "dip.E_RECORD", "dip.E_POWER",
                    "dip.E_PROVINCE", "dip.E_COAST", "dip.E_ARMY", "dip.E_FLEET",
                    "dip.E_BORDER", "dip.E_SYMMETRY", "dip.E_UNIT", "dip.E_NAME",
                    "dip.E_DUPLICATE")}  # board-file errors carry their own words
    assert len(problems) >= 30
    assert problems - _worded("problems.txt") == set()


def test_every_result_of_a_played_game_is_worded() -> None:
    state, seen = standard_game(), set()
    for step in range(40):
        due = GAME.due(state)
        inputs = {s: GAME.random_input(state, s, SeededRng(derive_seed(4, f"{step}-{s}")))
                  for s in due.players}
        advanced = GAME.advance(state, inputs, SeededRng(step))
        for rows in GAME.view(advanced.state, None, advanced.events)["results"].values():
            for row in rows:
                seen.add(f"dip.result_{row['result']}")
                if row["why"]:
                    seen.add(f"dip.why_{row['why']}")
        state = advanced.state
    assert len(seen) >= 10
    assert [code for code in seen if wording(code) == code] == []

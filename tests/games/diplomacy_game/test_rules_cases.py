"""pbem's own rules cases, data files in the DATC text format (cases/*.txt): each case's one
phase adjudicated must give the case's POSTSTATE."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem.games.diplomacy import GAME
from tests.games.diplomacy_game.play import standard_scenario

CASES = sorted((Path(__file__).parent / "cases").glob("*.txt"))


def test_there_are_cases_for_every_kind_of_phase() -> None:
    names = [p.stem for p in CASES]
    assert names == ["adjustments", "coasts", "convoys", "movement", "retreats"]


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_every_case_gives_its_poststate(path: Path) -> None:
    results = GAME.settle_cases(standard_scenario(), path.read_text(encoding="utf-8"))
    assert len(results) >= 5
    for result in results:
        assert "error" not in result, result
        assert result["matches"] is True, (result["case"], result["differences"])

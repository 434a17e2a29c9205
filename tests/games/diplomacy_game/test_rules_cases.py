"""pbem's own rules cases, data files in the DATC text format (cases/*.txt): each case's one
phase adjudicated must give the case's POSTSTATE."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem.games.diplomacy import GAME
from pbem.games.diplomacy.content import Board
from pbem.games.diplomacy.datc.cases import settle_cases
from tests.games.diplomacy_game.play import standard_game, standard_scenario

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


# The cases of the DATC's 2023 preferences: under the setting that keeps the older options each
# comes out the older way, and every other case the same.
PREFERRED_2023 = {"K7", "C9", "C10", "W7", "W8", "W9"}


def test_the_older_options_change_exactly_the_2023_cases() -> None:
    board = Board.model_validate(standard_scenario())
    differing = set()
    for path in CASES:
        for result in settle_cases(board, path.read_text(encoding="utf-8"), rules="2000"):
            assert "error" not in result, result
            if not result["matches"]:
                differing.add(result["case"].split(":")[0])
    assert differing == PREFERRED_2023


def test_the_rules_setting_reaches_the_game_and_old_games_keep_the_older_options() -> None:
    assert standard_game().rules == "2023"
    assert standard_game(rules="2000").rules == "2000"
    saved = standard_game().model_dump(mode="json")
    del saved["rules"]  # a game saved before the setting existed
    assert GAME.state_from_json(saved).rules == "2000"
    assert {s.key: s.default for s in GAME.meta.settings}["rules"] == "2023"

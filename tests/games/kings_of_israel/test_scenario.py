"""The scenario file: the shipped board loads, and every error names its file and line."""

from __future__ import annotations

import pytest

from pbem.core.game import ContentError
from pbem.games.kings_of_israel import GAME
from pbem.games.kings_of_israel.content import Board
from tests.games.kings_of_israel.harness import scenario, scenario_text


def test_the_shipped_board_has_the_books_counts() -> None:
    board = Board.model_validate(scenario())
    assert sum(c.count for c in board.blessings) == 30
    assert sum(c.count for c in board.sins) == 30
    assert sum(board.resources.values()) == 34
    assert len(board.abilities) == 8
    assert len(board.locations()) + sum(board.location_cards.values()) == 40
    assert board.road_neighbours("judah") == ["bethel", "jericho"]
    assert set(board.sea_neighbours("acco")) == {"dor"}


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), start=1) if needle in line)


@pytest.mark.parametrize(
    ("old", "new", "code"),
    [
        (
            "hazor          | Hazor          | 560 230 | location",
            "hazor | Hazor | 560 | location",
            "ki.E_XY",
        ),
        ("kedesh | cabul", "kedesh | kabul", "ki.E_PLACE"),
        (
            "manna              | Manna from Heaven    | 3 | draw count=2",
            "manna | Manna | 3 | rain count=2",
            "ki.E_EFFECT",
        ),
        (
            "plague             | Plague               | 2 | sin where=idols",
            "plague | Plague | 2 | sin where=babylon",
            "ki.E_EFFECT",
        ),
        ("Zimri       | evil | 4", "Zimri | wicked | 4", "ki.E_KING"),
        (
            "jonah   | Jonah   | joppa        | hand_big",
            "jonah | Jonah | joppa | swim",
            "ki.E_POWER",
        ),
        ("acco | dor", "acco | acco", "ki.E_LINK"),
        ("again     | 3", "again     | 3 | 4", "ki.E_FIELDS"),
    ],
)
def test_errors_name_the_file_and_line(old: str, new: str, code: str) -> None:
    text = scenario_text()
    assert old in text
    broken = text.replace(old, new, 1)
    with pytest.raises(ContentError) as caught:
        GAME.load_scenario(broken, "israel.toml")
    assert caught.value.code == code
    assert caught.value.line == _line_of(broken, new)
    assert str(caught.value).startswith(f"israel.toml:{caught.value.line}: {code}")


def test_a_missing_table_is_named() -> None:
    text = scenario_text().replace("seas = ", "oceans = ")
    with pytest.raises(ContentError, match="no seas table"):
        GAME.load_scenario(text, "israel.toml")


def test_a_location_cut_off_from_the_rest_is_named_on_its_line() -> None:
    text = scenario_text()
    for road in ("jericho | mount-nebo", "gilgal | mount-nebo"):
        text = text.replace(road + "\n", "", 1)
    with pytest.raises(ContentError) as caught:
        GAME.load_scenario(text, "israel.toml")
    assert caught.value.code == "ki.E_UNREACHABLE"
    assert caught.value.line == _line_of(text, "mount-nebo     | Mount Nebo")

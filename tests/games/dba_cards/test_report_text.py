"""The text report: a legend for the board's unit codes, and an order template of legal orders."""

from __future__ import annotations

from pbem.games.dba_cards import GAME
from pbem.render.report import render_text
from tests.games.dba_cards.harness import position
from tests.games.dba_cards.test_full_games import HEADER

ARMY = """
p1 general e1
p1 camp d1
p1 blades d4 elite
p1 light-horse b2
p1 scythed-chariots g2
p2 warband d5
p2 war-wagons f7
p2 general e8
"""


def report(units: str, hands: dict[str, str], viewer: str = "p1") -> str:
    """The text report of `viewer` in a position at p1's turn."""
    state = position(units, hands)
    return render_text({**HEADER, "seat": viewer}, GAME.view(state, viewer, []))


def test_every_unit_code_on_the_board_is_in_the_legend() -> None:
    text = report(ARMY, {})
    legend = next(line for line in text.splitlines() if line.startswith("Units: "))
    for entry in ("Gn General", "Cp Camp", "Bd Blades", "LH Light Horse", "SCh Scythed Chariots"):
        assert entry in legend
    assert "Wb Warband" in legend and "WW War Wagons" in legend
    board = text[text.index("THE BOARD") : text.index("Units: ")]
    codes = {word.strip("*").lower() for line in board.splitlines()[1:-1] for word in line.split()}
    codes -= {str(n) for n in range(1, 9)} | {".", "~~~~", "^^^^", "####"}
    named = {entry.split()[0].lower() for entry in legend.removeprefix("Units: ").split(", ")}
    assert codes and codes <= named


def test_a_nominated_general_is_explained_in_the_legend() -> None:
    state = position("p1 knights e1\np2 blades d5", {}, german=True)
    state.units[0].general = True
    text = render_text({**HEADER, "seat": "p1"}, GAME.view(state, "p1", []))
    assert "GKN" in text and "G before a code: the General" in text

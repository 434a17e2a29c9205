"""The text report: a legend for the board's unit codes, and an order template of legal orders."""

from __future__ import annotations

from pbem.core.rng import SeededRng, derive_seed
from pbem.games.dba_cards import GAME
from pbem.games.dba_cards.template import every_order, legal_now
from pbem.render.report import render_text
from tests.games.dba_cards.harness import position
from tests.games.dba_cards.test_full_games import HEADER, opening

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


def test_the_turn_template_lists_the_legal_orders() -> None:
    state = position(
        "p1 blades d4\np1 psiloi b2\np1 knights g1\np2 bows d5\np2 blades e6",
        {"p1": "march attack special scout"},
    )
    template = GAME.view(state, "p1", [])["template"]
    lines = template.splitlines()
    assert lines[0] == "end" and lines[1].startswith("# Legal now")
    listed = [line.removeprefix("#   ") for line in lines[2:]]
    assert "scout" in listed and "dismount g1" in listed
    assert "attack d4 d5   # or with attack" in listed  # the automatic kill first
    assert any(line.startswith("move b2-") and "with special" in line for line in listed)
    assert any(line.startswith("move d4-") and "with march" in line for line in listed)
    assert not any(line.startswith("attack d4 e6") for line in listed)  # out of range


def test_every_listed_order_is_legal_on_its_own() -> None:
    state, checked = opening(4), 0
    for step in range(200):
        if GAME.outcome(state) is not None:
            break
        for seat in GAME.due(state).players:
            for line in every_order(legal_now(state, seat)):
                parsed = GAME.parse(state, seat, line)
                assert parsed.errors == [], (step, seat, line, parsed.errors)
                checked += 1
        inputs = {
            s: GAME.random_input(state, s, SeededRng(derive_seed(4, f"t{step}")))
            for s in GAME.due(state).players
        }
        state = GAME.advance(state, inputs, SeededRng(step)).state
    assert checked > 500


def test_the_answer_template_lists_the_answers() -> None:
    state = position("p1 blades d4\np2 warband d5\np2 general d6", {"p1": "attack", "p2": "push"})
    orders = GAME.parse(state, "p1", "attack d4 d5 with attack").orders
    asked = GAME.advance(state, {"p1": orders}, SeededRng(1)).state
    template = GAME.view(asked, "p2", [])["template"]
    assert template.splitlines() == [
        "react pass",
        "# Legal now (keep one line):",
        "#   react pass",
        "#   react push",
    ]
    assert GAME.view(asked, "p1", [])["template"] == ""

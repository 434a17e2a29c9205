"""Rules cases as data: the automatic kill and immunity tables, and every card's conditions."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from pbem.games.dba_cards.content import CARDS, UNITS, card_key
from pbem.games.dba_cards.language.text import read_standing
from pbem.games.dba_cards.squares import neighbours
from pbem.wording import wording
from tests.games.dba_cards.harness import as_text, board, play_turn, position, problem_codes

CASES = Path(__file__).parent / "cases"
TYPES = [t for t in UNITS if t != "horde"]


def table(name: str) -> dict[str, list[str]]:
    """A rulebook table transcribed as 'ROW: entries' lines."""
    rows: dict[str, list[str]] = {}
    for line in (CASES / name).read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            head, _, rest = line.partition(":")
            rows[head.strip()] = rest.split()
    return rows


AUTO = table("autokill.txt")
IMMUNE = table("immunity.txt")


def is_immune(target: str, attacker: str) -> bool:
    """The immunity table as transcribed."""
    entries = IMMUNE.get(target, [])
    if entries == ["killers-only"]:
        return target not in AUTO.get(attacker, [])
    return attacker in entries


@pytest.mark.parametrize("attacker", TYPES)
def test_automatic_kills_follow_the_table(attacker: str) -> None:
    for target in TYPES:
        state = position(f"p1 {attacker} d4\np2 {target} d5", {})
        played = play_turn(state, "attack d4 d5")
        listed = target in AUTO[attacker]
        if listed:
            assert problem_codes(played.parsed) == [], (attacker, target)
            assert "dba.destroyed" in played.codes(), (attacker, target)
        else:
            assert problem_codes(played.parsed) == ["dba.E_NO_AUTO_KILL"], (attacker, target)


@pytest.mark.parametrize("target", TYPES)
def test_immunity_turns_a_kill_into_a_recoil(target: str) -> None:
    for attacker in TYPES:
        state = position(f"p1 {attacker} d4\np2 {target} d5", {"p1": "attack"})
        played = play_turn(state, "attack d4 d5 with attack")
        assert problem_codes(played.parsed) == [], (attacker, target)
        if is_immune(target, attacker):
            assert "dba.immune" in played.codes(), (attacker, target)
            assert f"p2 {target} d6" in board(played.state), (attacker, target)
        else:
            assert "dba.destroyed" in played.codes(), (attacker, target)


def cases(name: str = "cards.toml") -> list[dict[str, Any]]:
    """Every case of a cases file."""
    data = tomllib.loads((CASES / name).read_text(encoding="utf-8"))
    return list(data["case"])


@pytest.mark.parametrize("case", cases(), ids=lambda c: str(c["name"]))
def test_card_case(case: dict[str, Any]) -> None:
    check_case(case)


@pytest.mark.parametrize("case", cases("german.toml"), ids=lambda c: str(c["name"]))
def test_german_house_rules_case(case: dict[str, Any]) -> None:
    check_case(case, german=True)


def check_case(case: dict[str, Any], german: bool = False) -> None:
    """Set up the case's position, play p1's orders and compare with what the case expects."""
    hands = {"p1": as_text(case.get("p1")), "p2": as_text(case.get("p2"))}
    ground, rivers = as_text(case.get("terrain")), as_text(case.get("rivers"))
    state = position(case["units"], hands, ground, german, rivers)
    for line in as_text(case.get("standing")).splitlines():
        state.sides["p2"].standing.append(read_standing(line.split()))
    played = play_turn(state, case["orders"], case.get("answer"))
    if "problem" in case:
        assert case["problem"] in problem_codes(played.parsed)
        return
    assert problem_codes(played.parsed) == []
    if "choices" in case:
        assert played.choices == case["choices"].split()
    else:
        assert played.choices == []
    for code in as_text(case.get("events")).split():
        assert code in played.codes()
    if "board" in case:
        expected = {" ".join(line.split()[:3]) for line in case["board"].splitlines() if line}
        assert board(played.state) == expected
    if "winner" in case:
        assert played.state.winner == case["winner"] and played.state.stage == "over"


def test_every_card_kind_is_played_in_some_case() -> None:
    played: set[str] = set()
    for case in cases():
        hands = {"p1": as_text(case.get("p1")), "p2": as_text(case.get("p2"))}
        state = position(case["units"], hands, as_text(case.get("terrain")))
        result = play_turn(state, case["orders"], case.get("answer"))
        played.update(card_key(c) for c in result.state.discard)  # the hands hold at most 5
    assert played == set(CARDS)


def test_a_bent_move_is_refused_with_the_straight_moves_to_write_instead() -> None:
    state = position("p1 blades d4", {"p1": "march"})
    played = play_turn(state, "move d4-e6 with march")
    (error,) = played.parsed.errors
    words = wording(error.code, error.params)
    assert 'Write instead, for example, "move d4-d6 with march"' in words, words
    assert "nearest e6: d6 f6 d5 e5" in words, words


def test_a_bent_move_with_no_straight_square_open_says_so() -> None:
    units = "p1 blades d4\n" + "\n".join(f"p2 blades {s}" for s in neighbours("d4", 8))
    played = play_turn(position(units, {"p1": "march"}), "move d4-e6 with march")
    assert problem_codes(played.parsed) == ["dba.E_NOT_STRAIGHT_NONE"]

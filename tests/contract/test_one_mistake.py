"""One answer to one mistake, in all six games (issue 34 item 3).

Each game is played with seeded random orders to its first ordinary order phase where a seat
owes a mail of several lines. Then the same kinds of mistake are made in that mail: a misspelt
order word, a misspelt unit, place or card name in a line of its own, and the first order line's
own order word misspelt. Every game must answer the same way: the mail stands as `partial`,
the good lines are kept as they were, and the problem on the bad line offers a did-you-mean.
A DBA deployment, where the army must be whole, answers the same: its good lines are held as
partial until a mail places the whole army (or the scenario's army deploys at the deadline).
"""

from __future__ import annotations

from typing import Any

import pytest

from pbem.core.game import REFEREE, Game
from pbem.core.problems import strip_comment
from pbem.core.rng import SeededRng, derive_seed
from pbem.registry import games, registered_names
from pbem.services.turns.reading import read_input
from pbem.wording import wording
from tests.contract.test_games import opening

SETUP_PHASES = {"deploy", "setup", "setup-race"}  # a whole army or a choice: not order lines
MAX_STEPS = 30

# One bad line per game and kind: (line, the word a did-you-mean must offer).
BAD_LINES: dict[str, dict[str, tuple[str, str]]] = {
    "david-goliath": {
        "order word": ("standnig defend with dodge against thrust", "standing"),
        "card name": ("standing defend with dodgee against thrust", "dodge"),
        "attack type": ("standing defend with dodge against thurst", "thrust"),
    },
    "dba-cards": {
        "order word": ("discrad special", "discard"),
        "card name": ("discard speical", "special"),
    },
    "diplomacy": {
        "order word": ("A LVP HOLDD", "h"),
        "place name": ("A LIVERPOOL - YORKK", "yor"),
    },
    "king-david": {
        "order word": ("moev bethlehem gath", "move"),
        "place name": ("move bethlehem gathh", "gath"),
        "card name": ("play surprse", "surprise"),
        "unit name": ("build restore infantyr=2", "infantry=2"),
    },
    "kings-of-israel": {
        "order word": ("prech", "preach"),
        "place name": ("move bethell", "bethel"),
        "card name": ("play mana p2", "manna"),
        "resource card": ("give p2 gld", "gold"),
    },
    "mighty-kingdoms": {
        "order word": ("villag D8", "village"),
        "place name": ("village D88", "d8"),
    },
}
CASES = [(name, kind) for name, kinds in sorted(BAD_LINES.items()) for kind in kinds]


def order_lines(text: str) -> list[str]:
    """The lines of `text` that hold orders."""
    return [line for line in text.splitlines() if strip_comment(line)]


def ordinary_mail(game: Game, seed: int = 1) -> tuple[Any, str, str]:
    """The first state past setup where a seat's random orders fill three lines or more: the
    state, the seat and its mail."""
    state = opening(game, seed)
    for step in range(MAX_STEPS):
        due = game.due(state)
        inputs = {
            seat: game.random_input(state, seat, SeededRng(derive_seed(seed, f"b{step}{seat}")))
            for seat in due.players
        }
        for seat in due.players:
            text = game.canonical(state, seat, inputs[seat])
            if len(order_lines(text)) >= 3 and game.phase(state).key not in SETUP_PHASES:
                return state, seat, text
        if due.referee:
            inputs[REFEREE] = game.default_input(state, REFEREE)
        state = game.advance(state, inputs, SeededRng(derive_seed(seed, str(step)))).state
    raise AssertionError(f"{game.meta.name}: no mail of several lines in {MAX_STEPS} phases")


def _standing_lines(game: Game, state: Any, seat: str, text: str) -> str:
    """The canonical text of a mail that has no errors."""
    parsed = game.parse(state, seat, text)
    assert not parsed.errors, parsed.problems
    return game.canonical(state, seat, parsed.orders)


def _misspelt(word: str) -> str:
    return word[:2] + word[3:]  # a letter dropped: 'discard' -> 'dicard'


def test_every_game_has_bad_lines_to_send() -> None:
    # the installed games: a toy game another test put in the registry is not one of them
    assert sorted(BAD_LINES) == registered_names()


@pytest.mark.parametrize(("name", "kind"), CASES)
def test_one_bad_line_among_good_ones_leaves_the_good_ones_standing(name: str, kind: str) -> None:
    game = games()[name]
    state, seat, text = ordinary_mail(game)
    bad, suggestion = BAD_LINES[name][kind]
    reading = read_input(game, state, seat, f"{text}\n{bad}\n")
    assert reading.standing == "partial", reading.problems
    assert game.canonical(state, seat, reading.orders) == _standing_lines(game, state, seat, text)
    bad_number = len(text.splitlines()) + 1
    on_line = [p for p in reading.problems if p.line == bad_number and p.severity == "error"]
    assert on_line, reading.problems
    assert any(suggestion in (p.suggestion or "").lower().split() for p in on_line), on_line


@pytest.mark.parametrize("name", sorted(n for n in BAD_LINES if n != "diplomacy"))
def test_a_misspelt_first_order_word_keeps_the_other_lines(name: str) -> None:
    game = games()[name]
    state, seat, text = ordinary_mail(game)
    first = order_lines(text)[0]
    verb = first.split()[0]
    wrong = text.replace(first, first.replace(verb, _misspelt(verb), 1), 1)
    reading = read_input(game, state, seat, wrong)
    assert reading.standing == "partial", reading.problems
    errors = [p for p in reading.problems if p.severity == "error"]
    assert [p.suggestion for p in errors] == [verb.lower()], errors


def _deployment_with_a_misspelt_unit() -> tuple[Game, Any, str, str, str]:
    """DBA at deployment: the state, the seat, its whole deployment, the same with one unit's
    type misspelt, and that line."""
    game = games()["dba-cards"]
    state = opening(game, 1)
    assert game.phase(state).key == "deploy"
    seat = game.due(state).players[0]
    text = game.canonical(state, seat, game.default_input(state, seat))
    line = next(x for x in order_lines(text) if not x.startswith("army"))
    kind = line.split()[0]
    return game, state, seat, text, text.replace(line, line.replace(kind, _misspelt(kind), 1))


def test_a_deployment_with_one_misspelt_unit_keeps_its_good_lines() -> None:
    game, state, seat, text, wrong = _deployment_with_a_misspelt_unit()
    pairs = zip(text.splitlines(), wrong.splitlines(), strict=True)
    bad = next(n for n, (a, b) in enumerate(pairs, 1) if a != b)
    reading = read_input(game, state, seat, wrong)
    assert reading.standing == "partial", reading.problems
    kept = game.canonical(state, seat, reading.orders).splitlines()
    assert kept == [x for n, x in enumerate(text.splitlines(), 1) if n != bad]
    errors = [p for p in reading.problems if p.severity == "error"]
    kind = text.splitlines()[bad - 1].split()[0]
    assert [(p.line, p.suggestion) for p in errors] == [(bad, kind)]
    [held] = [p for p in reading.problems if p.severity == "warning"]
    assert held.code == "dba.W_DEPLOY_HELD"
    assert "12 of the army's 13" in wording(held.code, held.params)
    assert read_input(game, state, seat, text).standing == "clean"  # the whole army again


def test_a_deployment_held_short_deploys_the_scenario_army_at_the_deadline() -> None:
    game, state, seat, _, wrong = _deployment_with_a_misspelt_unit()
    short = read_input(game, state, seat, wrong).orders
    inputs = {s: game.default_input(state, s) for s in game.due(state).players}
    whole = game.advance(state, inputs, SeededRng(3)).state
    held = game.advance(state, {**inputs, seat: short}, SeededRng(3)).state
    assert len([u for u in held.units if u.owner == seat]) == 13
    assert held.units == whole.units


def test_a_deployment_whose_good_lines_break_a_rule_is_refused() -> None:
    game, state, seat, text, wrong = _deployment_with_a_misspelt_unit()
    squares = [x.split()[1] for x in order_lines(text) if not x.startswith("army")]
    stacked = wrong.replace(f" {squares[-1]}", f" {squares[-2]}")  # two units on one square
    reading = read_input(game, state, seat, stacked)
    assert reading.standing == "refused"
    assert "dba.E_STACKED" in [p.code for p in reading.problems]

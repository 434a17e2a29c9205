"""The order language's front door: read a mail for the stage now (a deployment, terrain, a
swap, a turn or an answer) into typed input with line-numbered problems, and write each input
back as its one text form; turns and answers are read here."""

from __future__ import annotations

from functools import partial
from typing import Any

from pbem.core.copying import deep_copy
from pbem.core.game import ParseResult
from pbem.core.problems import Problem
from pbem.core.reactions import read_answer
from pbem.games.dba_cards.content import CARDS, HAND_LIMIT
from pbem.games.dba_cards.inputs import (
    AnswerInput,
    Attack,
    DeployInput,
    Discard,
    Input,
    Order,
    PlacementInput,
    Standing,
    SwapInput,
    TerrainInput,
    Trample,
    TurnInput,
)
from pbem.games.dba_cards.language.deploy import parse_deploy
from pbem.games.dba_cards.language.lines import lines_of, problem, read_standing_line
from pbem.games.dba_cards.language.setup import (
    canonical_swap,
    canonical_terrain,
    parse_swap,
    parse_terrain,
)
from pbem.games.dba_cards.language.text import read_order
from pbem.games.dba_cards.order_text import order_line, standing_lines
from pbem.games.dba_cards.play.battle import start_attack
from pbem.games.dba_cards.play.deck import hand_counts
from pbem.games.dba_cards.progress import due
from pbem.games.dba_cards.refusal import Refused
from pbem.games.dba_cards.state import DBAState
from pbem.games.dba_cards.turn import BATTLE, atomic, cut_to_limit, run_order

END_WORDS = {"end", "pass", "done"}


def parse(state: DBAState, seat: str, text: str) -> ParseResult:
    """Read a player's mail for the current stage."""
    if seat not in due(state).players:
        return ParseResult(problems=[Problem(line=1, code="dba.E_NOT_DUE", kind="illegal")])
    if state.stage == "deploy":
        return parse_deploy(state, seat, text)
    if state.stage == "terrain":
        return parse_terrain(state, seat, text)
    if state.stage == "swap":
        return parse_swap(state, seat, text)
    if state.stage == "react":
        return parse_answer(state, seat, text)
    return parse_turn(state, seat, text)


def canonical(state: DBAState, seat: str, orders: Input) -> str:
    """The one canonical text of any input."""
    if isinstance(orders, DeployInput):
        return canonical_deploy(orders)
    if isinstance(orders, AnswerInput):
        return canonical_answer(orders)
    if isinstance(orders, TerrainInput):
        return canonical_terrain(orders)
    if isinstance(orders, SwapInput):
        return canonical_swap(orders)
    return canonical_turn(orders)


def parse_turn(state: DBAState, seat: str, text: str) -> ParseResult:
    """Read a turn: orders (any order of lines; run by phase), standing reactions, or 'end'."""
    orders: list[tuple[int, Order]] = []
    standing = Standing()
    problems: list[Problem] = []
    for number, words in lines_of(text):
        try:
            if read_standing_line(state, words, standing) or (
                words[0] in END_WORDS and len(words) == 1
            ):
                continue
            orders.append((number, read_order(words, state.size)))
        except Refused as refused:
            problems.append(problem(number, refused))
    problems += check_turn(state, seat, orders)
    result = TurnInput(orders=[o for _, o in orders], standing=standing)
    return ParseResult(orders=None if problems else result, problems=problems)


def check_turn(state: DBAState, seat: str, orders: list[tuple[int, Order]]) -> list[Problem]:
    """Try the orders on a copy of the board, phase by phase, as the turn will run them."""
    discards = [(n, o) for n, o in orders if isinstance(o, Discard)]
    problems = _check_discards(state, seat, discards)
    phased = [p for p in orders if not isinstance(p[1], (*BATTLE, Discard))]
    phased += [p for p in orders if isinstance(p[1], BATTLE)]
    if not phased:
        return problems  # only discards: nothing to try on the board
    work = deep_copy(state)
    cut_to_limit(work, seat, [o for _, o in orders])
    for index, (number, order) in enumerate(phased):
        run = partial(_check, seat=seat, order=order)
        try:
            if index < len(phased) - 1:
                atomic(work, run)
            else:
                run(work)  # the last order: nothing reads the board after it, no undo needed
        except Refused as refused:
            problems.append(problem(number, refused))
    return problems


def _check_discards(
    state: DBAState, seat: str, discards: list[tuple[int, Discard]]
) -> list[Problem]:
    """Named discards: cards the seat holds, and only down to the hand limit."""
    hand = hand_counts(state.sides[seat].hand)
    limit = max(len(state.sides[seat].hand) - HAND_LIMIT, 0)
    problems = []
    for named, (line, order) in enumerate(discards, start=1):
        hand[order.card] = hand.get(order.card, 0) - 1
        if hand[order.card] < 0:
            problems.append(problem(line, Refused("dba.E_NO_CARD", card=CARDS[order.card].title)))
        elif named > limit:
            problems.append(problem(line, Refused("dba.E_DISCARD_LIMIT", count=str(limit))))
    return problems


def _check(state: DBAState, seat: str, order: Order) -> list[Any]:
    """Run a move-phase order, or check a battle order without resolving it (the outcome of an
    attack hangs on the defender's hand, which must not shape the reply to these orders)."""
    if isinstance(order, Attack | Trample):
        start_attack(state, seat, order)
        return []
    return run_order(state, seat, order)


def canonical_turn(orders: TurnInput) -> str:
    """The one text form of a turn."""
    lines = [order_line(o) for o in orders.orders] + standing_lines(orders.standing)
    return "\n".join(lines or ["end"])


def parse_answer(state: DBAState, seat: str, text: str) -> ParseResult:
    """Read the answer to the open window, plus any standing-reaction lines."""
    window = state.window
    assert window is not None
    standing = Standing()
    problems: list[Problem] = []
    chosen: str | None = None
    for number, words in lines_of(text):
        try:
            if read_standing_line(state, words, standing):
                continue
        except Refused as refused:
            problems.append(problem(number, refused))
            continue
        found = read_answer(window, " ".join(words))
        if found is not None and chosen is None:
            chosen = found.answer
        elif found is None:
            problems.append(
                Problem(
                    line=number,
                    code="dba.E_ANSWER",
                    kind="illegal",
                    params={"choices": _keys(window.choices)},
                )
            )
    if chosen is None and not problems:
        problems.append(
            Problem(
                line=1,
                code="dba.E_ANSWER",
                kind="illegal",
                params={"choices": _keys(window.choices)},
            )
        )
    if problems:
        return ParseResult(orders=None, problems=problems)
    return ParseResult(
        orders=AnswerInput(window=window.id, choice=chosen or "pass", standing=standing)
    )


def _keys(choices: list[Any]) -> str:
    return ", ".join(c.key for c in choices)


def canonical_answer(given: AnswerInput) -> str:
    """The one text form of an answer."""
    return "\n".join([f"react {given.choice}", *standing_lines(given.standing)])


def _placement_line(unit: PlacementInput) -> str:
    first = (
        f"general {unit.square} as {unit.type}" if unit.general else f"{unit.type} {unit.square}"
    )
    return first + (" elite" if unit.elite else "")


def canonical_deploy(given: DeployInput) -> str:
    """The one text form of a deployment."""
    lines = [f"army {given.army}"] if given.army else []
    lines += [_placement_line(u) for u in given.units]
    return "\n".join(lines + standing_lines(given.standing))

"""Reading the DBA 2.2 setup mail: the defender's terrain and side, then their unit swap."""

from __future__ import annotations

from pbem.core.game import ParseResult
from pbem.core.problems import Problem
from pbem.games.dba_cards.inputs import SwapInput, TerrainInput, TerrainPiece
from pbem.games.dba_cards.language.lines import lines_of, problem, read_standing_line
from pbem.games.dba_cards.opening.placing import PLACEABLE, check_swap, check_terrain
from pbem.games.dba_cards.order_text import standing_lines
from pbem.games.dba_cards.refusal import Refused
from pbem.games.dba_cards.squares import coords, valid
from pbem.games.dba_cards.state import DBAState
from pbem.games.dba_cards.terrain import edge

NO_SWAP = (["no", "swap"], ["end"], ["pass"])


def parse_terrain(state: DBAState, seat: str, text: str) -> ParseResult:
    """Read 'random', 'KIND SQUARE…', 'river SQUARE SQUARE' and 'side north|south' lines."""
    given = TerrainInput(random=False)
    problems: list[Problem] = []
    asked_random = False
    for number, words in lines_of(text):
        try:
            if read_standing_line(state, words, given.standing):
                continue
            asked_random = asked_random or words == ["random"]
            if words != ["random"]:
                _terrain_line(state, words, given)
        except Refused as refused:
            problems.append(problem(number, refused))
    if asked_random and (given.pieces or given.rivers):
        problems.append(problem(1, Refused("dba.E_TERRAIN_FORM")))
    given.random = not given.pieces and not given.rivers
    if not problems:
        try:
            check_terrain(state, given)
        except Refused as refused:
            problems.append(problem(_line_of(text, refused.params.get("square", "")), refused))
    return ParseResult(orders=None if problems else given, problems=problems)


def _line_of(text: str, square: str) -> int:
    for number, words in lines_of(text):
        if square and square in words:
            return number
    return 1


def _terrain_line(state: DBAState, words: list[str], given: TerrainInput) -> None:
    head, squares = words[0], words[1:]
    if head == "side" and squares in (["north"], ["south"]):
        given.side = "north" if squares == ["north"] else "south"
        return
    if head not in (*PLACEABLE, "river") or not squares:
        raise Refused("dba.E_TERRAIN_FORM")
    for square in squares:
        if not valid(square, state.size):
            raise Refused("dba.E_SQUARE", square=square)
    if head == "river":
        apart = [abs(x - y) for x, y in zip(*map(coords, squares), strict=True)]
        if len(squares) != 2 or sum(apart) != 1:
            raise Refused("dba.E_RIVER_FORM")
        given.rivers.append(edge(squares[0], squares[1]))
        return
    given.pieces.append(TerrainPiece(terrain=head, squares=squares))


def canonical_terrain(given: TerrainInput) -> str:
    """The one text form of a terrain placing."""
    lines = ["random"] if given.random else []
    lines += [" ".join([p.terrain, *p.squares]) for p in given.pieces]
    lines += [f"river {' '.join(side.split('-'))}" for side in given.rivers]
    return "\n".join([*lines, f"side {given.side}", *standing_lines(given.standing)])


def parse_swap(state: DBAState, seat: str, text: str) -> ParseResult:
    """Read 'swap SQUARE SQUARE' (two of the seat's units) or 'no swap'."""
    given, problems, seen = SwapInput(), [], False
    for number, words in lines_of(text):
        try:
            if read_standing_line(state, words, given.standing):
                continue
            if words in NO_SWAP and not seen:
                seen = True
                continue
            if words[0] != "swap" or len(words) != 3 or seen:
                raise Refused("dba.E_SWAP_FORM")
            seen, given.squares = True, words[1:]
            check_swap(state, seat, given)
        except Refused as refused:
            problems.append(problem(number, refused))
    return ParseResult(orders=None if problems else given, problems=problems)


def canonical_swap(given: SwapInput) -> str:
    """The one text form of a swap."""
    first = f"swap {' '.join(given.squares)}" if given.squares else "no swap"
    return "\n".join([first, *standing_lines(given.standing)])

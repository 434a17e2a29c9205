"""Reading a deployment: 'army KEY' for a sample list, or 'TYPE SQUARE [elite]' lines."""

from __future__ import annotations

from pbem.core.game import ParseResult
from pbem.core.problems import Problem
from pbem.games.dba_cards.content import unit_type
from pbem.games.dba_cards.inputs import DeployInput, PlacementInput, Standing
from pbem.games.dba_cards.language.lines import VERBS, lines_of, problem, read_standing_line
from pbem.games.dba_cards.opening.deploy import (
    check_deployment,
    check_partial,
    default_army,
    placed,
)
from pbem.games.dba_cards.refusal import Refused
from pbem.games.dba_cards.squares import valid
from pbem.games.dba_cards.state import DBAState


def parse_deploy(state: DBAState, seat: str, text: str) -> ParseResult:
    """Read a deployment; a bare 'army KEY' takes that sample list as written. A mail with a
    bad line keeps its good lines (partial: the phase waits, and the army must be whole by the
    deadline or the scenario's army deploys)."""
    army = ""
    units: list[PlacementInput] = []
    lines: dict[str, int] = {}
    standing = Standing()
    problems: list[Problem] = []
    for number, words in lines_of(text):
        try:
            if read_standing_line(state, words, standing):
                continue
            if words[0] == "army" and len(words) == 2:
                army = _army_key(state, words[1])
                continue
            unit = _placement(state, words)
            lines.setdefault(unit.square, number)
            units.append(unit)
        except Refused as refused:
            problems.append(problem(number, refused))
    if army and not units and not problems:
        units = placed(state, seat, next(a for a in state.armies if a.key == army))
    if problems:
        return _held(state, seat, DeployInput(army=army, units=units, standing=standing),
                     problems, lines)
    try:
        check_deployment(state, seat, units)
    except Refused as refused:
        problems.append(problem(lines.get(refused.params.get("square", ""), 1), refused))
        return ParseResult(orders=None, problems=problems)
    return ParseResult(orders=DeployInput(army=army, units=units, standing=standing))


def _held(state: DBAState, seat: str, given: DeployInput, problems: list[Problem],
          lines: dict[str, int]) -> ParseResult:
    """A deployment with bad lines: the good lines stand as partial when they break no rule
    but the army's size; refused when they do, or when no unit line is good."""
    if not given.units:
        return ParseResult(orders=None, problems=problems, partial=True)
    try:
        check_partial(state, seat, given.units)
    except Refused as refused:
        found = problem(lines.get(refused.params.get("square", ""), 1), refused)
        return ParseResult(orders=None, problems=[*problems, found], partial=True)
    try:
        check_deployment(state, seat, given.units)
    except Refused:
        problems = [*problems, _short(state, seat, given)]
    return ParseResult(orders=given, problems=problems, partial=True)


def _short(state: DBAState, seat: str, given: DeployInput) -> Problem:
    """The warning that a kept deployment is not a whole army yet."""
    held = Refused("dba.W_DEPLOY_HELD", units=str(len(given.units)),
                   army=default_army(state, seat).key)
    return problem(0, held).model_copy(update={"severity": "warning"})


def _army_key(state: DBAState, word: str) -> str:
    if word not in [a.key for a in state.armies]:
        raise Refused("dba.E_ARMY_NAME", army=word, armies=", ".join(a.key for a in state.armies))
    return word


def _placement(state: DBAState, words: list[str]) -> PlacementInput:
    if words[0] == "general" and words[2:3] == ["as"] and len(words) >= 4:
        element = unit_type(words[3])  # German rules: "general e1 as knights [elite]"
        if element is None:
            raise Refused("dba.E_UNIT_TYPE", unit=words[3])
        named = _placement(state, [element, words[1], *words[4:]])
        return named.model_copy(update={"general": True})
    kind = unit_type(words[0])
    if kind is None and words[0] in VERBS:
        raise Refused("dba.E_DEPLOY_NOW", word=words[0])
    elite = words[2:] == ["elite"]
    if kind is None:
        raise Refused("dba.E_UNIT_TYPE", unit=words[0])
    if len(words) not in (2, 3) or (len(words) == 3 and not elite):
        raise Refused("dba.E_DEPLOY_FORM")
    if not valid(words[1], state.size):
        raise Refused("dba.E_SQUARE", square=words[1])
    return PlacementInput(type=kind, square=words[1], elite=elite)

"""The referee's language for a tabletop battle result: winner or draw, Unit Strength changes."""

from __future__ import annotations

import re

from pbem.core.game import ParseResult
from pbem.games.mighty_kingdoms.battles.kow import pending_battle
from pbem.games.mighty_kingdoms.inputs import BattleResultInput, UnitChange
from pbem.games.mighty_kingdoms.orders import RESULT, Collector, Line, keyword, lines_of
from pbem.games.mighty_kingdoms.state import BattleRecord, MKState

KEYWORDS = ["battle", "winner", "loser", "draw", "strength", "routed", "gained"]
SHORTHAND = {"routed": -1, "gained": 1}


def parse_result(state: MKState, text: str) -> ParseResult:
    """Read the referee's result for the battle that is waiting."""
    out = Collector()
    record = pending_battle(state)
    lines = lines_of(text)
    if record is None:
        out.illegal(lines[0].number if lines else 1, "mk.E_NO_BATTLE")
        return ParseResult(orders=None, problems=out.problems)
    winner: str | None = None
    decided = False
    changes: list[UnitChange] = []
    for line in lines:
        word = keyword(line.words[0], KEYWORDS, line.number, out, RESULT)
        if word == "battle":
            _check_number(record, line, out)
        elif word in ("winner", "loser", "draw"):
            if decided:
                out.illegal(line.number, "mk.E_DUPLICATE", what="result")
                continue
            decided, winner = _result(state, record, word, line, out)
        elif word is not None:
            change = _change(state, record, word, line, out)
            if change is not None and _once_per_battle(change, changes, line, out):
                changes.append(change)
    if not decided:
        out.invalid(lines[-1].number if lines else 1, "mk.E_NO_RESULT")
    if any(p.severity == "error" for p in out.problems):
        # a result is taken whole or not: never the lines without errors alone
        return ParseResult(orders=None, problems=out.problems, partial=True)
    orders = BattleResultInput(battle=record.number, winner=winner, changes=changes)
    return ParseResult(orders=orders, problems=out.problems)


def _once_per_battle(
    change: UnitChange, earlier: list[UnitChange], line: Line, out: Collector
) -> bool:
    """A unit is routed at most once and gains +1 at most once (its first rout) per battle."""
    if change.change == 0:
        return True
    sign = 1 if change.change > 0 else -1
    repeated = any(c.army == change.army and c.unit == change.unit and c.change * sign > 0
                   for c in earlier)
    if abs(change.change) > 1 or repeated:
        code = "mk.E_GAINED_TWICE" if sign > 0 else "mk.E_ROUTED_TWICE"
        out.illegal(line.number, code, army=change.army, unit=str(change.unit))
        return False
    return True


def _check_number(record: BattleRecord, line: Line, out: Collector) -> None:
    if len(line.words) != 2 or line.words[1] != str(record.number):
        out.illegal(line.number, "mk.E_WRONG_BATTLE", battle=str(record.number))


def _result(
    state: MKState, record: BattleRecord, word: str, line: Line, out: Collector
) -> tuple[bool, str | None]:
    if word == "draw":
        return True, None
    name = " ".join(line.words[1:]).lower()
    sides = (record.attacker, record.defender)
    for index, seat in enumerate(sides):
        if name in (seat.lower(), state.kingdoms[seat].name.lower()):
            return True, seat if word == "winner" else sides[1 - index]
    out.illegal(line.number, "mk.E_NOT_IN_BATTLE", player=name)
    return False, None


def _change(
    state: MKState, record: BattleRecord, word: str, line: Line, out: Collector
) -> UnitChange | None:
    expected = 3 if word == "strength" else 2
    found = re.fullmatch(r"#?(\d+)[/.](\d+)", line.words[1]) if len(line.words) > 1 else None
    amount = line.words[2] if len(line.words) > 2 else ""
    if len(line.words) != expected or found is None or (
        word == "strength" and not re.fullmatch(r"[+-]?\d+", amount)
    ):
        out.invalid(line.number, "mk.E_STRENGTH_FORMAT")
        return None
    army = str(int(found.group(1)))
    if army not in record.attacker_armies + record.defender_armies:
        out.illegal(line.number, "mk.E_NOT_IN_BATTLE", player=f"army {army}")
        return None
    unit = int(found.group(2))
    if not 1 <= unit <= len(state.armies[army].units):
        out.illegal(line.number, "mk.E_UNIT_NUMBER", army=army, unit=str(unit))
        return None
    change = int(amount) if word == "strength" else SHORTHAND[word]
    return UnitChange(army=army, unit=unit, change=change)


def canonical_result(orders: BattleResultInput) -> str:
    """The one canonical text of a referee's battle result."""
    lines = [f"battle {orders.battle}", f"winner {orders.winner}" if orders.winner else "draw"]
    lines += [f"strength {c.army}/{c.unit} {c.change:+d}" for c in orders.changes]
    return "\n".join(lines)

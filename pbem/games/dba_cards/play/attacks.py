"""Attack checks: automatic kills, each attack card's conditions, and special abilities."""

from __future__ import annotations

from pbem.games.dba_cards.content import ABILITIES, ATTACK_CARDS, MISSILE, auto_kills
from pbem.games.dba_cards.inputs import Attack
from pbem.games.dba_cards.play.moves import KNIGHT_MOVERS, own_unit
from pbem.games.dba_cards.play.reach import base_range, in_range
from pbem.games.dba_cards.refusal import Refused
from pbem.games.dba_cards.squares import coords, knight_squares
from pbem.games.dba_cards.state import DBAState, Unit
from pbem.games.dba_cards.terrain import difficult

INDIRECT = frozenset({"bows", "artillery"})
LONG_SPECIAL = frozenset({"spears", "cavalry"})


def attacker_and_target(state: DBAState, seat: str, order: Attack) -> tuple[Unit, Unit]:
    """The attacking unit and its target, after the checks every attack shares."""
    unit = own_unit(state, seat, order.source)
    if unit.attacked:
        raise Refused("dba.E_ATTACKED", square=order.source)
    if unit.type == "artillery" and unit.moved:
        raise Refused("dba.E_ARTILLERY_MOVED", square=order.source)
    target = state.unit_at(order.target)
    if target is None or not state.enemies(target.owner, seat):
        raise Refused("dba.E_NO_ENEMY", square=order.target)
    return unit, target


def could_attack(state: DBAState, unit: Unit, square: str) -> bool:
    """False when `check_attack` refuses every attack of `unit` on `square`, whatever the card:
    the unit has attacked (or is artillery that moved), or the square is off its lines or beyond
    its longest reach. A cheap test to skip hopeless checks; True promises nothing."""
    if unit.attacked or (unit.type == "artillery" and unit.moved):
        return False
    if knight_offset(state, unit, square):
        return True  # Run, Wheel About: a Special Ability attack as a knight moves
    (fa, ra), (fb, rb) = coords(unit.square), coords(square)
    files, ranks = abs(fb - fa), abs(rb - ra)
    if not (files == 0 or ranks == 0 or files == ranks) or files == ranks == 0:
        return False  # not on one rank, file or diagonal: never in range
    return max(files, ranks) <= max(2, base_range(state, unit))  # a special reaches at most 2


def check_attack(state: DBAState, seat: str, order: Attack) -> tuple[Unit, Unit]:
    """Raise Refused unless the attack is allowed; else the attacker and its target."""
    unit, target = attacker_and_target(state, seat, order)
    card = order.card
    if card is None:
        if not auto_kills(unit.type, target.type, state.german()):
            raise Refused("dba.E_NO_AUTO_KILL", unit=unit.type, target=target.type)
        if state.terrain_at(target.square) == "fortified-bua":
            raise Refused("dba.E_FORTIFIED", square=target.square, target=target.type)
        _need_range(state, unit, target)
    elif card not in ATTACK_CARDS:
        raise Refused("dba.E_NOT_ATTACK_CARD", card=card)
    elif card == "special":
        special_attack(state, unit, target)
    else:
        _need_range(state, unit, target)
        CARD_CHECKS[card](state, unit, target)
    return unit, target


def _need_range(state: DBAState, unit: Unit, target: Unit) -> None:
    if not in_range(state, unit, target.square):
        raise Refused(
            "dba.E_OUT_OF_RANGE",
            source=unit.square,
            target=target.square,
            range=str(base_range(state, unit)),
        )


def _plain(state: DBAState, unit: Unit, target: Unit) -> None:
    return None


def _supported(state: DBAState, unit: Unit, target: Unit) -> None:
    helpers = [
        u
        for u in state.units_of(unit.owner)
        if u.id != unit.id and in_range(state, u, target.square)
    ]
    if not helpers:
        raise Refused("dba.E_NOT_SUPPORTED", target=target.square)


def _outflank(state: DBAState, unit: Unit, target: Unit) -> None:
    facing = state.facing(unit.owner)
    if coords(unit.square)[1] * facing <= coords(target.square)[1] * facing:
        raise Refused("dba.E_NOT_OUTFLANKING", source=unit.square, target=target.square)


def _elite(state: DBAState, unit: Unit, target: Unit) -> None:
    if not unit.elite:
        raise Refused("dba.E_NOT_ELITE", square=unit.square)


CARD_CHECKS = {"attack": _plain, "supported": _supported, "outflank": _outflank, "elite": _elite}


def special_attack(state: DBAState, unit: Unit, target: Unit) -> None:
    """The unit's attack ability: its condition and its reach."""
    ability = ABILITIES.get(unit.type)
    if ability is None or "attack" not in ability[1]:
        raise Refused("dba.E_NO_ATTACK_ABILITY", unit=unit.type)
    if unit.type == "elephants" and not state.german():
        raise Refused("dba.E_USE_TRAMPLE")
    if knight_offset(state, unit, target.square):
        return  # Run, Wheel About: "Attack or Move = K", a jump over whatever stands between
    reach = 2 if unit.type in LONG_SPECIAL or unit.type == "elephants" else None
    if reach is not None:
        reach = max(reach, base_range(state, unit))
    if not in_range(state, unit, target.square, reach, indirect=unit.type in INDIRECT):
        raise Refused(
            "dba.E_OUT_OF_RANGE",
            source=unit.square,
            target=target.square,
            range=str(reach or base_range(state, unit)),
        )
    _ability_condition(state, unit, target)


def knight_offset(state: DBAState, unit: Unit, square: str) -> bool:
    """True when `unit` is Psiloi or Light Horse and `square` is a knight's move away."""
    return unit.type in KNIGHT_MOVERS and square in knight_squares(unit.square, state.size)


def _ability_condition(state: DBAState, unit: Unit, target: Unit) -> None:
    ground = state.terrain_at(unit.square)
    if unit.type == "auxilia" and not difficult(state, unit.square):
        raise Refused("dba.E_ABILITY_GROUND", unit=unit.type, need="Rough")
    if unit.type == "scythed-chariots" and ground != "clear":
        raise Refused("dba.E_ABILITY_GROUND", unit=unit.type, need="Clear")
    if unit.type == "pikes" and target.type in MISSILE:
        raise Refused("dba.E_RECEIVE_CHARGE", target=target.type)

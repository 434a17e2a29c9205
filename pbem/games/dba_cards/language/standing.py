"""Standing reactions that could never answer a question are refused, with the reason."""

from __future__ import annotations

from typing import Any

from pbem.core.problems import did_you_mean
from pbem.core.reactions import PASS, StandingReaction, impossible_part
from pbem.games.dba_cards.content import ATTACK_CARDS, DEFENCE_CARDS, UNITS
from pbem.games.dba_cards.refusal import Refused
from pbem.games.dba_cards.squares import all_squares

ANSWERS = (PASS, *DEFENCE_CARDS)
NEVER_ELITE = frozenset({"general", "camp"})  # "designate 2 of your units": the 11, not these
VALUE_WORDS = {
    "card": "attack, supported, outflank, elite, special or auto",
    "elite": "yes or no",
    "square": "a square of the board",
    "from": "a square of the board",
}


def fact_values(german: bool, size: int) -> dict[str, list[Any]]:
    """Every value each fact of an attack question can take."""
    types = [t for t in UNITS if german or t != "horde"]
    squares = all_squares(size)
    return {
        "attacker": types,
        "target": types,
        "card": [*ATTACK_CARDS, "auto"],
        "square": squares,
        "from": squares,
        "elite": [True, False],
    }


def check_standing(rule: StandingReaction, german: bool, size: int) -> None:
    """Refused when `rule` can never answer an attack question, saying why."""
    values = fact_values(german, size)
    found = impossible_part(rule, ANSWERS, values)
    if found is not None and found.part == "answer":
        raise Refused("dba.E_STANDING_CARD", card=found.value)
    if found is not None:
        words = VALUE_WORDS.get(found.key, ", ".join(str(v) for v in values[found.key]))
        raise Refused(
            "dba.E_STANDING_VALUE",
            fact=found.key,
            value=found.value,
            values=words,
            suggestion=did_you_mean(found.value, [str(v) for v in values[found.key]]) or "",
        )
    if _needs_elite(rule) and not _may_be_elite(rule):
        raise Refused("dba.E_STANDING_ELITE")
    if rule.answer == "special" and _listed(rule, "target") == ["general"] and not german:
        raise Refused("dba.E_STANDING_SPECIAL")


def _listed(rule: StandingReaction, fact: str) -> list[Any]:
    wanted = rule.when.get(fact)
    if wanted is None:
        return []
    values = wanted if isinstance(wanted, list) else [wanted]
    return [v.lower() if isinstance(v, str) else v for v in values]


def _needs_elite(rule: StandingReaction) -> bool:
    return rule.answer == "elite" or _listed(rule, "elite") == [True]


def _may_be_elite(rule: StandingReaction) -> bool:
    elite, targets = _listed(rule, "elite"), _listed(rule, "target")
    return (not elite or True in elite) and (
        not targets or any(t not in NEVER_ELITE for t in targets)
    )

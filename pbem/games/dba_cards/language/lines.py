"""The lines of any mail: numbered words with comments dropped, a line's problem from a
refusal, and the standing-reaction lines every mail may carry."""

from __future__ import annotations

from typing import Literal

from pbem.core.problems import Problem, did_you_mean, strip_comment
from pbem.core.reactions import clears_standing
from pbem.games.dba_cards.content import ALIASES, CARD_ALIASES, CARDS, UNITS
from pbem.games.dba_cards.inputs import Standing
from pbem.games.dba_cards.language.standing import check_standing
from pbem.games.dba_cards.language.text import read_standing
from pbem.games.dba_cards.refusal import Refused
from pbem.games.dba_cards.state import DBAState

VERBS = ("discard", "scout", "move", "dismount", "attack", "trample", "on", "standing", "end")
SYNTAX = {
    "dba.E_UNKNOWN_ORDER",
    "dba.E_MOVE_FORM",
    "dba.E_ATTACK_FORM",
    "dba.E_SQUARE",
    "dba.E_CARD_NAME",
    "dba.E_DISMOUNT_FORM",
    "dba.E_TRAMPLE_FORM",
    "dba.E_STANDING_FORM",
    "dba.E_STANDING_FACT",
    "dba.E_STANDING_CARD",
    "dba.E_STANDING_VALUE",
}


def problem(line: int, refused: Refused) -> Problem:
    """A Problem from a refusal: syntax codes are 'invalid', rule codes 'illegal'."""
    kind: Literal["invalid", "illegal"] = "invalid" if refused.code in SYNTAX else "illegal"
    suggestion = refused.params.get("suggestion") or _near(refused)
    return Problem(
        line=line, code=refused.code, kind=kind, params=refused.params, suggestion=suggestion
    )


NAMES = {  # the word each code names, and the names it may be a misspelling of
    "dba.E_UNKNOWN_ORDER": ("word", VERBS),
    "dba.E_CARD_NAME": ("card", (*CARDS, *CARD_ALIASES)),
    "dba.E_UNIT_TYPE": ("unit", (*UNITS, *ALIASES, "general", "camp", "army")),
}


def _near(refused: Refused) -> str | None:
    """A did-you-mean for a misspelt order word, card, unit type or army name."""
    if refused.code == "dba.E_ARMY_NAME":
        return did_you_mean(refused.params["army"], refused.params["armies"].split(", "))
    if refused.code not in NAMES:
        return None
    key, known = NAMES[refused.code]
    return did_you_mean(refused.params.get(key, ""), known)


def lines_of(text: str) -> list[tuple[int, list[str]]]:
    """Non-empty lines, comments dropped, as (line number, lower-case words)."""
    found = []
    for number, raw in enumerate(text.splitlines(), start=1):
        words = strip_comment(raw).lower().split()
        if words:
            found.append((number, words))
    return found


def read_standing_line(state: DBAState, words: list[str], standing: Standing) -> bool:
    """Add a standing-reaction line to `standing`; False if the line is not one. Refused
    when it is malformed or could never answer a question."""
    if clears_standing(words) or words == ["clear", "standing"]:
        standing.clear, standing.add = True, []
        return True
    if words[0] == "on":
        rule = read_standing(words)
        check_standing(rule, state.german(), state.size)
        standing.add.append(rule)
        return True
    return False

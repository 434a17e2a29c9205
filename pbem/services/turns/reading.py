"""One policy for mail with problems, the same in every game (docs/mail.md, "Mail with problems").

* **clean**: no errors (warnings allowed). The mail stands as the seat's input, and once every
  owed input is in clean the phase may run early.
* **partial**: errors, but the lines without errors read on their own without any. Those lines
  stand as the seat's input and the lines with errors are left out, so their defaults apply;
  the phase never runs early on it: it waits for its deadline or a mail without errors.
* **refused**: nothing usable (every order line has an error, the problem is with the whole
  mail, or what is left does not read cleanly). Nothing on file changes; the seat still owes.

The engine decides this, not the game: it asks the game's `parse` again without the lines
that had errors, so every game gets the same outcome for the same mistake. A game that decides
this itself says so with `ParseResult.partial`: one that reads several orders on a line returns
the part that could be used, one that takes a mail whole or not at all (a battle result)
returns no orders.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pbem.core.game import Game
from pbem.core.problems import Problem, strip_comment

Standing = Literal["clean", "partial", "refused"]
MAX_ROUNDS = 5  # each round leaves out more lines; a cascade longer than this is refused


@dataclass
class Reading:
    """What a mail is worth as input: the orders that stand (None when refused), every problem
    found, and which of the three outcomes it is."""

    orders: Any
    problems: list[Problem]
    standing: Standing


def read_input(game: Game, state: Any, seat: str, text: str) -> Reading:
    """Parse `text` as `seat`'s input under the policy above."""
    parsed = game.parse(state, seat, text)
    if not parsed.errors:
        outcome: Standing = "clean" if parsed.orders is not None else "refused"
        return Reading(parsed.orders, parsed.problems, outcome)
    if parsed.partial:  # the game decided what stands
        outcome = "partial" if parsed.orders is not None else "refused"
        return Reading(parsed.orders, parsed.problems, outcome)
    problems = list(parsed.problems)
    lines = text.splitlines()
    errors = parsed.errors
    for _ in range(MAX_ROUNDS):
        if not _blank(lines, errors):
            break
        again = game.parse(state, seat, "\n".join(lines))
        problems += [p for p in again.problems if p not in problems]
        if not again.errors and again.orders is not None:
            return Reading(again.orders, problems, "partial")
        errors = again.errors
        if not errors:
            break
    return Reading(None, problems, "refused")


def _blank(lines: list[str], errors: list[Problem]) -> bool:
    """Leave out the lines `errors` name; False when one cannot be (a problem with the whole
    mail) or no order line would be left."""
    numbers = {p.line for p in errors}
    if any(n < 1 or n > len(lines) for n in numbers):
        return False
    for number in numbers:
        lines[number - 1] = ""
    return any(strip_comment(line) for line in lines)


def has_errors(problems: list[dict[str, Any]]) -> bool:
    """Whether stored problems (Submission.problems_json) hold an error, not only warnings."""
    return any(p.get("severity", "error") == "error" for p in problems)

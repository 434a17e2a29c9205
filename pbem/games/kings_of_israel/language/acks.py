"""The orders as their acknowledgement shows them: each group of lines headed by what it
will do and when, as comments (the order parser skips them, so the text reads back)."""

from __future__ import annotations

from pbem.games.kings_of_israel.inputs import KIOrders
from pbem.games.kings_of_israel.order_text import order_lines
from pbem.games.kings_of_israel.state import KIState


def explained(state: KIState, seat: str, orders: KIOrders) -> str:
    """The canonical orders of `seat`, with a comment saying what each group of lines does."""
    lines: list[str] = []
    last = ""
    later = 0
    for what, line in order_lines(orders):
        if what != last and what != "later":
            lines.append(f"# {_heading(state, seat, orders, what, line)}")
        last = what
        if line == "next turn":
            later += 1
            line += f"  # {_later_note(state, seat, later)}"
        elif what in ("now", "later") and _after_move(line):
            line += f"  # held until {_whose_move(state, seat)} next move"
        lines.append(line)
    if _turn_now(state, seat) and orders.no_turn and not orders.acts:
        lines.append("# No action and no 'end': this mail is not your turn, which is still owed.")
    return "\n".join(lines) or "# Nothing to do."


def _after_move(line: str) -> bool:
    return line.endswith(" after move") or " after move if " in line


def _turn_now(state: KIState, seat: str) -> bool:
    return state.window is None and state.step == "work" and state.active_seat() == seat


def _name(state: KIState, seat: str) -> str:
    return next(s.name for s in state.seats if s.id == seat)


def _heading(state: KIState, seat: str, orders: KIOrders, what: str, line: str) -> str:
    if what == "answer":
        return "Your answer to the question, taken as this phase runs:"
    if what == "now":
        return _now_heading(state, seat, orders)
    if what == "end":
        return "Nothing more this turn:" if _turn_now(state, seat) else "Nothing to do now:"
    if what == "plans":
        return "Your planned turns on file are dropped:"
    if line == "standing clear":
        return "Your standing rules are dropped:"
    return "Standing rules, in place of those on file; they answer questions before they are asked:"


def _now_heading(state: KIState, seat: str, orders: KIOrders) -> str:
    if _turn_now(state, seat):
        if orders.no_turn:
            return "Blessings alone, played as this phase runs; your turn is still owed:"
        return "Your turn, carried out in order as this phase runs:"
    if state.window is not None:
        run = state.turn
        if run is not None:
            name = _name(state, run.seat)
            return f"Blessings, played when the question is answered, as {name}'s turn goes on:"
        return "Blessings, kept while the question is open, for the next prophet's turn:"
    if state.step == "work":
        name = _name(state, state.active_seat())
        return f"Blessings, played at the start of {name}'s turn, when {name}'s orders are in:"
    return "Blessings, played at the start of the next prophet's turn:"


def _later_note(state: KIState, seat: str, number: int) -> str:
    if number > 1:
        return f"your turn after that ({number} from now), played the same way"
    why = "" if _turn_now(state, seat) else "not your turn now, so "
    return f"{why}your next turn: played as soon as it comes, without waiting for mail"


def _whose_move(state: KIState, seat: str) -> str:
    if state.window is None and state.step == "work" and state.active_seat() != seat:
        return f"{_name(state, state.active_seat())}'s"
    return "the active prophet's" if not _turn_now(state, seat) else "your"

"""The David and Goliath order language: one action per message, standing reactions, discards."""

from __future__ import annotations

from pbem.core.game import ParseResult
from pbem.core.problems import Problem, did_you_mean, strip_comment
from pbem.core.reactions import StandingReaction, read_answer
from pbem.games.david_goliath.check import check_action
from pbem.games.david_goliath.content import BY_SLUG
from pbem.games.david_goliath.inputs import DGOrders
from pbem.games.david_goliath.orders_text import (
    LineError,
    card_of_text,
    cards_of_text,
    problem,
    square_of,
    standing_of,
    standing_text,
)
from pbem.games.david_goliath.progress import default_input
from pbem.games.david_goliath.questions.divine_aid import TRIGGER as DIVINE_TRIGGER
from pbem.games.david_goliath.questions.divine_aid import VERB, completed, discard_line
from pbem.games.david_goliath.state import DGState

ACTION_WORDS = ("pass", "place", "event", "play", "move", "attack", "react", "answer")
LINE_WORDS = (*ACTION_WORDS, "standing", "discard")


class _Reading:
    """What has been read so far from one message."""

    def __init__(self) -> None:
        self.orders = DGOrders()
        self.action_line = 0
        self.standing: list[StandingReaction] | None = None
        self.problems: list[Problem] = []
        self.discarding: list[str] | None = None  # cards named for Divine Aid, in order


def parse_orders(state: DGState, seat: str, text: str) -> ParseResult:
    """Read a message into DGOrders, with every problem and its line number."""
    if state.role_of(seat) is None:
        return ParseResult(problems=[Problem(line=0, code="dg.E_NOT_A_PLAYER", kind="illegal")])
    reading = _Reading()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = strip_comment(raw)
        if line:
            try:
                _line(state, seat, reading, number, line)
            except LineError as error:
                reading.problems.append(problem(number, error))
    return _finish(state, seat, reading)


def _line(state: DGState, seat: str, reading: _Reading, number: int, line: str) -> None:
    words = line.lower().replace(",", " ").split()
    if not words:
        raise LineError("dg.E_UNKNOWN", text=line)
    if words[0] == "standing":
        rule = standing_of(words[1:], state.roles[seat])
        # read in order: 'standing none' forgets the lines before it, as in every game
        reading.standing = [] if rule is None else [*(reading.standing or []), rule]
        return
    window = state.window if state.window and state.window.seat == seat else None
    named = discard_line(words) if window and window.trigger == DIVINE_TRIGGER else None
    if named is not None:
        _discarding(reading, number, named)
        return
    answer = read_answer(window, line) if window else None
    if answer is not None:
        _set_action(reading, number, DGOrders(action="react", answer=answer.answer))
        return
    if words[0] == "discard" and len(words) > 1:
        reading.orders.discards.append(card_of_text(" ".join(words[1:])).slug)
        return
    _set_action(reading, number, _action(words, window is not None))


def _action(words: list[str], in_window: bool) -> DGOrders:
    verb, rest = words[0], words[1:]
    if verb == "pass" and not rest:
        return DGOrders(action="pass")
    if verb == "place" and len(rest) == 1:
        return DGOrders(action="place", square=square_of(rest[0]))
    if verb in ("event", "play") and rest:
        return DGOrders(action="event", cards=[card_of_text(" ".join(rest)).slug])
    if verb == "move" and len(rest) >= 2:
        rest = rest[:-2] + rest[-1:] if rest[-2] == "to" else rest
        card = card_of_text(" ".join(rest[:-1]))
        return DGOrders(action="move", cards=[card.slug], square=square_of(rest[-1]))
    if verb == "attack" and rest:
        return DGOrders(action="attack", cards=_sling_first([c.slug for c in cards_of_text(rest)]))
    if verb in ("react", "answer") and rest:
        return DGOrders(action="react", answer=" ".join(rest))
    error = LineError("dg.E_UNKNOWN", text=" ".join(words))
    if verb not in LINE_WORDS:
        error.suggestion = did_you_mean(verb, LINE_WORDS)
    raise error


def _sling_first(slugs: list[str]) -> list[str]:
    """Sling card first, stone second, whichever order they were written in."""
    if len(slugs) == 2 and (
        BY_SLUG[slugs[0]].kind == "stone" or BY_SLUG[slugs[1]].kind == "ranged"
    ):
        return [slugs[1], slugs[0]]
    return slugs


def _discarding(reading: _Reading, number: int, named: list[str]) -> None:
    """A Divine Aid answer line: one or more lines of cards make one answer."""
    if reading.discarding is None:
        _set_action(reading, number, DGOrders(action="react"))
        reading.discarding = []
    reading.discarding += named


def _set_action(reading: _Reading, number: int, orders: DGOrders) -> None:
    if reading.action_line:
        raise LineError("dg.E_TWO_ACTIONS", first=str(reading.action_line))
    reading.action_line = number
    reading.orders = orders.model_copy(update={"discards": reading.orders.discards})


def _finish(state: DGState, seat: str, reading: _Reading) -> ParseResult:
    orders = reading.orders.model_copy(update={"standing": reading.standing})
    if reading.discarding is not None:
        orders = orders.model_copy(update={"answer": " ".join([VERB, *reading.discarding])})
    problems = list(reading.problems)
    if reading.action_line:
        problems += [
            p.model_copy(update={"line": reading.action_line})
            for p in check_action(state, seat, orders)
        ]
    else:  # no action read: a mail out of turn is still out of turn
        problems = _out_of_turn(state, seat) + problems
    if not problems and not reading.action_line:
        problems.append(Problem(line=0, code="dg.E_NO_ACTION"))
    if not problems:
        return ParseResult(orders=completed(state, orders), problems=[])
    return _partly(state, seat, reading, orders, problems)


# Problems that make the whole mail out of turn: nothing in it stands, not even its good lines.
WHOLE_MAIL = frozenset({"dg.E_NOT_YOUR_STEP"})


def _out_of_turn(state: DGState, seat: str) -> list[Problem]:
    """The whole-mail problem of a seat whose step it is not, whatever the mail says."""
    return [p for p in check_action(state, seat, DGOrders(action="pass")) if p.code in WHOLE_MAIL]


def _partly(
    state: DGState, seat: str, reading: _Reading, orders: DGOrders, problems: list[Problem]
) -> ParseResult:
    """A mail with errors: its good lines stand, and a bad action line leaves the default
    action (pass, or a question's default answer); nothing stands when nothing was read."""
    acted = reading.action_line and all(p.line != reading.action_line for p in problems)
    if any(p.line == 0 or p.code in WHOLE_MAIL for p in problems) or not (
        acted or reading.standing is not None or orders.discards
    ):
        return ParseResult(orders=None, problems=problems)
    if not acted:
        default = default_input(state, seat)
        orders = orders.model_copy(
            update={"action": default.action, "answer": default.answer, "cards": [], "square": None}
        )
    return ParseResult(orders=completed(state, orders), problems=problems, partial=True)


def canonical_orders(orders: DGOrders) -> str:
    """The one text form of a message."""
    lines = [_action_text(orders)]
    lines += [f"discard {slug}" for slug in orders.discards]
    if orders.standing is not None:
        lines += [standing_text(r) for r in orders.standing] or ["standing none"]
    return "\n".join(lines)


def _action_text(orders: DGOrders) -> str:
    if orders.action == "place":
        return f"place {orders.square}"
    if orders.action == "event":
        return f"event {orders.cards[0]}"
    if orders.action == "move":
        return f"move {orders.cards[0]} to {orders.square}"
    if orders.action == "attack":
        return "attack " + " ".join(orders.cards)
    if orders.action == "react":
        return _answer_text(orders.answer or "")
    return "pass"


def _answer_text(answer: str) -> str:
    """'react CHOICE'; Divine Aid's cards one 'discard' line each, so that its first line is
    a choice of the question naming only a card discarded (what the engine makes public)."""
    words = answer.split()
    if words[:1] == [VERB] and len(words) > 2:
        return "\n".join(f"{VERB} {slug}" for slug in words[1:])
    return f"react {answer}"

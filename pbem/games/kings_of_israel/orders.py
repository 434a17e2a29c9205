"""The Kings of Israel order language: a turn's actions, later turns, answers, standing rules."""

from __future__ import annotations

from pbem.core.game import ParseResult
from pbem.core.problems import Problem, did_you_mean, strip_comment
from pbem.core.reactions import StandingReaction, read_answer
from pbem.games.kings_of_israel.cards.decks import kind
from pbem.games.kings_of_israel.content import RESOURCES
from pbem.games.kings_of_israel.inputs import Act, KIOrders
from pbem.games.kings_of_israel.language.checks import check_orders
from pbem.games.kings_of_israel.order_text import TRIGGER_WORDS
from pbem.games.kings_of_israel.state import KIState

VERBS = ("move", "preach", "destroy", "acquire", "build", "sacrifice", "give", "play")
CONDITIONS = ("idol", "altar", "sin", "at")


class LineError(Exception):
    """A problem on one line: a stable code and its parameters."""

    def __init__(self, code: str, suggestion: str | None = None, **params: str) -> None:
        super().__init__(code)
        self.code, self.suggestion, self.params = code, suggestion, params


class _Reading:
    def __init__(self) -> None:
        self.acts: list[Act] = []
        self.later: list[list[Act]] | None = None
        self.answer: str | None = None
        self.standing: list[StandingReaction] | None = None
        self.ended = False  # an `end` line: this is the sender's (empty) turn
        self.problems: list[Problem] = []
        self.lines: dict[int, int] = {}  # id of an act -> its line number

    def current(self) -> list[Act]:
        return self.later[-1] if self.later else self.acts

    def new_block(self) -> None:
        self.later = (self.later or []) + [[]]

    def no_turn(self) -> bool:
        """True when nothing in the mail is the sender's turn: no action, end, answer or
        later turn (Blessings, standing rules, or nothing at all)."""
        action = any(a.verb != "play" for a in self.acts)
        return not (action or self.ended or self.answer is not None or self.later)


def parse_orders(state: KIState, seat: str, text: str) -> ParseResult:
    """Read a message into KIOrders, with every problem and its line number."""
    if seat not in state.prophets:
        return ParseResult(problems=[Problem(line=0, code="ki.E_NOT_A_PLAYER", kind="illegal")])
    reading = _Reading()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = strip_comment(raw)
        if not line:
            continue
        try:
            _line(state, seat, reading, line, number)
        except LineError as error:
            reading.problems.append(
                Problem(
                    line=number, code=error.code, params=error.params, suggestion=error.suggestion
                )
            )
    if reading.problems:
        return ParseResult(problems=reading.problems)
    orders = KIOrders(
        acts=reading.acts,
        later=reading.later,
        answer=reading.answer,
        standing=reading.standing,
        no_turn=reading.no_turn(),
    )
    return ParseResult(orders=orders, problems=_checked(state, seat, reading))


def _checked(state: KIState, seat: str, reading: _Reading) -> list[Problem]:
    return check_orders(state, seat, reading.acts, reading.later, reading.lines)


def _line(state: KIState, seat: str, reading: _Reading, line: str, number: int) -> None:
    words = line.lower().replace(",", " ").split()
    head = words[0]
    window = state.window if state.window is not None and state.window.seat == seat else None
    if head in ("end", "pass") and len(words) == 1 and window is None:
        reading.ended = True
        return
    if head == "next" and words[1:] == ["turn"]:
        reading.new_block()
        return
    if words == ["plans", "clear"]:
        reading.later = []
        return
    if words == ["standing", "clear"]:
        reading.standing = reading.standing or []
        return
    if head == "on":
        reading.standing = (reading.standing or []) + [_standing(words[1:])]
        return
    if window is not None:
        found = read_answer(window, line)
        if found is not None:
            reading.answer = found.answer
            return
        if head in ("answer", "react"):
            raise LineError("ki.E_ANSWER", choices=", ".join(c.key for c in window.choices))
    act = _act(state, seat, words)
    if reading.later is None and not _may_act(state, seat, act):
        reading.new_block()  # actions sent out of turn are for the player's next turn
    reading.current().append(act)
    reading.lines[id(act)] = number


def _may_act(state: KIState, seat: str, act: Act) -> bool:
    """Blessings now (in a team-mate's turn, or kept while a question is open); actions only
    in one's own turn, and not while a question is open."""
    if act.verb == "play":
        return True
    return state.window is None and state.step == "work" and state.active_seat() == seat


def _standing(words: list[str]) -> StandingReaction:
    if len(words) < 3 or words[0] not in TRIGGER_WORDS:
        raise LineError("ki.E_STANDING_FORM")
    trigger, rest = TRIGGER_WORDS[words[0]], words[1:]
    when: dict[str, str] = {}
    if rest[0] == "when":
        rest = rest[1:]
        while rest and "=" in rest[0]:
            key, value = rest.pop(0).split("=", 1)
            when[key] = value
    if len(rest) != 2 or rest[0] not in ("play", "answer"):
        raise LineError("ki.E_STANDING_FORM")
    kinds = (*RESOURCES, "most")
    if trigger == "ki.discard" and rest[1] not in kinds:
        raise LineError("ki.E_DISCARD_KIND", did_you_mean(rest[1], kinds), kind=rest[1])
    return StandingReaction(trigger=trigger, answer=rest[1], when=when)


def _act(state: KIState, seat: str, words: list[str]) -> Act:
    when: list[str] = []
    if "if" in words:
        cut = words.index("if")
        words, when = words[:cut], _condition(state, words[cut + 1 :])
    after = words[-2:] == ["after", "move"]
    if after:
        words = words[:-2]
    if not words:
        raise LineError("ki.E_UNKNOWN", word="if" if when else "after")
    verb, rest = words[0], words[1:]
    if after and verb != "play":
        raise LineError("ki.E_AFTER_MOVE")
    if verb == "discard":
        raise LineError("ki.E_NO_DISCARD")
    if verb not in VERBS:
        raise LineError("ki.E_UNKNOWN", did_you_mean(verb, VERBS), word=verb)
    args = ARGS[verb](state, seat, rest)
    return Act(verb=verb, args=args, when=when, after_move=after)  # type: ignore[arg-type]


def _condition(state: KIState, words: list[str]) -> list[str]:
    negate = words[:1] == ["no"]
    body = words[1:] if negate else words
    if not body or body[0] not in CONDITIONS:
        raise LineError("ki.E_CONDITION")
    found = [body[0]]
    rest = body[1:]
    if rest:
        place, rest = places(state, rest, 1)
        found += place
    if body[0] == "sin" and rest:
        if not rest[0].isdigit():
            raise LineError("ki.E_CONDITION")
        found.append(rest.pop(0))
    if rest:
        raise LineError("ki.E_CONDITION")
    return (["no"] if negate else []) + found


def places(state: KIState, words: list[str], most: int) -> tuple[list[str], list[str]]:
    """Read up to `most` place names (ids or names of up to three words) from `words`."""
    found: list[str] = []
    while words and len(found) < most:
        for size in (3, 2, 1):
            place = state.board.named(" ".join(words[:size])) if len(words) >= size else None
            if place is not None:
                found.append(place)
                words = words[size:]
                break
        else:
            return found, words
    return found, words


def _place_list(state: KIState, words: list[str], most: int) -> list[str]:
    found, rest = places(state, words, most)
    if rest:
        names = [p.id for p in state.board.places]
        raise LineError("ki.E_PLACE", did_you_mean(rest[0], names), place=" ".join(rest))
    return found


def _move(state: KIState, seat: str, words: list[str]) -> list[str]:
    runner: list[str] = []
    if len(words) >= 2 and words[-2] == "with":
        if words[-1] not in ("cattle", "grain"):
            raise LineError("ki.E_RUNNER")
        runner, words = [words[-1]], words[:-2]
    path = _place_list(state, words, 3)
    if not path:
        raise LineError("ki.E_MOVE_FORM")
    return path + runner


def _none(state: KIState, seat: str, words: list[str]) -> list[str]:
    if words and words not in (["idol"], ["altar"], ["an", "idol"], ["an", "altar"]):
        raise LineError("ki.E_EXTRA", text=" ".join(words))
    return []


def _give(state: KIState, seat: str, words: list[str]) -> list[str]:
    if len(words) < 2:
        raise LineError("ki.E_GIVE_FORM")
    other = _seat(state, words[0])
    kinds = [w for w in words[1:] if w != "to"]
    if not 1 <= len(kinds) <= 2 or any(k not in RESOURCES for k in kinds):
        wrong = [k for k in kinds if k not in RESOURCES]
        raise LineError("ki.E_GIVE_FORM", did_you_mean(wrong[0], RESOURCES) if wrong else None)
    return [other, *kinds]


def _seat(state: KIState, word: str) -> str:
    for s in state.seats:
        if word in (s.id, s.name.lower()):
            return s.id
    raise LineError("ki.E_SEAT", seat=word)


def _sacrifice(state: KIState, seat: str, words: list[str]) -> list[str]:
    if words[:1] == ["with"]:
        words = words[1:]
    if words and (len(words) != 1 or words[0] not in ("cattle", "grain")):
        raise LineError("ki.E_OFFERING", did_you_mean(words[0], ("cattle", "grain")))
    return words


def _play(state: KIState, seat: str, words: list[str]) -> list[str]:
    if not words:
        raise LineError("ki.E_CARD", card="")
    slugs = [c.id for c in state.board.blessings]
    if words[0] not in slugs:
        raise LineError("ki.E_CARD", did_you_mean(words[0], slugs), card=words[0])
    if not any(kind(c) == words[0] for c in state.prophets[seat].blessings):
        raise LineError("ki.E_NOT_HELD", card=words[0])
    rest = words[1:]
    target = [_seat(state, rest.pop(0))] if rest and _is_seat(state, rest[0]) else []
    return [words[0], *target, *_place_list(state, rest, 1)]


def _is_seat(state: KIState, word: str) -> bool:
    return any(word in (s.id, s.name.lower()) for s in state.seats)


ARGS = {
    "move": _move,
    "preach": _none,
    "destroy": _none,
    "acquire": _none,
    "build": _none,
    "sacrifice": _sacrifice,
    "give": _give,
    "play": _play,
}

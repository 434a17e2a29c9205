"""The King David order language: one line per order, every problem with its line number.

    move hebron bethlehem [with a3 a7 david]   besiege gaza      react stand
    prefer judah tyre     initiative 2 last      unpaid a7 militia     place david jerusalem
    on retreat [ahead=no ...] do retreat       on siege do besiege      standing none
    losses battle militia infantry chariot phalanx      losses siege ...
    build restore militia=2 fortify=hebron     play increase-harvest judah     play none
    then      (the moves and sieges after it are the next action's, sent ahead)    plans none
"""

from __future__ import annotations

from pbem.core.game import ParseResult
from pbem.core.problems import Problem, did_you_mean, strip_comment
from pbem.core.reactions import StandingReaction
from pbem.games.king_david.choices import WORDS as CHOICES
from pbem.games.king_david.choices import (
    ChoiceError,
    check_play,
    choice_text,
    minor_kinds,
    read_choice,
)
from pbem.games.king_david.content import KINDS
from pbem.games.king_david.events.table import BY_KEY
from pbem.games.king_david.flow import acting, owing
from pbem.games.king_david.inputs import Gift, KDOrders, Move, Plan
from pbem.games.king_david.land.movement import MoveError, check_move, rehearsal, rehearse
from pbem.games.king_david.state import BuildPlan, KDState

TRIGGERS = {"retreat": "kd.retreat", "siege": "kd.siege"}
WORDS = ("move", "besiege", "react", "answer", "prefer", "initiative", "on", "standing",
         "losses", "build", "play", "pass", "ally", "break", "give", "bribe", "then", "plans",
         "unpaid", "place", "oppose")


class LineError(ValueError):
    """A line the reader refuses: its code, kind and parameters."""

    def __init__(self, code: str, kind: str = "invalid", suggestion: str | None = None,
                 **params: str) -> None:
        super().__init__(code)
        self.code, self.kind, self.params = code, kind, params
        self.suggestion = suggestion  # the nearest word that fits, for a misspelt one


def parse_orders(state: KDState, seat: str, text: str) -> ParseResult:
    """Read a message into KDOrders, collecting every problem."""
    if seat not in state.players:
        return ParseResult(problems=[Problem(line=0, code="kd.E_NOT_A_PLAYER", kind="illegal")])
    orders = KDOrders()
    problems: list[Problem] = []
    board = state  # each move is checked after the lines above it (6.1), on a copy of the
    for number, raw in enumerate(text.splitlines(), start=1):  # board made at the first move
        line = strip_comment(raw).lower().replace(",", " ")
        if not line:
            continue
        words = line.split()
        if words[:1] == ["move"] and board is state:
            board = rehearsal(state)
        try:
            if not _planned(state, orders, words):
                _line(board, seat, orders, words)
        except LineError as error:
            problems.append(Problem(line=number, code=error.code,
                                    kind="illegal" if error.kind == "illegal" else "invalid",
                                    params=error.params, suggestion=error.suggestion))
    return ParseResult(orders=orders, problems=problems + _stored(state, seat, orders))


def _planned(state: KDState, orders: KDOrders, words: list[str]) -> bool:
    """Read a line of the plans for later actions, if it is one: `then` opens the next
    action's orders, whose moves and sieges are checked only when that action comes."""
    if words in (["then"], ["plans", "none"]):
        orders.later = [*(orders.later or []), Plan()] if words == ["then"] else []
        return True
    if not orders.later or words[0] not in ("move", "besiege", "pass"):
        return False
    plan = orders.later[-1]
    if words[0] == "move":
        plan.moves.append(_written(state, words[1:]))
    elif words[0] == "besiege":
        plan.sieges += [_area(state, w) for w in words[1:]]
    return True


def _stored(state: KDState, seat: str, orders: KDOrders) -> list[Problem]:
    """A seat that owes nothing now sends standing lines only: say what is kept, and when."""
    kept = canonical_orders(orders)
    if state.stage != "action" or seat in owing(state) or kept == "pass":
        return []
    return [Problem(line=0, code="kd.W_STORED", kind="illegal", severity="warning",
                    params={"lines": "; ".join(kept.splitlines())})]


def _line(state: KDState, seat: str, orders: KDOrders, words: list[str]) -> None:
    head, rest = words[0], words[1:]
    if head == "pass":
        return
    if head == "move":
        orders.moves.append(_move(state, seat, rest))
    elif head == "besiege":
        if seat not in acting(state):
            raise LineError("kd.E_NOT_YOUR_ACTION", "illegal")
        orders.sieges += [_area(state, w) for w in rest]
    elif head in ("react", "answer"):
        orders.answer = _answer(state, seat, " ".join(rest))
    elif head == "prefer":
        orders.prefer = [_country(state, w) for w in rest]
    elif head in CHOICES:
        try:
            read_choice(state, seat, orders, head, rest)
        except ChoiceError as error:
            raise LineError(error.code, suggestion=error.suggestion, **error.params) from error
    elif head == "on":
        orders.standing = (orders.standing or []) + [_standing(rest)]
    elif head == "standing" and rest == ["none"]:
        orders.standing = []
    elif head == "losses" and rest and rest[0] in ("battle", "siege"):
        kinds = [_kind(w) for w in rest[1:]]
        setattr(orders, f"losses_{rest[0]}", kinds)
    elif head == "build":
        orders.build = _build(state, seat, rest)
    elif head == "bribe" and rest == ["none"]:
        orders.bribes = {}
    elif head == "bribe" and len(rest) == 2 and rest[1].isdigit() and 1 <= int(rest[1]) <= 5:
        orders.bribes = (orders.bribes or {}) | {_country(state, rest[0]): int(rest[1])}
    elif head == "ally" and len(rest) in (1, 2) and rest[1:] in ([], ["together"]):
        orders.allies.append(" ".join([_seat(state, seat, rest[0]), *rest[1:]]))
    elif head == "break" and len(rest) == 1:
        orders.breaks.append(_seat(state, seat, rest[0]))
    elif head == "give" and len(rest) == 3 and rest[1] in ("food", "resources"):
        if not rest[2].isdigit():
            raise LineError("kd.E_AMOUNT", text=rest[2])
        orders.gifts.append(Gift(to=_seat(state, seat, rest[0]), what=rest[1],  # type: ignore[arg-type]
                                 amount=int(rest[2])))
    elif head == "play":
        orders.plays = [] if rest == ["none"] else (orders.plays or []) + [_play(state, rest)]
    else:
        known = head in WORDS  # a known word in a wrong form: its help, not a guess
        raise LineError("kd.E_UNKNOWN", suggestion=None if known else did_you_mean(head, WORDS),
                        text=" ".join(words))


def _seat(state: KDState, me: str, word: str) -> str:
    if word not in state.players or word == me:
        raise LineError("kd.E_SEAT", seat=word)
    return word


def _area(state: KDState, word: str) -> str:
    if not any(a.id == word for a in state.scenario.areas):
        raise LineError("kd.E_AREA", area=word,
                        suggestion=did_you_mean(word, [a.id for a in state.scenario.areas]))
    return word


def _country(state: KDState, word: str) -> str:
    if not any(c.key == word for c in state.scenario.countries):
        raise LineError("kd.E_COUNTRY", country=word, suggestion=did_you_mean(
            word, [c.key for c in state.scenario.countries]))
    return word


def _kind(word: str) -> str:
    if word not in KINDS:
        raise LineError("kd.E_KIND", kind=word, suggestion=did_you_mean(word, KINDS))
    return word


def _written(state: KDState, words: list[str]) -> Move:
    """A move as written: its path of areas and the units named after `with`."""
    cut = words.index("with") if "with" in words else len(words)
    path = [_area(state, w) for w in words[:cut] if w not in ("to", ">", "-")]
    if len(path) < 2:
        raise LineError("kd.E_PATH")
    return Move(path=path, units=words[cut + 1:])


def _move(state: KDState, seat: str, words: list[str]) -> Move:
    move = _written(state, words)
    if seat not in acting(state):
        raise LineError("kd.E_NOT_YOUR_ACTION", "illegal")
    try:
        check_move(state, seat, move)
    except MoveError as error:
        raise LineError(error.code, "illegal", **error.params) from error
    rehearse(state, seat, move)
    return move


def _answer(state: KDState, seat: str, text: str) -> str:
    window = state.window
    if window is None or window.seat != seat:
        raise LineError("kd.E_NO_QUESTION", "illegal")
    picked = window.choice(text)
    if picked is None:
        raise LineError("kd.E_CHOICE", "illegal", answer=text)
    return picked.key


def _standing(words: list[str]) -> StandingReaction:
    if len(words) < 3 or words[0] not in TRIGGERS or "do" not in words:
        raise LineError("kd.E_STANDING", text=" ".join(words))
    cut = words.index("do")
    when: dict[str, object] = {}
    for pair in words[1:cut]:
        key, _, value = pair.partition("=")
        if not value:
            raise LineError("kd.E_STANDING", text=" ".join(words))
        when[key] = int(value) if value.isdigit() else value
    answer = " ".join(words[cut + 1:])
    if not answer:
        raise LineError("kd.E_STANDING", text=" ".join(words))
    return StandingReaction(trigger=TRIGGERS[words[0]], answer=answer, when=when)


def _build(state: KDState, seat: str, words: list[str]) -> BuildPlan:
    plan = BuildPlan(restore=False)
    for word in words:
        key, _, value = word.partition("=")
        if word == "restore":
            plan.restore = True
        elif key in KINDS and value.isdigit():
            plan.armies[key] = int(value)
        elif key == "fortify" and value:
            plan.fortify = [_area(state, w) for w in value.split("+")]
        elif value and any(c.key == key for c in state.scenario.countries):
            plan.minors[key] = _minor_kinds(state, seat, key, value)
        elif word != "none":
            raise LineError("kd.E_BUILD", suggestion=_near_build(key, value), text=word)
    return plan


def _minor_kinds(state: KDState, seat: str, key: str, value: str) -> list[str]:
    try:
        return minor_kinds(state, seat, key, value)
    except ChoiceError as error:
        raise LineError(error.code, **error.params) from error


def _near_build(key: str, value: str) -> str | None:
    """The build word a misspelt one may mean, written as it must be ('infantry=2')."""
    near = did_you_mean(key, [*KINDS, "restore", "fortify", "none"])
    return f"{near}={value}" if near and value else near


COUNTRY_TARGET = ("increase-harvest", "decrease-harvest", "increase-resources",
                  "decrease-resources", "royal-death", "vacillating-force", "alliance")


AIMED = ("vacillating-force", "act-of-god", "troop-revolt", "bribe")  # see choices.py


def _play(state: KDState, words: list[str]) -> str:
    if not words or words[0] not in BY_KEY or (len(words) > 3 and words[0] not in AIMED):
        near = did_you_mean(words[0], BY_KEY) if words and words[0] not in BY_KEY else None
        raise LineError("kd.E_EVENT", suggestion=near, name=" ".join(words))
    key, rest = words[0], words[1:]
    if key in COUNTRY_TARGET:
        if not rest:
            raise LineError("kd.E_EVENT_TARGET", name=key)
        _country(state, rest[0])
    if key == "alliance" and len(rest) == 2 and not (rest[1].isdigit() and
                                                     1 <= int(rest[1]) <= 5):
        raise LineError("kd.E_EVENT_TARGET", name=key)
    if key in AIMED:
        try:
            check_play(state, key, rest)
        except ChoiceError as error:
            raise LineError(error.code, **error.params) from error
    if key == "gods-intervention" and rest and rest[0] not in (*BY_KEY, "any"):
        raise LineError("kd.E_EVENT", suggestion=did_you_mean(rest[0], BY_KEY), name=rest[0])
    if key == "hand-of-fate" and rest and not all(
            b.isdigit() and 1 <= int(b) <= 12 for b in rest[0].split("+")):
        raise LineError("kd.E_EVENT_TARGET", name=key)
    return " ".join(words)


def canonical_orders(orders: KDOrders) -> str:
    """The one text form of the orders."""
    lines = []
    for move in orders.moves:
        units = f" with {' '.join(move.units)}" if move.units else ""
        lines.append(f"move {' '.join(move.path)}{units}")
    lines += [f"besiege {area}" for area in orders.sieges]
    if orders.answer is not None:
        lines.append(f"react {orders.answer}")
    if orders.prefer is not None:
        lines.append("prefer " + " ".join(orders.prefer))
    lines += choice_text(orders)
    if orders.standing is not None:
        lines += [standing_text(r) for r in orders.standing] or ["standing none"]
    for which in ("battle", "siege"):
        kinds = getattr(orders, f"losses_{which}")
        if kinds is not None:
            lines.append(f"losses {which} {' '.join(kinds)}".rstrip())
    if orders.build is not None:
        lines.append(build_text(orders.build))
    if orders.plays is not None:
        lines += [f"play {p}" for p in orders.plays] or ["play none"]
    if orders.bribes is not None:
        lines += [f"bribe {k} {n}" for k, n in sorted(orders.bribes.items())] or ["bribe none"]
    lines += [f"ally {s}" for s in orders.allies] + [f"break {s}" for s in orders.breaks]
    lines += [f"give {g.to} {g.what} {g.amount}" for g in orders.gifts]
    if orders.later is not None:
        lines += [line for plan in orders.later for line in plan_lines(plan)] or ["plans none"]
    return "\n".join(lines) or "pass"


def plan_lines(plan: Plan) -> list[str]:
    """A later action's orders as the lines that set it, `then` first."""
    moves = canonical_orders(KDOrders(moves=plan.moves, sieges=plan.sieges))
    return ["then", *moves.splitlines()]


def standing_text(rule: StandingReaction) -> str:
    """A standing reaction as the line that sets it."""
    trigger = next(k for k, v in TRIGGERS.items() if v == rule.trigger)
    when = "".join(f" {k}={v}" for k, v in sorted(rule.when.items()))
    return f"on {trigger}{when} do {rule.answer}"


def build_text(plan: BuildPlan) -> str:
    """A build plan as the line that sets it."""
    parts = ["restore"] if plan.restore else []
    parts += [f"{k}={n}" for k, n in sorted(plan.armies.items())]
    if plan.fortify:
        parts.append("fortify=" + "+".join(plan.fortify))
    parts += [f"{k}={'+'.join(kinds) or 'none'}" for k, kinds in sorted(plan.minors.items())]
    return "build " + (" ".join(parts) or "none")

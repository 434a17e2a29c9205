"""Orders carried out later, checked when they arrive: a later turn's moves, builds and
number of actions, and Blessings kept for a team-mate's turn. A finding is a warning: the
orders are kept (the board may still change), and the sender learns now what would fail."""

from __future__ import annotations

from pbem.core.problems import Problem
from pbem.games.kings_of_israel.content import ACTIONS
from pbem.games.kings_of_israel.inputs import Act
from pbem.games.kings_of_israel.play.actions import RUNNERS, cost
from pbem.games.kings_of_israel.reach import enterable, steps_from
from pbem.games.kings_of_israel.state import KIState


def check_orders(
    state: KIState,
    seat: str,
    acts: list[Act],
    later: list[list[Act]] | None,
    lines: dict[int, int],
) -> list[Problem]:
    """Warnings for what `seat` sent for later: Blessings kept, and every later turn."""
    here = state.prophets[seat].at
    found: list[Problem] = []
    if _turn_now(state, seat):
        here = _walk(state, here, acts)
    else:
        found += _plays(state, acts, lines) + _plan_note(state, later, lines)
    for turn in later or []:
        here, problems = _later_turn(state, seat, here, turn, lines)
        found += problems
    return found


def _plan_note(
    state: KIState, later: list[list[Act]] | None, lines: dict[int, int]
) -> list[Problem]:
    """Say so when lines sent out of turn are kept as a plan for the sender's next turn."""
    first = next((act for turn in later or [] for act in turn), None)
    if first is None:
        return []
    up = turn_of_play(state)
    name = next((s.name for s in state.seats if s.id == up), "another prophet")
    return [_warning(first, lines, "ki.W_PLAN_LATER", seat=name)]


def _turn_now(state: KIState, seat: str) -> bool:
    return state.window is None and state.step == "work" and state.active_seat() == seat


def turn_of_play(state: KIState) -> str | None:
    """The seat whose turn a Blessing sent now is played in, when it is known."""
    if state.window is not None and state.turn is not None:
        return state.turn.seat
    return state.active_seat() if state.step == "work" else None


def _warning(act: Act, lines: dict[int, int], code: str, **params: str) -> Problem:
    line = lines.get(id(act), 0)
    return Problem(line=line, code=code, kind="illegal", severity="warning", params=params)


def _plays(state: KIState, acts: list[Act], lines: dict[int, int]) -> list[Problem]:
    found = []
    for act in acts:
        code = play_problem(state, act, turn_of_play(state))
        if code is not None:
            found.append(_warning(act, lines, code, seat=turn_of_play(state) or ""))
    return found


def play_problem(state: KIState, act: Act, turn_seat: str | None) -> str | None:
    """What makes a Blessing play fail whatever the board then holds, or None."""
    if act.verb != "play" or not act.args:
        return None
    card = next(c for c in state.board.blessings if c.id == act.args[0])
    place = next((a for a in act.args[1:] if a in state.board.locations()), None)
    target = next((a for a in act.args[1:] if a in state.prophets), None)
    for step in card.steps:
        if step.op == "travel" and (place is None or not enterable(state, place)):
            return "ki.W_PLAY_PLACE"
        if step.params.get("where") == "any" and place is None:
            return "ki.W_PLAY_PLACE"
        if step.op == "actions" and turn_seat is not None and target != turn_seat:
            return "ki.W_PLAY_TURN"
    return None


def _later_turn(
    state: KIState, seat: str, here: str, acts: list[Act], lines: dict[int, int]
) -> tuple[str, list[Problem]]:
    found, spent, budget = [], 0, ACTIONS
    for act in acts:
        if act.verb == "play":
            budget += _extra_actions(state, act)
            continue
        spent += cost(state, seat, act)
        if spent > budget:
            found.append(_warning(act, lines, "ki.W_LATER_ACTIONS"))
            continue
        if act.verb == "move":
            end = _step(state, here, act)
            if end is None:
                names = {"place": _name(state, act.args[0]), "start": _name(state, here)}
                found.append(_warning(act, lines, "ki.W_LATER_MOVE", **names))
            here = end or here
        elif act.verb == "build" and (here in state.altars or here in state.destroyed):
            found.append(_warning(act, lines, "ki.W_LATER_BUILD", place=_name(state, here)))
    return here, found


def _walk(state: KIState, here: str, acts: list[Act]) -> str:
    """Where this turn's moves leave the prophet, as far as they can be followed now."""
    for act in acts:
        if act.verb == "move":
            here = _step(state, here, act) or here
    return here


def _step(state: KIState, here: str, act: Act) -> str | None:
    """Where a move ends, or None when it cannot be made on the board as it stands."""
    path = [a for a in act.args if a not in RUNNERS]
    if len(path) == 1:
        return path[0] if path[0] in steps_from(state, here) else None
    for place in path:
        if place not in state.board.road_neighbours(here) or not enterable(state, place):
            return None
        here = place
    return here


def _extra_actions(state: KIState, act: Act) -> int:
    card = next((c for c in state.board.blessings if c.id == act.args[0]), None)
    return sum(s.number("count") for s in card.steps if s.op == "actions") if card else 0


def _name(state: KIState, place: str) -> str:
    return state.board.place(place).name

"""The calendar: each year's Spring and Fall movement, their retreats and the Winter
adjustments, each phase's key and label, and who owes orders in it."""

from __future__ import annotations

from pbem.core.game import Due, PhaseInfo
from pbem.games.diplomacy.rules.adjustment import owes
from pbem.games.diplomacy.state import DipState

STEP_NAMES = {"movement": "movement", "retreat": "retreats", "adjustment": "adjustments"}


def phase_info(state: DipState) -> PhaseInfo:
    """Where the game stands: `s1901m` Spring 1901 movement, `f1901r`, `w1901a`."""
    turn = state.year - state.board.first_year + 1
    if state.step == "over":
        return PhaseInfo(key=f"over-{state.year}", label="The game is over", turn=turn,
                         topic="over")
    key = f"{state.season[0]}{state.year}{state.step[0]}"
    return PhaseInfo(key=key, label=phase_label(state), turn=turn, topic=state.step)


def phase_label(state: DipState) -> str:
    """"Spring 1901 movement"."""
    return f"{state.season.title()} {state.year} {STEP_NAMES.get(state.step, state.step)}"


def ordering(state: DipState) -> list[str]:
    """The powers that have something to order now (played powers only)."""
    played = state.played()
    if state.step == "movement":
        return [p for p in played if state.units_of(p)]
    if state.step == "retreat":
        return [p for p in played
                if any(d.power == p and d.retreats for d in state.dislodged)]
    if state.step == "adjustment":
        return [p for p in played if owes(state, p)]
    return []


def due(state: DipState) -> Due:
    """The seats whose powers have something to order; every other surviving player may
    still write (to vote), but is never waited for."""
    if state.step == "over":
        return Due()
    owing = ordering(state)
    seats = [s for p in owing if (s := state.seat_of(p)) is not None]
    others = [s for p in state.played() if p not in owing and (s := state.seat_of(p))]
    return Due(players=sorted(seats), optional=sorted(others))

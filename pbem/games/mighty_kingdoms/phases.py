"""Phase keys and labels, and who owes input in each stage."""

from __future__ import annotations

from pbem.core.game import Due, PhaseInfo
from pbem.games.mighty_kingdoms.battles.kow import pending_battle
from pbem.games.mighty_kingdoms.state import MKState

SETUP_LABELS = {
    "race": "Setup: choose your race",
    "capital": "Setup: choose your capital",
    "placement": "Setup: place your settlements",
    "army": "Setup: place your first army",
}


def phase_info(state: MKState) -> PhaseInfo:
    """A stable key, a label, the running turn and the help topic of the current phase."""
    if state.stage in SETUP_LABELS:
        return PhaseInfo(key=f"setup-{state.stage}", label=SETUP_LABELS[state.stage],
                         turn=state.turn, topic=state.stage)
    year = f"y{state.year}"
    if state.stage == "summer":
        return PhaseInfo(key=f"{year}-m{state.month}", turn=state.turn, topic="summer",
                         label=f"Year {state.year}, summer month {state.month}: orders")
    if state.stage == "battle":
        record = pending_battle(state)
        number = record.number if record else 0
        where = f" in {record.tile}" if record else ""
        return PhaseInfo(key=f"{year}-m{state.month}-battle-{number}", turn=state.turn,
                         topic="battle",
                         label=f"Year {state.year}, summer month {state.month}: "
                               f"battle {number}{where}")
    if state.stage == "winter":
        return PhaseInfo(key=f"{year}-winter", turn=state.turn, topic="winter",
                         label=f"Year {state.year}, winter")
    return PhaseInfo(key="over", label="The campaign is over", turn=state.turn, topic="over")


def due_now(state: MKState) -> Due:
    """Setup: everyone. Summer: seats with armies (others optional). Battle: the referee."""
    seats = [s.id for s in state.seats]
    if state.stage in SETUP_LABELS:
        return Due(players=seats)
    if state.stage == "battle":
        return Due(referee=True)
    if state.stage == "summer":
        owing = [s for s in seats if any(a.tile for a in state.armies_of(s))]
        return Due(players=owing, optional=[s for s in seats if s not in owing])
    if state.stage == "winter":
        owing = [s for s in seats if state.armies_of(s) or _has_settlement(state, s)]
        return Due(players=owing, optional=[s for s in seats if s not in owing])
    return Due()


def _has_settlement(state: MKState, seat: str) -> bool:
    return any(state.tiles[t].settlement for t in state.controlled(seat))

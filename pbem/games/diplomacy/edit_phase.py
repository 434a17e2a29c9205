"""The referee's edit of the phase: `phase fall 1902 movement` puts the game in another phase,
checked by the rules: a season's own steps (Spring and Fall move and retreat, Winter adjusts),
a year the game plays, dislodged units only in a retreat phase, and a phase in which some
played power has something to order (the rules never stop in any other)."""

from __future__ import annotations

from pbem.core.edits import Change, one_of, whole
from pbem.core.game import EditRefused
from pbem.games.diplomacy.order_text import unit_text
from pbem.games.diplomacy.rules.adjustment import balance
from pbem.games.diplomacy.rules.phases import ordering, phase_label
from pbem.games.diplomacy.state import DipState, Season, Step

SEASONS: dict[str, Season] = {"spring": "spring", "fall": "fall", "autumn": "fall",
                              "winter": "winter"}
STEPS: dict[str, Step] = {"movement": "movement", "movements": "movement",
                          "retreat": "retreat", "retreats": "retreat",
                          "adjustment": "adjustment", "adjustments": "adjustment"}
SEASON_STEPS: dict[Season, tuple[Step, ...]] = {
    "spring": ("movement", "retreat"), "fall": ("movement", "retreat"),
    "winter": ("adjustment",)}


def set_phase(state: DipState, args: list[str]) -> Change:
    """Put `state` (a copy) in the phase SEASON YEAR STEP, or refuse one the rules never
    stand in with this board."""
    season = SEASONS[one_of(args[0], sorted(SEASONS), "season").lower()]
    step = STEPS[one_of(args[2], sorted(STEPS), "step").lower()]
    year = _year(state, args[1])
    if step not in SEASON_STEPS[season]:
        raise EditRefused("dip.E_EDIT_PHASE_STEP", season=season.title(), step=step,
                          steps=" or ".join(SEASON_STEPS[season]))
    before = phase_label(state)
    if (season, year, step) == (state.season, state.year, state.step):
        raise EditRefused("dip.E_EDIT_PHASE_SAME", phase=before)
    if state.dislodged and step != "retreat":
        units = ", ".join(unit_text(d.kind, d.at) for d in state.dislodged)
        raise EditRefused("dip.E_EDIT_PHASE_DISLODGED", units=units)
    state.season, state.year, state.step = season, year, step
    state.adjust = balance(state) if step == "adjustment" else {}
    if not ordering(state):
        raise EditRefused("dip.E_EDIT_PHASE_IDLE", phase=phase_label(state))
    return Change(f"phase {phase_label(state)} (was {before})", phase=True)


def _year(state: DipState, text: str) -> int:
    """A year from the board's first to its last (when the game has one)."""
    first = state.board.first_year
    return whole(text, first, state.end_year or None)

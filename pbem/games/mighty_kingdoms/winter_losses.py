"""Removing armies and units in winter, and where their artefacts go."""

from __future__ import annotations

from pbem.games.mighty_kingdoms.state import Army, MKState, Unit
from pbem.games.mighty_kingdoms.winter_checks import has_capital


def release_artefacts(state: MKState, seat: str, units: list[Unit]) -> list[str]:
    """Send the artefacts of lost units to the capital, or back to the pool without one."""
    freed = [u.artefact for u in units if u.artefact]
    keep = has_capital(state, seat)
    for name in freed:
        (state.kingdoms[seat].artefacts_held if keep else state.artefacts_pool).append(name)
    return freed


def remove_army(state: MKState, army: Army) -> None:
    """Take an army off the board, keeping its artefacts in play where the rules allow."""
    release_artefacts(state, army.owner, army.units)
    del state.armies[army.id]


def remove_unit(state: MKState, army: Army, unit: Unit) -> bool:
    """Cross a unit off its army list; remove the army if it was the last. True if so."""
    army.units = [u for u in army.units if u is not unit]
    release_artefacts(state, army.owner, [unit])
    if army.units:
        return False
    del state.armies[army.id]
    return True

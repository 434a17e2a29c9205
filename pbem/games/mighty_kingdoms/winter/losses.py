"""Removing armies and units in winter; their artefacts stay in play (see armies/artefacts.py)."""

from __future__ import annotations

from pbem.games.mighty_kingdoms.armies.artefacts import release_artefacts
from pbem.games.mighty_kingdoms.state import Army, MKState, Unit


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

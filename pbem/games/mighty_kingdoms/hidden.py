"""What the fog of war hides from one kingdom, drawn afresh (the indistinguishability check,
issue 24).

A kingdom sees every army's tile and owner, every tile's control and settlement, and each
kingdom's count of tiles, settlements and armies (so also its gold and food, which the winter
gathers from its tiles, announces, and loses unspent); it does not see the lists of armies
no battle has revealed, the artefacts others hold or carry, what is left in the
artefact pool, or a race still sealed. `resample_hidden` keeps the first and draws the
second again:

* the units of another kingdom's unrevealed armies are dealt again among them, each army
  keeping its number of units (a single army's list is reordered);
* the artefacts others hold or carry and the pool are dealt again, counts kept;
* the other kingdoms' sealed races are exchanged among them.
"""

from __future__ import annotations

from pbem.core.rng import SeededRng
from pbem.games.mighty_kingdoms.state import MKState


def resample_hidden(state: MKState, seat: str, rng: SeededRng) -> MKState:
    """A state equal to `state` in all `seat` may know, with what the fog hides drawn afresh."""
    twin = state.working_copy()
    others = [s.id for s in twin.seats if s.id != seat]
    _armies(twin, others, rng)
    _artefacts(twin, others, rng)
    _races(twin, others, rng)
    return twin


def _armies(state: MKState, others: list[str], rng: SeededRng) -> None:
    """The units of a kingdom's armies no battle has shown, dealt again among them (each army
    keeps its number of units and its points)."""
    for other in others:
        hidden = [a for a in state.armies_of(other) if not a.list_revealed]
        units = [u for a in hidden for u in a.units]
        dealt = rng.shuffled(units, purpose=f"hidden units {other}")
        for army in hidden:
            count = len(army.units)
            army.units, dealt = dealt[:count], dealt[count:]


def _artefacts(state: MKState, others: list[str], rng: SeededRng) -> None:
    """The artefacts others hold or carry between battles, and the pool, dealt again."""
    carried = [u for o in others for a in state.armies_of(o) if not a.list_revealed
               for u in a.units if u.artefact]
    unseen = [u.artefact or "" for u in carried] + list(state.artefacts_pool)
    unseen += [name for o in others for name in state.kingdoms[o].artefacts_held]
    dealt = rng.shuffled(unseen, purpose="hidden artefacts")
    for unit in carried:
        unit.artefact, dealt = dealt[0], dealt[1:]
    for other in others:
        count = len(state.kingdoms[other].artefacts_held)
        state.kingdoms[other].artefacts_held, dealt = dealt[:count], dealt[count:]
    state.artefacts_pool = dealt


def _races(state: MKState, others: list[str], rng: SeededRng) -> None:
    sealed = [o for o in others if o in state.sealed_races]
    races = rng.shuffled([state.sealed_races[o] for o in sealed], purpose="hidden races")
    for other, race in zip(sealed, races, strict=True):
        state.sealed_races[other] = race

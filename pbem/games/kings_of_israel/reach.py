"""Where a prophet may go: the places that may be entered and the places one move away."""

from __future__ import annotations

from collections.abc import Callable

from pbem.games.kings_of_israel.state import KIState


def enterable(state: KIState, place: str) -> bool:
    """True when a prophet may enter `place` (never a nation or a destroyed location; no Mount
    under 'High Places')."""
    info = state.board.place(place)
    if info.nation or place in state.destroyed:
        return False
    return not (info.kind == "mount" and state.has_permanent("block"))


def steps_from(state: KIState, here: str) -> list[str]:
    """Places one move away: by road, or by sea unless the seas are closed."""
    found = list(state.board.road_neighbours(here))
    if not state.has_permanent("no_sea"):
        found += [p for p in state.board.sea_neighbours(here) if p not in found]
    return [p for p in found if enterable(state, p)]


def stepper(state: KIState) -> Callable[[str], list[str]]:
    """`steps_from(state, here)` for many places of a state that does not change meanwhile:
    the open seas, the High Places and each place's entry are looked up once."""
    board, destroyed = state.board, set(state.destroyed)
    seas = not state.has_permanent("no_sea")
    mounts = not state.has_permanent("block")
    entry: dict[str, bool] = {}

    def enters(place: str) -> bool:
        known = entry.get(place)
        if known is None:
            info = board.place(place)
            known = not (info.nation or place in destroyed) and (info.kind != "mount" or mounts)
            entry[place] = known
        return known

    def steps(here: str) -> list[str]:
        found = list(board.road_neighbours(here))
        if seas:
            found += [p for p in board.sea_neighbours(here) if p not in found]
        return [p for p in found if enters(p)]

    return steps

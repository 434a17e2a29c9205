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
    the ways out of each place and the places closed to prophets worked out once."""
    seas = not state.has_permanent("no_sea")
    ways = state.board.memo("ways by sea" if seas else "ways by road", lambda: _ways(state, seas))
    closed = shut(state)

    def steps(here: str) -> list[str]:
        return [p for p in ways[here] if p not in closed]

    return steps


def shut(state: KIState) -> set[str]:
    """The places no prophet may enter now: `enterable` is False for these, True elsewhere."""
    board = state.board
    found = set(state.destroyed) | board.memo("nations", lambda: _of_kind(state, "nation"))
    if state.has_permanent("block"):
        found |= board.memo("mounts", lambda: _of_kind(state, "mount"))
    return found


def _ways(state: KIState, seas: bool) -> dict[str, tuple[str, ...]]:
    """Each place's neighbours by road, then by sea (if `seas`) where no road joins them."""
    board, found = state.board, {}
    for place in board.places:
        near = list(board.road_neighbours(place.id))
        if seas:
            near += [p for p in board.sea_neighbours(place.id) if p not in near]
        found[place.id] = tuple(near)
    return found


def _of_kind(state: KIState, kind: str) -> frozenset[str]:
    return frozenset(p.id for p in state.board.places if p.kind == kind)

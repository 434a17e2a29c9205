"""The German rules' DBA 2.2 setup: the defender places terrain and picks a side, and after
both armies are deployed may swap the places of two of their own units."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.dba_cards.inputs import SwapInput, TerrainInput, TerrainPiece
from pbem.games.dba_cards.opening.deploy import begin
from pbem.games.dba_cards.play.moves import own_unit
from pbem.games.dba_cards.refusal import Refused
from pbem.games.dba_cards.squares import coords, neighbours, valid
from pbem.games.dba_cards.state import DBAState
from pbem.games.dba_cards.terrain import bua_allowed, can_enter, german_terrain
from pbem.games.dba_cards.turn import set_standing

PIECE_SIZE = {"wood": 6, "hill": 6, "steep-hill": 6, "bua": 1, "fortified-bua": 1}
PLACEABLE = ("wood", "hill", "steep-hill", "rough", "bua", "fortified-bua")


def terrain_zone(state: DBAState, square: str) -> bool:
    """True on the ranks between the deployment zones, where terrain may be placed."""
    return valid(square, state.size) and 5 <= coords(square)[1] <= state.size - 4


def check_piece(state: DBAState, piece: TerrainPiece, taken: set[str]) -> None:
    """Raise Refused unless the piece is of a placeable kind, size and shape, in the zone."""
    if piece.terrain not in PLACEABLE:
        raise Refused("dba.E_TERRAIN_KIND", terrain=piece.terrain, kinds=", ".join(PLACEABLE))
    for square in piece.squares:
        if not terrain_zone(state, square):
            raise Refused("dba.E_TERRAIN_ZONE", square=square, last=str(state.size - 4))
        if square in taken:
            raise Refused("dba.E_TERRAIN_TWICE", square=square)
        taken.add(square)
    need = PIECE_SIZE.get(piece.terrain)
    if need is not None and len(piece.squares) != need:
        raise Refused("dba.E_PIECE_SIZE", terrain=piece.terrain, need=str(need))
    if not _connected(piece.squares, state.size):
        raise Refused("dba.E_PIECE_SHAPE", terrain=piece.terrain)
    if piece.terrain in ("bua", "fortified-bua") and not bua_allowed(piece.squares[0], state.size):
        raise Refused("dba.E_BUA_PLACE", square=piece.squares[0])


def _connected(squares: list[str], size: int) -> bool:
    """True when the squares of a piece touch side by side as one area (rough: any)."""
    if not squares:
        return False
    found, todo = {squares[0]}, [squares[0]]
    while todo:
        here = todo.pop()
        for near in neighbours(here, size):
            orthogonal = coords(near)[0] == coords(here)[0] or coords(near)[1] == coords(here)[1]
            if near in squares and near not in found and orthogonal:
                found.add(near)
                todo.append(near)
    return len(found) == len(set(squares))


def check_terrain(state: DBAState, given: TerrainInput) -> None:
    """Raise Refused unless every piece and river side may be placed."""
    taken: set[str] = set()
    for piece in given.pieces:
        if piece.terrain == "rough":
            for square in piece.squares:
                check_piece(state, TerrainPiece(terrain="rough", squares=[square]), taken)
        else:
            check_piece(state, piece, taken)
    for side in given.rivers:
        for square in side.split("-"):
            if not terrain_zone(state, square):
                raise Refused("dba.E_TERRAIN_ZONE", square=square, last=str(state.size - 4))


def place_terrain(state: DBAState, seat: str, given: TerrainInput, rng: SeededRng) -> list[Event]:
    """Lay out the defender's terrain (or the seeded layout) and set who deploys where."""
    if given.random:
        state.terrain, state.rivers = german_terrain(state.size, rng)
    else:
        state.terrain = {s: p.terrain for p in given.pieces for s in p.squares}
        state.terrain = dict(sorted(state.terrain.items()))
        state.rivers = sorted(set(given.rivers))
    attacker = state.opponent(seat)
    state.south = attacker if given.side == "north" else seat
    state.stage = "deploy"
    data = {"seat": seat, "side": given.side, "squares": len(state.terrain)}
    return [Event(code="dba.terrain_placed", data={**data, "rivers": len(state.rivers)})]


def check_swap(state: DBAState, seat: str, given: SwapInput) -> None:
    """Raise Refused unless the swap names two of the seat's units that may trade squares."""
    if not given.squares:
        return
    first, second = (own_unit(state, seat, s) for s in given.squares)
    if first.id == second.id:
        raise Refused("dba.E_SWAP_FORM")
    for unit, square in ((first, second.square), (second, first.square)):
        if not can_enter(state, unit.type, square):
            raise Refused(
                "dba.E_TERRAIN", square=square, unit=unit.type, terrain=state.terrain_at(square)
            )


def swap_units(state: DBAState, seat: str, given: SwapInput) -> list[Event]:
    """Swap the two units' squares (checked first; an illegal swap is no swap)."""
    try:
        check_swap(state, seat, given)
    except Refused:
        return [Event(code="dba.swapped", data={"seat": seat, "squares": []})]
    if given.squares:
        first, second = (own_unit(state, seat, s) for s in given.squares)
        first.square, second.square = second.square, first.square
    return [Event(code="dba.swapped", data={"seat": seat, "squares": list(given.squares)})]


def run_terrain(state: DBAState, seat: str, given: TerrainInput, rng: SeededRng) -> list[Event]:
    """The terrain stage: the defender's placing if legal, else the seeded layout."""
    events = set_standing(state, seat, given.standing)
    try:
        check_terrain(state, given)
    except Refused:
        given = TerrainInput(side=given.side)
    return events + place_terrain(state, seat, given, rng)


def run_swap(state: DBAState, seat: str, given: SwapInput, rng: SeededRng) -> list[Event]:
    """The swap stage: swap two of the defender's units, then the attacker's first turn."""
    events = set_standing(state, seat, given.standing)
    return events + swap_units(state, seat, given) + begin(state, rng)

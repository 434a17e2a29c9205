"""The board picture of a Mighty Kingdoms state, for the game-neutral map renderer."""

from __future__ import annotations

from pbem.core.board import Arrow, Cell, Edge, Owner, Picture, Piece
from pbem.core.game import Event
from pbem.games.mighty_kingdoms.state import MKState, natural_key

ARROW_STYLES = {"mk.move": "move", "mk.win_move": "move", "mk.retreat": "retreat",
                "mk.pushed_back": "blocked"}


def board_picture(state: MKState, viewer: str | None, events: list[Event]) -> Picture:
    """Cells, edges, settlements, armies, this turn's arrows and battles, and the owners."""
    public = [e for e in events if e.seen_by(viewer)]
    return Picture(
        kind="hex",
        title=state.map.title,
        cells=_cells(state),
        edges=_edges(state),
        pieces=_settlements(state, viewer) + _armies(state, viewer),
        arrows=_arrows(public),
        battles=_battles(public),
        owners=[Owner(key=s.id, name=state.kingdoms[s.id].name, slot=i)
                for i, s in enumerate(state.seats)],
    )


def _tile_ids(state: MKState) -> list[str]:
    """The map's tile ids in natural order (worked out once per map)."""
    return state.map.memo("tile_ids", lambda: sorted(state.map.tiles, key=natural_key))


def _cells(state: MKState) -> list[Cell]:
    cells = []
    for tile_id in _tile_ids(state):
        tile, here = state.map.tiles[tile_id], state.tiles[tile_id]
        marks = [m for m, on in (("river", tile.river), ("start", tile.start),
                                 ("tower", here.tower), ("razing", here.razing)) if on]
        cells.append(Cell(id=tile_id, q=tile.q, r=tile.r, terrain=tile.terrain,
                          owner=here.owner, marks=marks))
    return cells


def _edges(state: MKState) -> list[Edge]:
    """The map's side features, the same in every picture (built once per map, shared)."""
    return list(state.map.memo("board_edges", lambda: [
        Edge(cell=tile_id, side=side, feature=feature)
        for tile_id in _tile_ids(state)
        for side, feature in sorted(state.map.tiles[tile_id].edges.items())
    ]))


def _settlements(state: MKState, viewer: str | None) -> list[Piece]:
    pieces = []
    for tile_id in sorted(state.tiles, key=natural_key):
        kind = state.settlement_kind(tile_id)
        owner = state.tiles[tile_id].owner
        if kind:
            pieces.append(Piece(cell=tile_id, kind=kind, owner=owner,
                                highlight=viewer is not None and owner == viewer))
    return pieces


def _armies(state: MKState, viewer: str | None) -> list[Piece]:
    armies = sorted((a for a in state.armies.values() if a.tile), key=lambda a: natural_key(a.id))
    return [Piece(cell=a.tile or "", kind="army", owner=a.owner, label=a.id, lying=a.lying,
                  highlight=viewer is not None and a.owner == viewer) for a in armies]


def _arrows(events: list[Event]) -> list[Arrow]:
    return [
        Arrow(source=e.data["from"], target=e.data["to"], owner=e.data.get("seat"),
              style=ARROW_STYLES[e.code])  # type: ignore[arg-type]
        for e in events if e.code in ARROW_STYLES
    ]


def _battles(events: list[Event]) -> list[str]:
    tiles: list[str] = []
    for event in events:
        tile = event.data.get("tile")
        if event.code in ("mk.battle", "mk.slaughter") and tile and tile not in tiles:
            tiles.append(tile)
    return tiles

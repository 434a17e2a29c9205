"""A game-neutral picture of a hex, square or area board, drawn by pbem.render.svg and .png.

A game's view fills one of these; the renderer never knows the game's rules.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer

AREA_ONLY_CELL = ("x", "y", "outline")  # left out of a cell's dump while unset
# left out of a picture's dump while unset
OPTIONAL_PARTS = ("links", "names", "notes", "span", "keyless")


class Cell(BaseModel):
    """One hex, square or area: where it is, how it is filled, and its label."""

    id: str
    q: int = 0  # hex: axial q; square: file (column), 0-based; area: unused
    r: int = 0  # hex: axial r; square: rank (row), 0-based from the top; area: unused
    # Area maps only: the area's centre in map units (x right, y down, 0..1000 on the
    # longer side), and optionally its outline as polygon corners in the same units.
    x: float | None = None
    y: float | None = None
    outline: list[tuple[float, float]] = Field(default_factory=list)
    terrain: str = "plain"  # a key of the legend's terrain colours
    owner: str | None = None  # a key of Picture.owners
    label: str = ""
    marks: list[str] = Field(default_factory=list)  # small glyph keys: "river", "start", "tower"

    @model_serializer(mode="wrap")
    def _without_unset_area_fields(self, handler: SerializerFunctionWrapHandler) -> Any:
        """Hex and square cells dump as they did before areas existed (reports, goldens)."""
        data = handler(self)
        if isinstance(data, dict):
            for key in AREA_ONLY_CELL:
                if key in data and data[key] in (None, []):
                    del data[key]
        return data


class Edge(BaseModel):
    """A feature on one side of a cell (hex sides: e, ne, nw, w, sw, se; squares: n, e, s, w)."""

    cell: str
    side: str
    feature: str  # "water", "mountain", "forest", ...


class Piece(BaseModel):
    """Something standing in a cell: a settlement, an army, a card."""

    cell: str
    kind: str  # "village", "city", "fortress", "capital", "army", "card", ...
    owner: str | None = None
    label: str = ""
    highlight: bool = False  # the viewer's own piece
    lying: bool = False  # e.g. an army on its side


class Link(BaseModel):
    """Area maps only: a connection drawn between two areas' centres."""

    a: str
    b: str
    # "barrier": neighbours that may not cross here (King David's Jordan away from its fords)
    kind: Literal["road", "sea", "river", "ford", "border", "path", "barrier"] = "road"
    label: str = ""


class Arrow(BaseModel):
    """A movement or attack this turn, from one cell to another (a support or convoy: from the
    supporting or convoying unit to where it helps); `failed` ones are drawn dashed."""

    source: str
    target: str
    owner: str | None = None
    style: Literal["move", "retreat", "battle", "blocked", "support", "convoy"] = "move"
    failed: bool = False

    @model_serializer(mode="wrap")
    def _without_unset_failed(self, handler: SerializerFunctionWrapHandler) -> Any:
        """Arrows that did not fail dump as they did before `failed` existed (goldens)."""
        data = handler(self)
        if isinstance(data, dict) and data.get("failed") is False:
            del data["failed"]
        return data


class Owner(BaseModel):
    """A kingdom or player drawn on the board, with its palette slot."""

    key: str
    name: str
    slot: int  # index into the renderer's colour-blind-safe palette


class Picture(BaseModel):
    """Everything a renderer needs to draw one player's (or the public) board."""

    kind: Literal["hex", "square", "area"]
    title: str = ""
    cells: list[Cell] = Field(default_factory=list)
    edges: list[Edge] = Field(default_factory=list)
    pieces: list[Piece] = Field(default_factory=list)
    arrows: list[Arrow] = Field(default_factory=list)
    battles: list[str] = Field(default_factory=list)  # cell ids where battles happened
    owners: list[Owner] = Field(default_factory=list)
    links: list[Link] = Field(default_factory=list)  # area maps: roads, sea lanes, rivers
    # What the legend calls a terrain, mark, link or piece key, in the game's own words
    # ("rough" -> "rough ground"); keys not named here get the renderer's words.
    names: dict[str, str] = Field(default_factory=dict)
    notes: list[str] = Field(default_factory=list)  # legend lines without a swatch ("Bd Blades")
    # Area maps only: the pixels the areas' centres span across, for a board too dense to
    # read at a phone's width (it then pans sideways on a phone); 0: the phone-width default.
    span: float = 0.0
    # The report says the legend in words beside the map (render.map_key), so the picture has
    # none: text in a picture costs a mail many more bytes than the same words in its HTML.
    keyless: bool = False

    @model_serializer(mode="wrap")
    def _without_unused_parts(self, handler: SerializerFunctionWrapHandler) -> Any:
        """Boards without links, names, notes, a span or keyless dump as they did before those
        existed."""
        data = handler(self)
        if isinstance(data, dict):
            for key in OPTIONAL_PARTS:
                if key in data and not data[key]:
                    del data[key]
        return data


_validated: list[tuple[dict[str, Any], Picture]] = []  # the last board read, held so its id stays


def picture_of(board: dict[str, Any]) -> Picture:
    """`board` (a view's picture as a dict) validated as a Picture; the same dict again (a
    report's map and its HTML legend read one view) is not validated twice. Views are built
    afresh for each report and never changed once built."""
    if _validated and _validated[0][0] is board:
        return _validated[0][1]
    picture = Picture.model_validate(board)
    _validated[:] = [(board, picture)]
    return picture

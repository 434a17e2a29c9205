"""Colours, fill patterns and line styles shared by the map renderers, kept as plain data.

Owner colours follow the Okabe–Ito order, which stays distinguishable for the common kinds of
colour blindness; every owner slot also gets its own hatching so colour is never the only cue.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

INK = "#222222"  # outlines and text
PAPER = "#FFFFFF"  # halos behind text, white glyph parts
BACKGROUND = "#FBFAF6"
GRID = "#7D7A70"  # thin cell borders
NEUTRAL = "#BDBDBD"  # pieces and arrows that belong to nobody
LEGEND_BACKGROUND = "#F4F2EA"

OWNER_FILL_OPACITY = 0.28  # a light owner tint over the terrain, which stays readable
OWNER_BAND = 0.16  # the owner's outline inside a hex, in radii
# the thin inner line of an owner's outline: solid, dashed or dotted, so owners differ by more
# than colour
OWNER_DASHES: tuple[tuple[float, float] | None, ...] = (None, (6.0, 3.0), (1.5, 2.5), (10.0, 3.0))
OWNER_PATTERN_OPACITY = 0.7

OWNER_COLOURS: tuple[str, ...] = (
    "#E69F00",  # orange
    "#56B4E9",  # sky blue
    "#009E73",  # bluish green
    "#F0E442",  # yellow
    "#0072B2",  # blue
    "#D55E00",  # vermillion
    "#CC79A7",  # reddish purple
    "#882255",  # wine
    "#332288",  # indigo
    "#999933",  # olive
    "#44AA99",  # teal
    "#661100",  # dark brown
    "#888888",  # grey
)

Segment = tuple[float, float, float, float]
Dot = tuple[float, float, float]


@dataclass(frozen=True)
class Pattern:
    """A repeating tile of strokes and dots, in pixels at scale 1, origin at the canvas corner."""

    name: str
    size: float
    lines: tuple[Segment, ...] = ()
    dots: tuple[Dot, ...] = ()
    width: float = 1.2


def _slash(size: float) -> tuple[Segment, ...]:
    # the two corner stubs close the gaps where neighbouring tiles meet
    return ((0, size, size, 0), (-1, 1, 1, -1), (size - 1, size + 1, size + 1, size - 1))


def _backslash(size: float) -> tuple[Segment, ...]:
    return ((0, 0, size, size), (-1, size - 1, 1, size + 1), (size - 1, -1, size + 1, 1))


OWNER_PATTERNS: tuple[Pattern, ...] = (
    Pattern("slash", 8, _slash(8)),
    Pattern("backslash", 8, _backslash(8)),
    Pattern("horizontal", 7, ((0, 3.5, 7, 3.5),)),
    Pattern("vertical", 7, ((3.5, 0, 3.5, 7),)),
    Pattern("dots", 7, dots=((3.5, 3.5, 1.3),)),
    Pattern("cross", 9, ((0, 4.5, 9, 4.5), (4.5, 0, 4.5, 9))),
    Pattern("diagonal-cross", 10, _slash(10) + _backslash(10)),
    Pattern(
        "rings", 10, dots=((5, 5, 1.0), (0, 0, 1.0), (10, 0, 1.0), (0, 10, 1.0), (10, 10, 1.0))
    ),
)


@dataclass(frozen=True)
class OwnerStyle:
    """How one owner slot is drawn: its colour, a darker ink for hatching, and its pattern."""

    colour: str
    ink: str
    pattern: Pattern


def owner_style(slot: int) -> OwnerStyle:
    """Return the colour and pattern of an owner palette slot (wrapping round for huge games)."""
    colour = OWNER_COLOURS[slot % len(OWNER_COLOURS)]
    pattern = OWNER_PATTERNS[slot % len(OWNER_PATTERNS)]
    return OwnerStyle(colour=colour, ink=mix(colour, INK, 0.45), pattern=pattern)


@dataclass(frozen=True)
class TerrainStyle:
    """The fill of a terrain kind, with an optional texture on top."""

    fill: str
    label: str
    texture: Pattern | None = None
    texture_colour: str = INK


MARSH_TUFTS = Pattern(
    "marsh", 12, ((2, 4, 6, 4), (8, 10, 11, 10), (4, 4, 3, 2.5), (9.5, 10, 9, 8.5))
)

WATER_WAVES = Pattern(
    "waves",
    16,
    ((1, 5, 3, 4), (3, 4, 5, 5), (5, 5, 7, 4), (9, 13, 11, 12), (11, 12, 13, 13)),
    width=1.0,
)

TERRAIN: dict[str, TerrainStyle] = {
    "plain": TerrainStyle("#F1EBD0", "plain"),
    "water": TerrainStyle("#7FB0DB", "water", WATER_WAVES, "#E3F0FA"),
    "marsh": TerrainStyle("#BFD0A4", "marsh", MARSH_TUFTS, "#4E6B35"),
    "light": TerrainStyle("#EEDDBB", "light square"),
    "dark": TerrainStyle("#B89470", "dark square"),
    # area maps
    "sea": TerrainStyle("#72A6D6", "sea", WATER_WAVES, "#E3F0FA"),
    "forest": TerrainStyle("#B5D19A", "forest"),
    "hills": TerrainStyle("#DCC79A", "hills"),
    "mountain": TerrainStyle("#C4B5A5", "mountains"),
    "clear": TerrainStyle("#EFE8CC", "clear"),
    "hill": TerrainStyle("#D6C190", "hill"),
    "desert": TerrainStyle("#EBDCA9", "desert"),
}
UNKNOWN_TERRAIN = TerrainStyle("#DDDDDD", "other")


def terrain_style(key: str) -> TerrainStyle:
    """Return the style of a terrain key, or a neutral grey for keys the palette does not know."""
    return TERRAIN.get(key, UNKNOWN_TERRAIN)


@dataclass(frozen=True)
class EdgeStyle:
    """A feature on one side of a cell: a thick, zig-zag or dashed line along that side."""

    colour: str
    width: float
    shape: Literal["line", "zigzag"]
    label: str
    dash: tuple[float, float] | None = None


EDGE_STYLES: dict[str, EdgeStyle] = {
    "water": EdgeStyle("#1565C0", 5.0, "line", "water edge"),
    "mountain": EdgeStyle("#6D3B12", 2.6, "zigzag", "mountain edge"),
    "forest": EdgeStyle("#1B5E20", 4.5, "line", "forest edge", dash=(5.0, 3.5)),
}
UNKNOWN_EDGE = EdgeStyle("#555555", 3.0, "line", "other edge", dash=(2.0, 2.0))


def edge_style(feature: str) -> EdgeStyle:
    """Return the style of an edge feature, or a grey dotted line for unknown features."""
    return EDGE_STYLES.get(feature, UNKNOWN_EDGE)


@dataclass(frozen=True)
class ArrowStyle:
    """How one kind of arrow is drawn."""

    width: float
    label: str
    dash: tuple[float, float] | None = None


ARROW_STYLES: dict[str, ArrowStyle] = {
    "move": ArrowStyle(3.0, "move"),
    "retreat": ArrowStyle(3.0, "retreat", dash=(6.0, 4.0)),
    "battle": ArrowStyle(3.5, "attack"),
    "blocked": ArrowStyle(3.0, "blocked move"),
    "support": ArrowStyle(1.8, "support"),
    "convoy": ArrowStyle(1.8, "convoy", dash=(1.5, 3.0)),
}
FAILED_DASH = (4.0, 3.0)  # any arrow whose order failed


@dataclass(frozen=True)
class LinkStyle:
    """How an area map draws one kind of link between two areas."""

    colour: str
    width: float
    label: str
    dash: tuple[float, float] | None = None
    wavy: bool = False


LINK_STYLES: dict[str, LinkStyle] = {
    "road": LinkStyle("#7A5230", 3.0, "road"),
    "path": LinkStyle("#7A5230", 1.6, "path", dash=(5.0, 3.0)),
    "sea": LinkStyle("#1565C0", 2.4, "sea lane", dash=(8.0, 5.0)),
    "river": LinkStyle("#1E88E5", 2.6, "river", wavy=True),
    "ford": LinkStyle("#1E88E5", 2.6, "ford", dash=(6.0, 3.0), wavy=True),
    "border": LinkStyle("#555555", 2.0, "border", dash=(1.5, 3.5)),
}
LINK_LABEL_FONT = 10.0


RIVER_COLOUR = "#1E88E5"
RIVER_WIDTH = 2.6
START_FILL = PAPER
TOWER_FILL = "#8D8D8D"
BATTLE_FILL = "#FFE066"
HIGHLIGHT_RING = INK

MARK_LABELS: dict[str, str] = {
    "river": "river",
    "start": "start hex",
    "tower": "tower",
    "port": "port",
    "centre": "supply centre",
}
CENTRE_FILL = PAPER
PORT_FILL = "#1565C0"
PIECE_LABELS: dict[str, str] = {
    "capital": "capital",
    "city": "city",
    "fortress": "fortress",
    "village": "village",
    "army": "army",
    "fleet": "fleet",
    "card": "card",
}


def rgb(colour: str) -> tuple[int, int, int]:
    """Parse '#RRGGBB' into a triple of 0–255 integers."""
    value = colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def mix(colour: str, other: str, amount: float) -> str:
    """Return `colour` moved `amount` (0–1) of the way towards `other`, as '#RRGGBB'."""
    a, b = rgb(colour), rgb(other)
    parts = (round(x + (y - x) * amount) for x, y in zip(a, b, strict=True))
    return "#" + "".join(f"{p:02X}" for p in parts)

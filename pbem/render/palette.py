"""Colours, fill patterns and line styles shared by the map renderers, kept as plain data.

Owner colours follow the Okabe–Ito order, which stays distinguishable for the common kinds of
colour blindness; every owner slot also gets its own hatching so colour is never the only cue.
"""

from __future__ import annotations

import functools
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


@functools.lru_cache(maxsize=64)
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
    rim: str | None = None  # a round area of this terrain is ringed in this colour


MARSH_TUFTS = Pattern(
    "marsh", 12, ((2, 4, 6, 4), (8, 10, 11, 10), (4, 4, 3, 2.5), (9.5, 10, 9, 8.5))
)

WATER_WAVES = Pattern(
    "waves",
    16,
    ((1, 5, 3, 4), (3, 4, 5, 5), (5, 5, 7, 4), (9, 13, 11, 12), (11, 12, 13, 13)),
    width=1.0,
)

ROUGH_GROUND = Pattern(
    "rough", 12, ((1, 5, 3, 3), (3, 3, 5, 5), (7, 11, 9, 9), (9, 9, 11, 11)),
    dots=((9, 3, 0.9), (3, 9, 0.9)),
)
HILL_CONTOURS = Pattern("contours", 14, ((1, 9, 4, 6), (4, 6, 7, 5), (7, 5, 10, 6), (10, 6, 13, 9)))
STEEP_SLOPES = Pattern("slopes", 10, ((1, 8, 5, 2), (5, 2, 9, 8)), width=1.4)
WOOD_CROWNS = Pattern("crowns", 12, dots=((3, 3, 2.3), (9, 9, 2.3)))
HOUSES = Pattern("houses", 10, ((1, 1, 6, 1), (6, 1, 6, 6), (6, 6, 1, 6), (1, 6, 1, 1)))
WALLS = Pattern(
    "walls", 10, ((0, 2, 10, 2), (0, 7, 10, 7), (3, 2, 3, 7), (8, 7, 8, 12), (8, -3, 8, 2)),
    width=1.6,
)
HILL_RIM = "#6B4A1E"
RIM_WIDTH = 2.8
CROSS_HATCH = Pattern("cross-hatch", 8, _slash(8) + _backslash(8), width=1.1)

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
    "hill": TerrainStyle("#E0C890", "hill", HILL_CONTOURS, "#7A5A2A", HILL_RIM),
    "desert": TerrainStyle("#EBDCA9", "desert"),
    "mount": TerrainStyle("#DCC48A", "mount", HILL_CONTOURS, "#7A5A2A", HILL_RIM),
    "nation": TerrainStyle("#D5D3DE", "nation"),
    "inland": TerrainStyle("#D9CB9C", "inland"),  # darker than coastal land under any tint
    "coastal": TerrainStyle("#F6F2E2", "coastal"),
    # battlefields
    "rough": TerrainStyle("#D8CFA2", "rough ground", ROUGH_GROUND, "#5F5224"),
    "steep-hill": TerrainStyle("#C9A66B", "steep hill", STEEP_SLOPES, "#5C3D12"),
    "wood": TerrainStyle("#9DC47F", "wood", WOOD_CROWNS, "#2F6B2F"),
    "bua": TerrainStyle("#D9D2C3", "built-up area", HOUSES, "#4E4338"),
    "fortified-bua": TerrainStyle("#C7BBA5", "fortified built-up area", WALLS, "#3E3328"),
    "impassable": TerrainStyle("#8E8E8E", "impassable", CROSS_HATCH, "#3A3A3A"),
    "rock": TerrainStyle("#B9B2A6", "rock"),
    "tree": TerrainStyle("#A9CC8C", "tree"),
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
    "river": EdgeStyle("#1E88E5", 5.0, "line", "river"),
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
    mark: str = ""  # drawn across the link's middle: "ford" (a crossing), "bar" (none)


LINK_STYLES: dict[str, LinkStyle] = {
    "road": LinkStyle("#7A5230", 3.0, "road"),
    "path": LinkStyle("#7A5230", 1.6, "path", dash=(5.0, 3.0)),
    "sea": LinkStyle("#1565C0", 2.4, "sea lane", dash=(8.0, 5.0)),
    "river": LinkStyle("#1E88E5", 2.6, "river", wavy=True),
    # a ford is a way over a big river (a light band across it); a barrier has none (a bar)
    "ford": LinkStyle("#0D47A1", 4.2, "ford", wavy=True, mark="ford"),
    # thin and solid: a dashed line's every dash costs a mail's map bytes (King David's some 4 KB)
    "border": LinkStyle("#8A8A8A", 1.2, "border"),
    "barrier": LinkStyle("#0D47A1", 4.2, "no crossing", wavy=True, mark="bar"),
}
LINK_MARK = {"ford": ("#C9A461", 5.0, 9.0), "bar": ("#B71C1C", 3.0, 8.0)}  # colour, width, half
LINK_LABEL_FONT = 12.0


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
    "city": "city",
    "rock": "rock",
    "tree": "tree",
    "destroyed": "destroyed",
}
MARK_FILLS: dict[str, str] = {"city": "#FFFFFF", "rock": "#8A8276", "tree": "#3E7D32"}
DESTROYED_INK = "#8B1A1A"
ELITE_BAND = "#FFFFFF"  # a white band inside the rim, plain on every owner colour but yellow
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
    "stack": "stack (how many)",
    "unit": "unit",
    "elite": "elite unit",
    "fort": "fort (its level)",
    "sin": "cubes (how many)",
    "figure": "figure",
    "prophet": "prophet",
    "false-prophet": "False Prophet",
    "altar": "altar",
    "idol": "idol",
    "cube": "cube",
    "spear": "spear",
    "stones": "stones",
}
# Pieces nobody owns that have a colour of their own (else they are neutral grey).
PIECE_FILLS: dict[str, str] = {
    "fort": "#FFFFFF",
    "sin": "#2B2B2B",
    "altar": "#F4EEDF",
    "idol": "#D4AA2A",
    "cube": "#9C1C1C",
    "false-prophet": "#4A4A4A",
    "spear": "#9A7452",
    "stones": "#A8A8A8",
}


@functools.lru_cache(maxsize=1024)
def rgb(colour: str) -> tuple[int, int, int]:
    """Parse '#RRGGBB' into a triple of 0–255 integers."""
    value = colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


@functools.lru_cache(maxsize=1024)
def mix(colour: str, other: str, amount: float) -> str:
    """Return `colour` moved `amount` (0–1) of the way towards `other`, as '#RRGGBB'."""
    a, b = rgb(colour), rgb(other)
    parts = (round(x + (y - x) * amount) for x, y in zip(a, b, strict=True))
    return "#" + "".join(f"{p:02X}" for p in parts)

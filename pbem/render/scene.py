"""Turn a Picture into an ordered list of drawing primitives that both renderers paint alike."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal

from pbem.core.board import Cell, Link, Picture, Piece
from pbem.render import glyphs
from pbem.render.areas import (
    AREA_LABEL_FONT,
    AREA_LABEL_LIMIT,
    area_label,
    link_ends,
)
from pbem.render.layout import (
    ARROW_GAP,
    ARROW_TIP_GAP,
    AXIS_FONT,
    COUNTER_BAND,
    COUNTER_H,
    ID_LABEL_SIZE,
    LEGEND_FONT,
    LEGEND_HEADING_FONT,
    MIN_TEXT,
    SWATCH_H,
    SWATCH_W,
    TITLE_FONT,
    ArrowGeometry,
    CellGeometry,
    Layout,
    LegendRow,
    PiecePlace,
    arrow_between,
    arrow_geometries,
    clip_name,
    compute_layout,
    counter_width,
    id_label_at,
    mark_at,
    piece_places,
    piece_text,
    river_ends,
    terrain_shown,
    text_width,
    wave,
    zigzag,
)
from pbem.render.palette import (
    ARROW_STYLES,
    BACKGROUND,
    BATTLE_FILL,
    CENTRE_FILL,
    DESTROYED_INK,
    ELITE_BAND,
    FAILED_DASH,
    GRID,
    HIGHLIGHT_RING,
    INK,
    LEGEND_BACKGROUND,
    LINK_LABEL_FONT,
    LINK_MARK,
    LINK_STYLES,
    MARK_FILLS,
    NEUTRAL,
    OWNER_BAND,
    OWNER_DASHES,
    OWNER_FILL_OPACITY,
    PAPER,
    PIECE_FILLS,
    PORT_FILL,
    RIM_WIDTH,
    RIVER_COLOUR,
    RIVER_WIDTH,
    START_FILL,
    TOWER_FILL,
    Pattern,
    edge_style,
    owner_style,
    rgb,
    terrain_style,
)
from pbem.render.routing import label_boxes, others, route

Point = tuple[float, float]
Data = tuple[tuple[str, str], ...]
SMALL_NODE = 16.0  # a round area smaller than this shows its owner as a plain band


@dataclass(frozen=True)
class PatternFill:
    """A pattern painted in one colour and opacity, referred to by `key`."""

    key: str
    pattern: Pattern
    colour: str
    opacity: float


@dataclass(frozen=True)
class Shape:
    """A polygon, polyline or circle (points holds the centre) with its paint."""

    kind: Literal["polygon", "polyline", "circle"]
    points: tuple[Point, ...]
    radius: float = 0.0
    fill: str | None = None
    fill_opacity: float = 1.0
    stroke: str | None = None
    stroke_width: float = 1.0
    dash: tuple[float, float] | None = None
    pattern: str | None = None  # a PatternFill key, used instead of `fill`
    role: str = ""
    data: Data = ()


@dataclass(frozen=True)
class Text:
    """A line of text; `at` is the anchor point, vertically centred."""

    at: Point
    text: str
    size: float
    fill: str = INK
    anchor: Literal["start", "middle", "end"] = "middle"
    bold: bool = False
    halo: bool = False
    role: str = ""
    data: Data = ()


Item = Shape | Text


@dataclass
class Scene:
    """Everything to paint, in order, on a canvas of `width` by `height` pixels."""

    width: float
    height: float
    title: str
    patterns: dict[str, PatternFill] = field(default_factory=dict)
    items: list[Item] = field(default_factory=list)
    base_items: int = 0  # items[:base_items] are the board itself, the same for every reader
    legend_items: int = -1  # items[legend_items:] are the legend, painted last (-1: none)

    def add(self, *items: Item) -> None:
        """Append items to paint."""
        self.items.extend(items)

    def pattern(self, pattern: Pattern, colour: str, opacity: float) -> str:
        """Register a coloured pattern and return its key."""
        key = f"{pattern.name}-{colour.lstrip('#').lower()}"
        self.patterns.setdefault(key, PatternFill(key, pattern, colour, opacity))
        return key


class Colours:
    """Owner lookups for one picture: colour and pattern of each owner key."""

    def __init__(self, picture: Picture) -> None:
        self.slots = {owner.key: owner.slot for owner in picture.owners}

    def fill(self, owner: str | None) -> str:
        """Return an owner's colour, or neutral grey."""
        if owner is None or owner not in self.slots:
            return NEUTRAL
        return owner_style(self.slots[owner]).colour

    def piece(self, piece: Piece) -> str:
        """A piece's colour: its owner's, else its kind's own (an altar, a cube), else grey."""
        if piece.owner is not None and piece.owner in self.slots:
            return self.fill(piece.owner)
        return PIECE_FILLS.get(piece.kind, NEUTRAL)


def build_scene(picture: Picture, layout: Layout | None = None, board: bool = True) -> Scene:
    """Lay out `picture` and return the primitives to paint, back to front.

    With `board=False` only what lies over the board (battles, arrows, pieces, legend) is
    built: a renderer that already holds the painted board needs nothing else.
    """
    layout = layout or compute_layout(picture)
    scene = Scene(layout.width, layout.height, picture.title or "Board")
    colours = Colours(picture)
    if board:
        _board(scene, picture, layout, colours)
    scene.base_items = len(scene.items)
    _title(scene, picture, layout)  # over the board: it names the phase, the board stays kept
    _battles(scene, picture, layout)
    _arrows(scene, picture, layout, colours)
    _pieces(scene, picture, layout, colours)
    if layout.legend is not None:
        scene.legend_items = len(scene.items)
    _legend(scene, picture, layout, colours)
    return scene


def _board(scene: Scene, picture: Picture, layout: Layout, colours: Colours) -> None:
    paper = Shape("polygon", _rect(0, 0, layout.width, layout.height), fill=BACKGROUND)
    scene.add(_with(paper, "background", ()))
    _board_cells(scene, picture, layout, colours)
    for cell in picture.cells:
        _marks(scene, cell, layout.cells[cell.id])
    _edges(scene, picture, layout)
    _grid_and_labels(scene, picture, layout)


def _rect(x: float, y: float, w: float, h: float) -> tuple[Point, ...]:
    return (x, y), (x + w, y), (x + w, y + h), (x, y + h)


def _title(scene: Scene, picture: Picture, layout: Layout) -> None:
    if layout.title_at is not None:
        scene.add(Text(layout.title_at, picture.title, TITLE_FONT, anchor="start", bold=True))


def _board_cells(scene: Scene, picture: Picture, layout: Layout, colours: Colours) -> None:
    """Paint the cells; on area maps links go over outlined areas and under round ones."""
    area = picture.kind == "area"
    nodes = {c.id for c in picture.cells if area and layout.cells[c.id].round}
    for cell in picture.cells:
        if cell.id not in nodes:
            _cell(scene, picture, cell, layout.cells[cell.id], colours)
    _links(scene, picture, layout)
    for cell in picture.cells:
        if cell.id in nodes:
            _cell(scene, picture, cell, layout.cells[cell.id], colours)


def _links(scene: Scene, picture: Picture, layout: Layout) -> None:
    for link in picture.links:
        first, second = layout.cells.get(link.a), layout.cells.get(link.b)
        if first is not None and second is not None and first.id != second.id:
            _link(scene, link, first, second)


def _rim(geo: CellGeometry) -> float:
    return geo.radius if geo.round else 0.0


def _link(scene: Scene, link: Link, first: CellGeometry, second: CellGeometry) -> None:
    style = LINK_STYLES[link.kind]
    start, end = link_ends(first.centre, second.centre, _rim(first), _rim(second))
    points: tuple[Point, ...] = (start, end)
    if style.wavy:
        points = wave(start, end, max(1.0, math.dist(start, end) / 28.0), 3.0, steps=48)
    data = (("a", link.a), ("b", link.b), ("kind", link.kind))
    line = Shape("polyline", points, stroke=style.colour, stroke_width=style.width, dash=style.dash)
    scene.add(_with(line, f"link {link.kind}", data))
    if style.mark:
        scene.add(_with(_link_mark(style.mark, start, end), f"link-mark {link.kind}", data))
    if link.label:
        middle = _mid(start, end)
        middle = (middle[0], middle[1] - LINK_LABEL_FONT)  # just above the line
        text = clip_name(link.label, 16)
        scene.add(Text(middle, text, LINK_LABEL_FONT, halo=True, role="link-label", data=data))


def _link_mark(mark: str, start: Point, end: Point, shrink: float = 1.0) -> Shape:
    """The short stroke across a link's middle that tells a ford from a barrier."""
    colour, width, half = LINK_MARK[mark]
    (x, y), length = _mid(start, end), max(1e-9, math.dist(start, end))
    nx, ny = (start[1] - end[1]) / length, (end[0] - start[0]) / length  # across the link
    half *= shrink
    points = ((x - nx * half, y - ny * half), (x + nx * half, y + ny * half))
    return Shape("polyline", points, stroke=colour, stroke_width=width * shrink)


def _cell(scene: Scene, picture: Picture, cell: Cell, geo: CellGeometry, colours: Colours) -> None:
    terrain = terrain_shown(picture, cell)
    style = terrain_style(terrain)
    data = (("cell", cell.id), ("terrain", terrain))
    scene.add(Shape("polygon", geo.polygon, fill=style.fill, role="cell", data=data))
    if style.texture is not None:
        key = scene.pattern(style.texture, style.texture_colour, 0.8)
        scene.add(Shape("polygon", geo.polygon, pattern=key, role="terrain-texture"))
    if cell.owner is not None and cell.owner in colours.slots:
        _owner_fill(scene, geo, cell.owner, colours.slots[cell.owner])


def _owner_fill(scene: Scene, geo: CellGeometry, owner: str, slot: int) -> None:
    """A light tint and a broad inner outline in the owner's colour: the terrain stays visible."""
    style = owner_style(slot)
    data = (("cell", geo.id), ("owner", owner))
    band = max(OWNER_BAND * geo.radius, 3.5 if geo.round else 0.0)
    tint = Shape("polygon", geo.polygon, fill=style.colour, fill_opacity=OWNER_FILL_OPACITY)
    if geo.round and geo.radius < SMALL_NODE:  # too small for a dashed line to read
        outline = Shape("polygon", inset(geo.polygon, geo.centre, band / 2),
                        stroke=style.colour, stroke_width=band)
        scene.add(_with(tint, "owner-fill", data), _with(outline, "owner-outline", data))
        return
    outline = Shape(
        "polygon",
        inset(geo.polygon, geo.centre, band / 2 + 1.0),
        stroke=style.colour,
        stroke_width=band,
    )
    ink = Shape(
        "polygon",
        inset(geo.polygon, geo.centre, band + 1.0),
        stroke=style.ink,
        stroke_width=1.0,
        dash=OWNER_DASHES[slot % len(OWNER_DASHES)],
    )
    scene.add(
        _with(tint, "owner-fill", data),
        _with(outline, "owner-outline", data),
        _with(ink, "owner-outline-ink", data),
    )


def inset(polygon: tuple[Point, ...], centre: Point, distance: float) -> tuple[Point, ...]:
    """A regular polygon shrunk towards its centre so that its sides move in by `distance`."""
    cx, cy = centre
    apothem = min(
        math.dist(centre, _mid(a, b))
        for a, b in zip(polygon, (*polygon[1:], polygon[0]), strict=True)
    )
    k = max(0.0, (apothem - distance) / apothem) if apothem else 0.0
    return tuple((cx + (x - cx) * k, cy + (y - cy) * k) for x, y in polygon)


def _mid(a: Point, b: Point) -> Point:
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


def _with(shape: Shape, role: str, data: Data) -> Shape:
    return Shape(**{**shape.__dict__, "role": role, "data": data})


def _marks(scene: Scene, cell: Cell, geo: CellGeometry) -> None:
    r = geo.radius
    data = (("cell", cell.id),)
    if "river" in cell.marks and geo.kind != "area":  # an area map draws rivers as links
        start, end = river_ends(geo)
        line = wave(start, end, 2.0, 0.05 * r)
        scene.add(
            Shape("polyline", line, stroke=RIVER_COLOUR, stroke_width=RIVER_WIDTH, role="river")
        )
    if "start" in cell.marks:
        at = mark_at(geo, "start")
        scene.add(_circle(at, 0.1 * r, START_FILL, "mark-start", data))
    if "tower" in cell.marks:
        tower = glyphs.place(glyphs.TOWER[0], mark_at(geo, "tower"), 0.15 * r)
        scene.add(
            Shape("polygon", tower, fill=TOWER_FILL, stroke=INK, role="mark-tower", data=data)
        )
    if "port" in cell.marks:
        at, size = port_at(geo)
        port = glyphs.place(glyphs.ANCHOR, at, size)
        scene.add(Shape("polygon", port, fill=PORT_FILL, stroke=INK, role="mark-port", data=data))
    if "centre" in cell.marks:
        centre = glyphs.place(glyphs.CENTRE, mark_at(geo, "centre"), max(6.0, 0.16 * r))
        scene.add(
            Shape("polygon", centre, fill=CENTRE_FILL, stroke=INK, role="mark-centre", data=data)
        )
    for mark in (m for m in cell.marks if m in glyphs.MARK_GLYPHS):
        _glyph_mark(scene, mark, geo, data)
    if "destroyed" in cell.marks:
        _cross(scene, geo, data)


def port_at(geo: CellGeometry) -> tuple[Point, float]:
    """Where a port's anchor goes and its size: left of a round area, inside anything else."""
    if geo.round:
        return (geo.centre[0] - geo.radius - 6.0, geo.centre[1] + 2.0), 6.0
    return mark_at(geo, "port"), 0.26 * geo.radius


def _glyph_mark(scene: Scene, mark: str, geo: CellGeometry, data: Data) -> None:
    """A city, rock or tree drawn in the middle of its cell."""
    share = 0.55 if geo.round else 0.5
    for polygon in glyphs.MARK_GLYPHS[mark]:
        points = glyphs.place(polygon, geo.centre, share * geo.radius)
        fill = MARK_FILLS.get(mark, NEUTRAL)
        scene.add(Shape("polygon", points, fill=fill, stroke=INK, stroke_width=1.1,
                        role=f"mark-{mark}", data=data))


def _cross(scene: Scene, geo: CellGeometry, data: Data) -> None:
    """A destroyed place: a bold cross over it."""
    r = 0.8 * geo.radius
    (x, y) = geo.centre
    for a, b in (((x - r, y - r), (x + r, y + r)), ((x - r, y + r), (x + r, y - r))):
        line = Shape("polyline", (a, b), stroke=DESTROYED_INK, stroke_width=3.0)
        scene.add(_with(line, "mark-destroyed", data))


def _circle(at: Point, radius: float, fill: str, role: str, data: Data = ()) -> Shape:
    return Shape(
        "circle", (at,), radius, fill=fill, stroke=INK, stroke_width=1.2, role=role, data=data
    )


def _edges(scene: Scene, picture: Picture, layout: Layout) -> None:
    for edge in picture.edges:
        geo = layout.cells.get(edge.cell)
        style = edge_style(edge.feature)
        segment = geo.side(edge.side, inset=style.width / 2 + 1.0) if geo else None
        if segment is None:
            continue
        points: tuple[Point, ...] = segment
        if style.shape == "zigzag":
            points = zigzag(segment[0], segment[1], 4, 0.07 * layout.size)
        data = (("cell", edge.cell), ("side", edge.side), ("feature", edge.feature))
        line = Shape("polyline", points, stroke=style.colour, stroke_width=style.width)
        scene.add(_with(Shape(**{**line.__dict__, "dash": style.dash}), "edge", data))


def _grid_and_labels(scene: Scene, picture: Picture, layout: Layout) -> None:
    for cell in picture.cells:
        geo = layout.cells[cell.id]
        rim = terrain_style(cell.terrain).rim if geo.round else None
        stroke, width = (rim, RIM_WIDTH) if rim else (GRID, 1.0)
        scene.add(Shape("polygon", geo.polygon, stroke=stroke, stroke_width=width, role="grid"))
    for cell in picture.cells:
        size, text = _cell_label(layout, cell)
        if not text:
            continue
        at = id_label_at(layout.cells[cell.id])
        scene.add(
            Text(at, text, size, fill=INK, halo=True, role="cell-id", data=(("cell", cell.id),))
        )
    for label in layout.axis_labels:
        scene.add(Text(label.at, label.text, AXIS_FONT, bold=True, role="axis"))


def _cell_label(layout: Layout, cell: Cell) -> tuple[float, str]:
    """The font size and text of a cell's label: an area's name, a hex's id (and label); a
    square shows only a label other than its id, its file and rank being on the board's edge."""
    if layout.kind == "area":
        return AREA_LABEL_FONT, clip_name(area_label(cell), AREA_LABEL_LIMIT)
    if layout.kind == "square":
        return MIN_TEXT, cell.label if cell.label != cell.id else ""
    radius = layout.cells[cell.id].radius
    size = max(MIN_TEXT, ID_LABEL_SIZE * radius)
    fits = max(4, int(1.2 * radius / text_width("M", size)))  # what fits across the hex
    return size, clip_name(f"{cell.id} {cell.label}" if cell.label else cell.id, fits)


def _battles(scene: Scene, picture: Picture, layout: Layout) -> None:
    for cell_id in picture.battles:
        geo = layout.cells.get(cell_id)
        if geo is not None:
            star = glyphs.place(glyphs.BURST, mark_at(geo, "battle"), 0.2 * geo.radius)
            data = (("cell", cell_id),)
            scene.add(
                Shape("polygon", star, fill=BATTLE_FILL, stroke=INK, role="battle", data=data)
            )


def _pieces(scene: Scene, picture: Picture, layout: Layout, colours: Colours) -> None:
    places = piece_places(picture, layout)
    for index, (piece, place) in enumerate(zip(picture.pieces, places, strict=True)):
        if place is not None:
            _piece(scene, piece, place, colours, index)


def _piece(scene: Scene, piece: Piece, place: PiecePlace, colours: Colours, index: int) -> None:
    data: Data = (("cell", piece.cell), ("kind", piece.kind), ("index", str(index)))
    if place.count > 1:
        data = (*data, ("count", str(place.count)))
    if piece.kind in glyphs.COUNTER_KINDS:
        _counter(scene, piece, place, colours.piece(piece), data)
        return
    turns = 1 if piece.lying else 0
    role = f"piece {piece.kind}" + (" lying" if piece.lying else "")
    if piece.highlight:
        _highlight(scene, place, data)
    for polygon in glyphs.piece_glyph(piece.kind):
        points = glyphs.place(polygon, place.centre, place.scale, turns)
        fill = colours.piece(piece)
        scene.add(
            Shape("polygon", points, fill=fill, stroke=INK, stroke_width=1.3, role=role, data=data)
        )
    label = piece_text(piece.label, place.count)
    if label:
        anchor: Literal["start", "middle"] = "start" if place.label_anchor == "start" else "middle"
        text = Text(place.label_at, label, MIN_TEXT, halo=True, bold=True, anchor=anchor,
                    role="piece-label", data=data)
        scene.add(text)


def _counter(scene: Scene, piece: Piece, place: PiecePlace, fill: str, data: Data) -> None:
    """A counter in its owner's colour with its label inside: a thick rim marks the reader's."""
    label = piece_text(piece.label, place.count)
    half_w, half_h = counter_width(label, piece.kind) / 2, COUNTER_H / 2
    outline = glyphs.place_box(glyphs.COUNTER[0], place.centre, half_w, half_h)
    rim = 2.6 if piece.highlight else 1.1
    role = f"piece {piece.kind}" + (" highlight" if piece.highlight else "")
    scene.add(Shape("polygon", outline, fill=fill, stroke=INK, stroke_width=rim, role=role,
                    data=data))
    if piece.kind in glyphs.BANDED_KINDS:
        scene.add(_band(place.centre, half_w, half_h, rim, data))
    if label:
        scene.add(Text(place.centre, label, MIN_TEXT, fill=ink_on(fill), bold=True,
                       role="piece-label", data=data))


def _band(centre: Point, half_w: float, half_h: float, rim: float, data: Data) -> Shape:
    """The white band just inside an elite counter's rim."""
    inset = rim / 2 + COUNTER_BAND / 2
    band = glyphs.place_box(glyphs.COUNTER[0], centre, half_w - inset, half_h - inset)
    return Shape("polygon", band, stroke=ELITE_BAND, stroke_width=COUNTER_BAND,
                 role="piece-band", data=data)


def ink_on(colour: str) -> str:
    """Dark text on a light colour, white on a dark one."""
    red, green, blue = rgb(colour)
    light = 0.299 * red + 0.587 * green + 0.114 * blue > 140
    return INK if light else PAPER


def _highlight(scene: Scene, place: PiecePlace, data: Data, role: str = "highlight") -> None:
    radius = place.scale * 1.45
    ring = Shape("circle", (place.centre,), radius, stroke=HIGHLIGHT_RING, stroke_width=3.0)
    inner = Shape("circle", (place.centre,), radius - 2.0, stroke=PAPER, stroke_width=1.5)
    scene.add(_with(ring, role, data), _with(inner, f"{role}-inner", data))


def _arrows(scene: Scene, picture: Picture, layout: Layout, colours: Colours) -> None:
    boxes = label_boxes(picture, layout) if picture.arrows else {}
    for straight in arrow_geometries(picture, layout):
        arrow = picture.arrows[straight.index]
        geo = route(straight, others(boxes, (arrow.source, arrow.target)))
        data: Data = (("source", arrow.source), ("target", arrow.target), ("style", arrow.style))
        if arrow.failed:
            data = (*data, ("failed", "true"))
        colour = colours.fill(arrow.owner)
        scene.add(*_arrow_shapes(geo, arrow.style, colour, data, arrow.failed))


def _arrow_shapes(
    geo: ArrowGeometry, kind: str, colour: str, data: Data, failed: bool = False
) -> list[Shape]:
    style = ARROW_STYLES[kind]
    role = f"arrow {kind}"
    width = style.width
    dash = FAILED_DASH if failed else style.dash
    shapes = [
        Shape("polyline", geo.shaft, stroke=INK, stroke_width=width + 2.4, dash=dash),
        Shape("polyline", geo.shaft, stroke=colour, stroke_width=width, dash=dash),
    ]
    shapes = [_with(shape, role, data) for shape in shapes]
    if geo.head:
        head = Shape("polygon", geo.head, fill=colour, stroke=INK, stroke_width=1.2)
        shapes.append(_with(head, "arrow-head", data))
    for part in (geo.bar, *(geo.cross or ())):
        if part is not None:
            mark = Shape("polyline", part, stroke=INK, stroke_width=3.0)
            shapes.append(_with(mark, "arrow-mark", data))
    return shapes


def _legend(scene: Scene, picture: Picture, layout: Layout, colours: Colours) -> None:
    legend = layout.legend
    if legend is None:
        return
    box = Shape("polygon", _rect(*legend.box), fill=LEGEND_BACKGROUND, stroke=GRID, role="legend")
    scene.add(box)
    for heading in legend.headings:
        scene.add(Text(heading.at, heading.text, LEGEND_HEADING_FONT, anchor="start", bold=True))
    for row in legend.rows:
        if row.section != "notes" and row.key:  # a folded row's later lines have none
            _legend_swatch(scene, picture, row, colours)
        data = (("section", row.section), ("key", row.key))
        scene.add(
            Text(row.text_at, row.text, LEGEND_FONT, anchor="start", role="legend-text", data=data)
        )


def _legend_swatch(scene: Scene, picture: Picture, row: LegendRow, colours: Colours) -> None:
    x, y = row.swatch
    box = _rect(x - SWATCH_W / 2, y - SWATCH_H / 2, SWATCH_W, SWATCH_H)
    draw = {
        "owners": _swatch_owner,
        "terrain": _swatch_terrain,
        "edges": _swatch_edge,
        "links": _swatch_link,
        "marks": _swatch_mark,
        "pieces": _swatch_piece,
        "arrows": _swatch_arrow,
    }[row.section]
    draw(scene, picture, row, box, colours)


def _swatch_owner(
    scene: Scene, picture: Picture, row: LegendRow, box: tuple[Point, ...], colours: Colours
) -> None:
    slot = colours.slots[row.key]
    style = owner_style(slot)
    data = (("owner", row.key),)
    x, y = row.swatch
    inner = inset(box, (x, y), 2.5)
    scene.add(
        Shape(
            "polygon",
            box,
            fill=style.colour,
            fill_opacity=OWNER_FILL_OPACITY,
            role="legend-owner",
            data=data,
        ),
        Shape(
            "polygon",
            inner,
            stroke=style.colour,
            stroke_width=5.0,
            role="legend-owner-outline",
            data=data,
        ),
        Shape(
            "polygon",
            inset(box, (x, y), 5.5),
            stroke=style.ink,
            stroke_width=1.0,
            dash=OWNER_DASHES[slot % len(OWNER_DASHES)],
        ),
    )


def _swatch_terrain(
    scene: Scene, picture: Picture, row: LegendRow, box: tuple[Point, ...], colours: Colours
) -> None:
    style = terrain_style(row.key)
    rim = style.rim if picture.kind == "area" else None
    scene.add(Shape("polygon", box, fill=style.fill))
    if style.texture is not None:
        key = scene.pattern(style.texture, style.texture_colour, 0.8)
        scene.add(Shape("polygon", box, pattern=key))
    edge = (rim, RIM_WIDTH) if rim else (GRID, 1.0)
    scene.add(Shape("polygon", box, stroke=edge[0], stroke_width=edge[1]))
    for polygon in glyphs.MARK_GLYPHS.get(row.key, ()):  # a rock or tree: its glyph too
        points = glyphs.place(polygon, row.swatch, 6.5)
        scene.add(Shape("polygon", points, fill=MARK_FILLS.get(row.key, NEUTRAL), stroke=INK))


def _swatch_edge(
    scene: Scene, picture: Picture, row: LegendRow, box: tuple[Point, ...], colours: Colours
) -> None:
    style = edge_style(row.key)
    x, y = row.swatch
    start, end = (x - SWATCH_W / 2, y), (x + SWATCH_W / 2, y)
    points = zigzag(start, end, 3, 3.0) if style.shape == "zigzag" else (start, end)
    scene.add(
        Shape("polyline", points, stroke=style.colour, stroke_width=style.width, dash=style.dash)
    )


def _swatch_link(
    scene: Scene, picture: Picture, row: LegendRow, box: tuple[Point, ...], colours: Colours
) -> None:
    style = LINK_STYLES[row.key]
    x, y = row.swatch
    start, end = (x - SWATCH_W / 2, y), (x + SWATCH_W / 2, y)
    points = wave(start, end, 1.5, 3.0) if style.wavy else (start, end)
    line = Shape("polyline", points, stroke=style.colour, stroke_width=style.width, dash=style.dash)
    scene.add(_with(line, f"legend-link {row.key}", ()))
    if style.mark:
        scene.add(_with(_link_mark(style.mark, start, end, 0.9), f"legend-link-mark {row.key}", ()))


def _swatch_mark(
    scene: Scene, picture: Picture, row: LegendRow, box: tuple[Point, ...], colours: Colours
) -> None:
    x, y = row.swatch
    if row.key == "river":
        line = wave((x - SWATCH_W / 2, y), (x + SWATCH_W / 2, y), 1.5, 3.0)
        scene.add(Shape("polyline", line, stroke=RIVER_COLOUR, stroke_width=RIVER_WIDTH))
    elif row.key == "start":
        scene.add(_circle(row.swatch, 4.0, START_FILL, ""))
    elif row.key == "tower":
        tower = glyphs.place(glyphs.TOWER[0], row.swatch, 7.0)
        scene.add(Shape("polygon", tower, fill=TOWER_FILL, stroke=INK))
    elif row.key == "port":
        port = glyphs.place(glyphs.ANCHOR, row.swatch, 7.0)
        scene.add(Shape("polygon", port, fill=PORT_FILL, stroke=INK))
    elif row.key == "centre":
        centre = glyphs.place(glyphs.CENTRE, row.swatch, 7.0)
        scene.add(Shape("polygon", centre, fill=CENTRE_FILL, stroke=INK))
    elif row.key in glyphs.MARK_GLYPHS:
        for polygon in glyphs.MARK_GLYPHS[row.key]:
            points = glyphs.place(polygon, row.swatch, 7.0)
            scene.add(Shape("polygon", points, fill=MARK_FILLS.get(row.key, NEUTRAL), stroke=INK))
    elif row.key == "destroyed":
        geo = CellGeometry("", row.swatch, (), 8.0, "area")
        _cross(scene, geo, ())
    else:
        star = glyphs.place(glyphs.BURST, row.swatch, 8.0)
        scene.add(Shape("polygon", star, fill=BATTLE_FILL, stroke=INK))


def _swatch_piece(
    scene: Scene, picture: Picture, row: LegendRow, box: tuple[Point, ...], colours: Colours
) -> None:
    kind = {"lying": _kind_of(picture, "lying"),
            "highlight": _kind_of(picture, "highlight")}.get(row.key, row.key)
    fill = PIECE_FILLS.get(kind, NEUTRAL)
    if kind in glyphs.COUNTER_KINDS:
        rim = 2.6 if row.key == "highlight" else 1.1
        outline = glyphs.place_box(glyphs.COUNTER[0], row.swatch, SWATCH_W / 2 - 3, COUNTER_H / 2)
        scene.add(Shape("polygon", outline, fill=fill, stroke=INK, stroke_width=rim))
        if kind in glyphs.BANDED_KINDS:
            scene.add(_band(row.swatch, SWATCH_W / 2 - 3, COUNTER_H / 2, rim, ()))
        return
    place = PiecePlace(row.swatch, 6.5, row.swatch)
    if row.key == "highlight":
        _highlight(scene, place, (), role="legend-highlight")
    for polygon in glyphs.piece_glyph(kind):
        points = glyphs.place(polygon, row.swatch, 6.5, 1 if row.key == "lying" else 0)
        scene.add(Shape("polygon", points, fill=fill, stroke=INK, stroke_width=1.2))


def _kind_of(picture: Picture, look: str) -> str:
    """The kind the legend shows for 'your piece' or 'on its side': that of a piece so drawn
    (a village or an army if there is none)."""
    found = (p.kind for p in picture.pieces if getattr(p, look))
    return next(found, "village" if look == "highlight" else "army")


def _swatch_arrow(
    scene: Scene, picture: Picture, row: LegendRow, box: tuple[Point, ...], colours: Colours
) -> None:
    x, y = row.swatch
    radius = SWATCH_W / 1.2
    start, tip = x - SWATCH_W / 2 - ARROW_GAP * radius, x + SWATCH_W / 2 + ARROW_TIP_GAP * radius
    kind = "move" if row.key == "failed" else row.key
    geo = arrow_between(0, (start, y), (tip, y), radius, kind)
    shapes = _arrow_shapes(geo, kind, NEUTRAL, (), failed=row.key == "failed")
    scene.add(*(_with(shape, "legend-arrow", ()) for shape in shapes))

"""Draw a board Picture as a PNG for mail, with Pillow, supersampled for smooth edges."""

from __future__ import annotations

import functools
import hashlib
import math
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import orjson
from PIL import Image, ImageDraw, ImageFont

from pbem.core.board import Picture
from pbem.render import tile_store
from pbem.render.dirty import PixelBox, clamp, item_box, overlaps, patches
from pbem.render.layout import Layout, compute_layout, dashes
from pbem.render.palette import PAPER, Pattern, rgb
from pbem.render.pngfile import encode_palette, encode_rgb
from pbem.render.report import mail_scale
from pbem.render.scene import Item, PatternFill, Scene, Shape, Text, build_scene
from pbem.render.typeface import drawable, font_at, has_glyph

__all__ = ["drawable", "font_at", "has_glyph", "render_mail_png", "render_mail_strips",
           "render_png"]  # fonts too

SUPERSAMPLE = 2
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
RGBA = tuple[int, int, int, int]


def text_width(text: Text) -> float:
    """The width a line of text is drawn at, in scene pixels (measured at 2x, like painting)."""
    return _measured(text.text, text.size, text.bold)


@functools.lru_cache(maxsize=4096)
def _measured(text: str, size: float, bold: bool) -> float:
    pixels = max(6, round(size * SUPERSAMPLE))
    return font_at(pixels, bold).getlength(drawable(text)) / SUPERSAMPLE


def output_size(width: float, height: float, scale: float) -> tuple[int, int]:
    """Return the pixel size of the PNG for a layout of `width` by `height` at `scale`."""
    return max(1, round(width * scale)), max(1, round(height * scale))


BASE_CACHE_SIZE = 2  # painted boards kept: the tick draws campaign after campaign
TILE = 256  # the board is painted in tiles of this many output pixels, each on its own
Tiles = dict[tuple[int, int], tuple[Item, ...]]  # a tile's corner, and the items it shows


@dataclass
class Board:
    """A painted board at the output size (each tile painted supersampled and reduced), and
    what each tile shows."""

    small: Image.Image
    tiles: Tiles  # by signature: the canvas-wide background stands for its colour


def signature(members: tuple[Item, ...]) -> tuple[Item, ...]:
    """A tile's items with the background, which covers every tile whatever its size, as its
    colour alone, so a taller canvas (a longer legend) keeps the tiles above."""
    background = Shape("polygon", (), fill=None, role="background")
    return tuple(
        Shape(**{**background.__dict__, "fill": m.fill})
        if isinstance(m, Shape) and m.role == "background"
        else m
        for m in members
    )


_bases: OrderedDict[str, Board] = OrderedDict()


MAIL_COLOURS = 256  # a palette PNG is a third of the size of the RGB one, and looks the same
MAIL_LEVEL = 5  # 10% fewer bytes than level 3; level 6 saves 1-5% more for 50% more CPU


def render_png(picture: Picture, scale: float = 1.0) -> bytes:
    """Return PNG bytes of `picture`; the same picture and scale always give the same bytes."""
    return encode_rgb(render_image(picture, scale))


def render_mail_png(
    picture: Picture,
    scale: float | None = None,
    layout: Layout | None = None,
    source: dict[str, Any] | None = None,
) -> bytes:
    """Return `picture` as a palette PNG sized for mail: at most MAIL_MAP_WIDTH wide (unless
    `scale` says otherwise), its flat colours kept, the soft edges of text and lines mapped to
    the nearest of 256 colours (no dithering, which would cost bytes and sharpness); the same
    picture always gives the same bytes, so readers who see the same map share one drawing.
    `layout`: compute_layout's for `picture`, if made; `source`: the dict `picture` was
    validated from, if it was (its keys are quicker to make)."""
    text = picture_text(picture, source)
    key = hashlib.sha256(f"{text} {scale!r}".encode()).hexdigest()
    drawn = _drawn.get(key)
    if drawn is None:
        drawn = _draw_for_mail(picture, scale, layout, source)
        _drawn[key] = drawn
        while len(_drawn) > DRAWN_CACHE_SIZE:
            _drawn.popitem(last=False)
    _drawn.move_to_end(key)
    return drawn


DRAWN_CACHE_SIZE = 16  # finished maps (each some 100 KB): the readers of one phase, and more
_drawn: OrderedDict[str, bytes] = OrderedDict()


def picture_text(
    picture: Picture, source: dict[str, Any] | None, parts: tuple[str, ...] | None = None
) -> str:
    """What a cache key of `picture` (or of its `parts`) is made from: its JSON or, ten times
    quicker, the JSON of `source`, the dict it was validated from. The two are marked apart:
    equal text, equal picture (validating is a function of the dict), though an equal picture
    may come from another dict and be drawn again."""
    if source is not None:
        shown = source if parts is None else {part: source.get(part) for part in parts}
        try:
            return "source " + orjson.dumps(shown).decode()
        except TypeError:  # a value orjson does not write: the picture's own JSON
            pass
    include = None if parts is None else set(parts)
    return "picture " + picture.model_dump_json(include=include)


def _draw_for_mail(
    picture: Picture, scale: float | None, layout: Layout | None, source: dict[str, Any] | None
) -> bytes:
    return encode_palette(_to_palette(_mail_image(picture, scale, layout, source)), MAIL_LEVEL)


def _mail_image(
    picture: Picture,
    scale: float | None,
    layout: Layout | None,
    source: dict[str, Any] | None = None,
) -> Image.Image:
    """The picture painted for mail: at `scale`, or the mail width's."""
    layout = layout or compute_layout(picture)
    if scale is None:
        scale = mail_scale(layout.width)
    return render_image(picture, scale, layout, source)


def render_mail_strips(
    picture: Picture,
    boxes: Sequence[PixelBox],
    layout: Layout | None = None,
    source: dict[str, Any] | None = None,
) -> tuple[bytes, ...]:
    """Return the PNGs of the parts `boxes` of the map drawn for mail (render_mail_png's
    picture, cut where pbem.render.tiles says; `source` as there). Each strip is quantised on
    its own, so a strip of the same pixels as one another reader had is the same bytes and is
    not quantised or compressed again."""
    text = picture_text(picture, source)
    key = hashlib.sha256(f"{text} {list(boxes)!r}".encode()).hexdigest()
    found = _strips.get(key)
    if found is None:
        image = _mail_image(picture, None, layout, source)
        found = tuple(_strip_png(image.crop(box)) for box in boxes)
        _strips[key] = found
        while len(_strips) > DRAWN_CACHE_SIZE:
            _strips.popitem(last=False)
    _strips.move_to_end(key)
    return found


_strips: OrderedDict[str, tuple[bytes, ...]] = OrderedDict()


def _strip_png(strip: Image.Image) -> bytes:
    """One strip as a palette PNG for mail; kept by its pixels, which alone make its bytes."""
    key = (strip.size, hashlib.sha256(strip.tobytes()).digest())
    found = _strip_pngs.get(key)
    if found is None:
        found = encode_palette(_to_palette(strip), MAIL_LEVEL)
        _keep_strip(key, found)
    else:
        _strip_pngs.move_to_end(key)
    return found


def _to_palette(image: Image.Image) -> Image.Image:
    """`image` in MAIL_COLOURS by the octree, undithered."""
    return image.quantize(MAIL_COLOURS, method=Image.Quantize.FASTOCTREE,
                          dither=Image.Dither.NONE)  # fmt: skip


# Encoded strips by their pixels: the strips of a wide map that several readers of a phase see
# alike (the parts away from each one's own pieces and fog), up to this many bytes.
STRIP_BYTES = 8_000_000
StripKey = tuple[tuple[int, int], bytes]
_strip_pngs: OrderedDict[StripKey, bytes] = OrderedDict()
_strip_bytes = 0


def _keep_strip(key: StripKey, data: bytes) -> None:
    global _strip_bytes
    _strip_bytes = _kept(_strip_pngs, key, data, _strip_bytes, STRIP_BYTES, len)


def render_image(
    picture: Picture,
    scale: float = 1.0,
    layout: Layout | None = None,
    source: dict[str, Any] | None = None,
) -> Image.Image:
    """Return `picture` painted as an RGB image.

    The board itself (terrain, owners, edges, grid, labels) is painted once and kept, so the
    reports of one phase, which differ only in pieces, arrows and legend, reuse it: then only
    those are laid out, and painted in small patches over the kept board; a legend already
    drawn over that board is pasted. A new board of the same map repaints only the tiles
    whose items changed (say, where a kingdom grew). `layout`: compute_layout's, if made;
    `source`: the dict `picture` was validated from, if it was.
    """
    layout = layout or compute_layout(picture)
    size = output_size(layout.width, layout.height, scale)
    key = base_key(picture, scale, size, source)
    base = _bases.get(key)
    scene = build_scene(picture, layout, board=base is None)
    if base is None:
        base = paint_board(scene, scale, size, _latest(size))
        _remember(key, base)
    legend = legend_patch(scene, scale, key)
    items = scene.items[scene.base_items : legend.first if legend else None]
    if legend is not None and legend.image is None:
        items = scene.items[scene.base_items :]
    image = _paint_over(scene, base, items, scale, key)
    if legend is not None:
        legend.apply(image)
    return image


def paint_board(
    scene: Scene, scale: float, size: tuple[int, int], earlier: Board | None = None
) -> Board:
    """Paint the board tile by tile, supersampled, reusing the tiles an earlier board shares
    (whose images it paints over when they have the same size).

    Every tile is painted alone from blank paper, so a tile's pixels depend only on its items:
    reused or repainted, the board comes out the same.
    """
    tiles = board_tiles(scene.items[: scene.base_items], scale, size)
    kept = {corner: signature(members) for corner, members in tiles.items()}
    same = earlier is not None and earlier.small.size == size
    # an earlier board of this size is taken over (the caller gave it up), else a new one
    small = earlier.small if earlier is not None and same else Image.new("RGB", size, PAPER)
    for corner, members in tiles.items():
        box = _tile_box(corner, size)
        if earlier is None or earlier.tiles.get(corner) != kept[corner]:
            _paint_tile(scene, scale, small, box, members)
        elif not same and _tile_box(corner, earlier.small.size) == box:
            small.paste(earlier.small.crop(box), box[:2])
        elif not same:
            _paint_tile(scene, scale, small, box, members)
    return Board(small, kept)


def _tile_box(corner: tuple[int, int], size: tuple[int, int]) -> PixelBox:
    left, top = corner
    return left, top, min(size[0], left + TILE), min(size[1], top + TILE)


def board_tiles(items: list[Item], scale: float, size: tuple[int, int]) -> Tiles:
    """Which items each tile of the board shows, in painting order."""
    boxes = [item_box(item, scale, text_width) for item in items]
    tiles: Tiles = {}
    for top in range(0, size[1], TILE):
        for left in range(0, size[0], TILE):
            box = _tile_box((left, top), size)
            inside = zip(items, boxes, strict=True)
            tiles[(left, top)] = tuple(item for item, other in inside if overlaps(other, box))
    return tiles


def _paint_tile(
    scene: Scene, scale: float, small: Image.Image, box: PixelBox, members: tuple[Item, ...]
) -> None:
    key = _tile_key(scene, scale, box, members)
    painted = _tiles.get(key)
    if painted is None:
        size = (box[2] - box[0], box[3] - box[1])
        painted = tile_store.kept(key, size, lambda: _painted_tile(scene, scale, box, members))
        _keep_tile(key, painted)
    else:
        _tiles.move_to_end(key)
    small.paste(painted, box[:2])


def _painted_tile(
    scene: Scene, scale: float, box: PixelBox, members: tuple[Item, ...]
) -> Image.Image:
    """One tile painted alone from blank paper at 2x, and reduced."""
    at = (box[0] * SUPERSAMPLE, box[1] * SUPERSAMPLE)
    extent = ((box[2] - box[0]) * SUPERSAMPLE, (box[3] - box[1]) * SUPERSAMPLE)
    patch = Image.new("RGB", extent, PAPER)
    Painter(scene, scale * SUPERSAMPLE, patch, at).paint(members)
    return patch.reduce(SUPERSAMPLE)  # a box filter keeps flat colours exact


# Painted board tiles by what they show, shared by every board (any campaign, any phase) with
# a tile of the same items in the same place, kept up to this many pixels (3 bytes each): some
# ten boards of the largest maps.
TILE_PIXELS = 12_000_000
TileKey = tuple[object, ...]
_tiles: OrderedDict[TileKey, Image.Image] = OrderedDict()
_tile_pixels = 0


def _tile_key(scene: Scene, scale: float, box: PixelBox, members: tuple[Item, ...]) -> TileKey:
    """What a tile's pixels depend on, and nothing else: the scale, its box, its items (the
    background as its colour, as `signature` says) and the patterns they use. A tile is
    painted alone from blank paper and its patterns are aligned with the canvas's corner, so
    the canvas's size is not part of it (a taller canvas shows the same tile)."""
    return scale, box, signature(members), _fills(scene, members)


def _keep_tile(key: TileKey, painted: Image.Image) -> None:
    global _tile_pixels
    _tile_pixels = _kept(_tiles, key, painted, _tile_pixels, TILE_PIXELS, _image_pixels)


def forget_tiles() -> None:
    """Let every kept board tile go."""
    global _tile_pixels
    _tiles.clear()
    _tile_pixels = 0


def _latest(size: tuple[int, int]) -> Board | None:
    """Take the most recently kept board, best of this canvas size (likely this map a phase
    ago) out of the cache: the new board is painted over it rather than over a copy."""
    keys = list(reversed(_bases))
    key = next((k for k in keys if _bases[k].small.size == size), keys[0] if keys else None)
    return None if key is None else _bases.pop(key)


def _paint_over(
    scene: Scene, base: Board, items: list[Item], scale: float, board: str = ""
) -> Image.Image:
    """Paint items over the board, supersampled, one disjoint patch at a time; a patch some
    reader of this board already had, the same items in the same box, is pasted as painted."""
    image = base.small.copy()
    for box, members in patches(items, scale, image.size, text_width):
        key = _patch_key(scene, board, scale, box, members)
        painted = _patches.get(key)
        if painted is None:
            painted = _paint_patch(scene, base, box, members, scale)
            _keep_patch(key, painted)
        else:
            _patches.move_to_end(key)
        image.paste(painted, box[:2])
    return image


def _paint_patch(
    scene: Scene, base: Board, box: PixelBox, members: list[Item], scale: float
) -> Image.Image:
    """One patch of the overlay, painted at 2x over the board's pixels each made a 2x2 block,
    and reduced: where nothing is painted the board comes back exactly."""
    corner = (box[0] * SUPERSAMPLE, box[1] * SUPERSAMPLE)
    under = base.small.crop(box)
    patch = under.resize((under.width * SUPERSAMPLE, under.height * SUPERSAMPLE),
                         Image.Resampling.NEAREST)  # fmt: skip
    Painter(scene, scale * SUPERSAMPLE, patch, corner).paint(members)
    return patch.reduce(SUPERSAMPLE)


# Painted overlay patches, the pieces every reader of a phase shares, kept up to this many
# pixels (3 bytes each): some ten readers' overlays of the largest maps, and the tick's memory
# bounded however crowded a map's patches grow.
PATCH_PIXELS = 8_000_000
PatchKey = tuple[object, ...]
_patches: OrderedDict[PatchKey, Image.Image] = OrderedDict()
_patch_pixels = 0


def _patch_key(
    scene: Scene, board: str, scale: float, box: PixelBox, members: list[Item]
) -> PatchKey:
    """What a patch's pixels depend on, and nothing else: the board under it, the box, and
    every item painted in it with the patterns they use (frozen values, compared whole on a
    hit). Keyed so, one reader's patch can be another's only when it shows that reader
    exactly the same."""
    return board, scale, box, tuple(members), _fills(scene, members), scene.width, scene.height


def _fills(scene: Scene, members: Iterable[Item]) -> tuple[PatternFill, ...]:
    """The pattern fills the items use, in a fixed order (a cache key's part)."""
    used = sorted({m.pattern for m in members if isinstance(m, Shape) and m.pattern})
    return tuple(scene.patterns[name] for name in used)


def forget_patches() -> None:
    """Let every kept overlay patch go."""
    global _patch_pixels
    _patches.clear()
    _patch_pixels = 0


def _keep_patch(key: PatchKey, painted: Image.Image) -> None:
    global _patch_pixels
    _patch_pixels = _kept(_patches, key, painted, _patch_pixels, PATCH_PIXELS, _image_pixels)


def _kept(
    cache: OrderedDict[Any, Any], key: object, value: Any, held: int, most: int,
    pixels: Callable[[Any], int],
) -> int:
    """Keep `value` under `key`, dropping the least recently used until the cache holds at
    most `most` pixels (`pixels` counts a value's); the pixels it holds then."""
    cache[key] = value
    held += pixels(value)
    while held > most and cache:
        _, dropped = cache.popitem(last=False)
        held -= pixels(dropped)
    return held


def _image_pixels(image: Image.Image) -> int:
    return image.width * image.height


BOARD_PARTS = ("kind", "cells", "edges", "links", "owners")  # the title lies over the board


def base_key(
    picture: Picture, scale: float, size: tuple[int, int], source: dict[str, Any] | None = None
) -> str:
    """What the painted board depends on: cells, owners, edges, links, title, kind, canvas
    (`source`: the dict `picture` was validated from, if it was)."""
    board = picture_text(picture, source, BOARD_PARTS)
    return hashlib.sha256(f"{board} {scale!r} {size!r}".encode()).hexdigest()


def keep_few(boards: int, legends: int) -> None:
    """Keep at most this many painted boards and legends, for a process that draws one
    campaign after another and so only ever paints over the board it drew last."""
    global BASE_CACHE_SIZE, LEGEND_CACHE_SIZE, DRAWN_CACHE_SIZE, PATCH_PIXELS, TILE_PIXELS
    global STRIP_BYTES
    BASE_CACHE_SIZE, LEGEND_CACHE_SIZE, DRAWN_CACHE_SIZE = boards, legends, legends
    PATCH_PIXELS = min(PATCH_PIXELS, 2_000_000 * boards)  # a campaign's readers at a time
    TILE_PIXELS = min(TILE_PIXELS, 4_000_000 * boards)  # some four boards' tiles a board kept
    STRIP_BYTES = min(STRIP_BYTES, 1_000_000 * boards)  # a phase's strips


def _remember(key: str, board: Board) -> None:
    _bases[key] = board
    while len(_bases) > BASE_CACHE_SIZE:
        _bases.popitem(last=False)


LEGEND_CACHE_SIZE = 32
_legends: OrderedDict[str, Image.Image] = OrderedDict()


@dataclass
class LegendPatch:
    """The legend's corner of the finished image: pasted from an earlier reader, or kept."""

    first: int  # index of the legend's first item in the scene
    key: str
    box: PixelBox
    image: Image.Image | None

    def apply(self, image: Image.Image) -> None:
        """Paste the kept legend, or keep this one for the next reader."""
        if self.image is not None:
            image.paste(self.image, self.box[:2])
        else:
            _legends[self.key] = image.crop(self.box)
            while len(_legends) > LEGEND_CACHE_SIZE:
                _legends.popitem(last=False)


def legend_patch(scene: Scene, scale: float, board: str) -> LegendPatch | None:
    """The legend as a patch, when nothing but the legend and the board lies in its corner."""
    if scene.legend_items < 0:
        return None
    legend = scene.items[scene.legend_items :]
    size = output_size(scene.width, scene.height, scale)
    box = clamp(_union_of(item_box(item, scale, text_width) for item in legend), size)
    others = scene.items[scene.base_items : scene.legend_items]
    if any(overlaps(item_box(item, scale, text_width), box) for item in others):
        return None
    text = repr([board, scale, box, legend, sorted(scene.patterns.items())])
    key = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return LegendPatch(scene.legend_items, key, box, _legends.get(key))


def _union_of(boxes: Iterable[PixelBox]) -> PixelBox:
    left, top, right, bottom = zip(*boxes, strict=True)
    return min(left), min(top), max(right), max(bottom)


def pattern_strokes(pattern: Pattern, factor: float, box: PixelBox) -> Image.Image:
    """A mask of a pattern's strokes over `box` of a canvas, the pattern repeated from the
    canvas's corner (as the SVG pattern is, so it runs on seamlessly from tile to tile)."""
    tile = _pattern_tile(pattern, factor)
    step = tile.width
    width, height = box[2] - box[0], box[3] - box[1]
    layer = _pattern_layer(pattern, factor, width + step, height + step)
    left, top = box[0] % step, box[1] % step
    return layer.crop((left, top, left + width, top + height))


@functools.lru_cache(maxsize=32)
def _pattern_tile(pattern: Pattern, factor: float) -> Image.Image:
    """One repeat of a pattern's strokes at `factor`."""
    tile_px = max(2, round(pattern.size * factor))
    k = tile_px / pattern.size
    tile = Image.new("L", (tile_px, tile_px), 0)
    pen = ImageDraw.Draw(tile)
    for a, b, c, d in pattern.lines:
        pen.line([(a * k, b * k), (c * k, d * k)], fill=255, width=max(1, round(pattern.width * k)))
    for x, y, r in pattern.dots:
        pen.ellipse((x * k - r * k, y * k - r * k, x * k + r * k, y * k + r * k), fill=255)
    return tile


LAYER_STEP = 256  # a pattern's repeated layer grows by this many pixels a side when too small
LAYERS_KEPT = 16  # patterns at a scale: a map's owners' and terrains' (the least used go)
_layers: OrderedDict[tuple[Pattern, float], Image.Image] = OrderedDict()


def _pattern_layer(pattern: Pattern, factor: float, width: int, height: int) -> Image.Image:
    """A pattern repeated over at least `width` by `height` pixels from its corner: kept per
    pattern and factor, grown when a larger box asks (its size is that of the largest box
    painted, not of the canvas)."""
    key = (pattern, factor)
    layer = _layers.get(key)
    if layer is None or layer.width < width or layer.height < height:
        width = max(width, layer.width if layer else 0)
        height = max(height, layer.height if layer else 0)
        layer = _repeated(_pattern_tile(pattern, factor), _rounded(width), _rounded(height))
        _layers[key] = layer
        while len(_layers) > LAYERS_KEPT:
            _layers.popitem(last=False)
    _layers.move_to_end(key)
    return layer


def _rounded(pixels: int) -> int:
    return -(-pixels // LAYER_STEP) * LAYER_STEP


def _repeated(tile: Image.Image, width: int, height: int) -> Image.Image:
    """`tile` repeated over `width` by `height`, a row of tiles at a time."""
    strip = Image.new("L", (width, tile.height), 0)
    for left in range(0, width, tile.width):
        strip.paste(tile, (left, 0))
    layer = Image.new("L", (width, height), 0)
    for top in range(0, height, tile.height):
        layer.paste(strip, (0, top))
    return layer


def _colour(colour: str, opacity: float = 1.0) -> RGBA:
    r, g, b = rgb(colour)
    return r, g, b, round(255 * opacity)


class Painter:
    """Paints a Scene's items onto one large image, in order."""

    def __init__(
        self,
        scene: Scene,
        factor: float,
        image: Image.Image,
        corner: tuple[int, int] = (0, 0),
    ) -> None:
        self.scene = scene
        self.factor = factor
        self.image = image  # the whole canvas, or a patch of it whose top left is `corner`
        self.corner = corner
        self.draw = ImageDraw.Draw(self.image, "RGBA")
        self.solid = ImageDraw.Draw(self.image)

    def paint(self, items: Sequence[Item] | None = None) -> None:
        """Paint the given items (default: every item of the scene), in order."""
        for item in self.scene.items if items is None else items:
            if isinstance(item, Text):
                self.text(item)
            else:
                self.shape(item)

    def px(self, points: tuple[tuple[float, float], ...]) -> list[tuple[float, float]]:
        """Scale points from layout pixels to image pixels."""
        dx, dy = self.corner
        return [(x * self.factor - dx, y * self.factor - dy) for x, y in points]

    def width(self, value: float) -> int:
        """Scale a line width, keeping at least one pixel."""
        return max(1, round(value * self.factor))

    def shape(self, shape: Shape) -> None:
        """Paint a polygon, polyline or circle."""
        if shape.kind == "circle":
            self.circle(shape)
        elif shape.kind == "polyline":
            self.polyline(shape.points, shape)
        else:
            self.polygon(shape)

    def polygon(self, shape: Shape) -> None:
        """Fill a polygon (flat colour or pattern) and stroke its outline."""
        points = self.px(shape.points)
        if shape.pattern is not None:
            self.hatch(points, self.scene.patterns[shape.pattern])
        elif shape.fill is not None:
            ink = _colour(shape.fill, shape.fill_opacity)
            self.pen(ink).polygon(points, fill=ink)
        if shape.stroke is not None:
            self.polyline((*shape.points, shape.points[0]), shape)

    def polyline(self, points: tuple[tuple[float, float], ...], shape: Shape) -> None:
        """Stroke a polyline, cutting it into dashes when the shape is dashed."""
        if shape.stroke is None or len(points) < 2:
            return
        pieces = dashes(points, *shape.dash) if shape.dash else [points]
        colour = _colour(shape.stroke)
        width = self.width(shape.stroke_width)
        for piece in pieces:
            scaled = self.px(piece)
            self.pen(colour).line(scaled, fill=colour, width=width, joint="curve")
            if width > 2:
                self.caps(scaled, colour, width)

    def pen(self, ink: RGBA | None) -> ImageDraw.ImageDraw:
        """The pen for an ink: opaque inks skip blending, which is ten times faster."""
        return self.solid if ink is None or ink[3] == 255 else self.draw

    def caps(self, points: list[tuple[float, float]], colour: RGBA, width: int) -> None:
        """Round the two ends of a thick line."""
        half = width / 2
        for x, y in (points[0], points[-1]):
            self.pen(colour).ellipse((x - half, y - half, x + half, y + half), fill=colour)

    def circle(self, shape: Shape) -> None:
        """Paint a filled and/or stroked circle."""
        (x, y), r = self.px(shape.points)[0], shape.radius * self.factor
        fill = _colour(shape.fill, shape.fill_opacity) if shape.fill else None
        outline = _colour(shape.stroke) if shape.stroke else None
        width = self.width(shape.stroke_width)
        pen = self.pen(fill or outline) if not (fill and outline) or fill[3] == 255 else self.draw
        pen.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=outline, width=width)

    def hatch(self, points: list[tuple[float, float]], fill: PatternFill) -> None:
        """Paint a pattern inside a polygon (the part on this image), aligned with the canvas
        like the SVG pattern."""
        left, top = (max(0, math.floor(min(c))) for c in zip(*points, strict=True))
        right, bottom = (math.ceil(max(c)) + 1 for c in zip(*points, strict=True))
        right, bottom = min(right, self.image.width), min(bottom, self.image.height)
        if right <= left or bottom <= top:
            return
        box = (left, top, right, bottom)
        mask = Image.new("L", (right - left, bottom - top), 0)
        ImageDraw.Draw(mask).polygon([(x - left, y - top) for x, y in points], fill=255)
        dx, dy = self.corner  # the pattern is aligned with the whole canvas, not the patch
        strokes = pattern_strokes(fill.pattern, self.factor,
                                  (left + dx, top + dy, right + dx, bottom + dy))  # fmt: skip
        table = [round(v * fill.opacity) for v in range(256)]
        combined = Image.composite(strokes, Image.new("L", mask.size, 0), mask).point(table)
        self.image.paste(rgb(fill.colour), box, combined)

    def text(self, text: Text) -> None:
        """Paint a line of text, with a paper-coloured halo when asked."""
        x, y = self.px((text.at,))[0]
        left, top = math.floor(x), math.floor(y)
        pixels = max(6, round(text.size * self.factor))
        words = drawable(text.text)
        anchor = {"start": "lm", "middle": "mm", "end": "rm"}[text.anchor]
        place = (words, pixels, text.bold, anchor)
        fraction = (_in_steps(x - left), _in_steps(y - top))
        if text.halo:
            self.stamp(PAPER, text_mask(*place, self.width(1.6), fraction), (left, top))
        self.stamp(text.fill, text_mask(*place, 0, fraction), (left, top))

    def stamp(self, colour: str, mask: tuple[Image.Image, int, int], at: tuple[int, int]) -> None:
        """Paint a colour through a text mask whose corner is offset from `at`."""
        image, dx, dy = mask
        self.image.paste(rgb(colour), (at[0] + dx, at[1] + dy), image)


TEXT_STEPS = 4  # a text's place within a pixel, in quarters: a mask serves every label alike


def _in_steps(fraction: float) -> float:
    """Where text starts within its pixel, to the nearest TEXT_STEPS-th (an eighth of a mail
    pixel at 2x: no difference to be seen), so a label's mask is drawn once, not once for every
    place it stands."""
    return round(fraction * TEXT_STEPS) / TEXT_STEPS


@functools.lru_cache(maxsize=8192)
def text_mask(
    words: str, pixels: int, bold: bool, anchor: str, stroke: int, fraction: tuple[float, float]
) -> tuple[Image.Image, int, int]:
    """Render a line of text once as an ink mask, with the offset of its corner from the anchor.

    Board labels stand at the same places on every board of a map, so their masks are reused.
    """
    font = font_at(pixels, bold)
    left, top, right, bottom = font.getbbox(words, anchor=anchor, stroke_width=stroke)
    left, top = math.floor(left) - 1, math.floor(top) - 1
    size = (math.ceil(right) - left + 2, math.ceil(bottom) - top + 2)
    mask = Image.new("L", size, 0)
    at = (fraction[0] - left, fraction[1] - top)
    ImageDraw.Draw(mask).text(at, words, fill=255, font=font, anchor=anchor, stroke_width=stroke)
    return mask, left, top

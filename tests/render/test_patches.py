"""PNG patches: disjoint boxes that hold all their items, and kept legends that change nothing."""

from __future__ import annotations

import itertools
import math

import pytest
from PIL import Image, ImageDraw

from pbem.core.board import Picture
from pbem.render import png
from pbem.render.dirty import clamp, item_box, overlaps, patches
from pbem.render.layout import compute_layout
from pbem.render.scene import Text, build_scene

from .make_samples import area_picture, hex_picture


def test_patches_are_disjoint_and_hold_every_item() -> None:
    picture = hex_picture()
    layout = compute_layout(picture)
    scene = build_scene(picture, layout, board=False)
    size = png.output_size(scene.width, scene.height, 1.0)
    groups = patches(scene.items, 1.0, size, png.text_width)
    assert 1 < len(groups) < len(scene.items)
    assert sorted(id(i) for _, members in groups for i in members) == sorted(
        id(i) for i in scene.items
    )
    for (a, _), (b, _) in itertools.combinations(groups, 2):
        assert not overlaps(a, b)
    for box, members in groups:
        for item in members:
            left, top, right, bottom = item_box(item, 1.0, png.text_width)
            assert box[0] <= max(0, left) and box[1] <= max(0, top)
            assert box[2] >= min(size[0], right) and box[3] >= min(size[1], bottom)


def test_a_text_box_holds_the_ink_of_the_text() -> None:
    text = Text((60.0, 30.0), "WWW Mighty", 14.0, anchor="start", bold=True, halo=True)
    left, top, right, bottom = item_box(text, 1.0, png.text_width)
    canvas = Image.new("L", (300, 80), 0)
    font = png.font_at(14, bold=True)
    ImageDraw.Draw(canvas).text(text.at, text.text, fill=255, font=font, anchor="lm")
    ink = canvas.getbbox()
    assert ink is not None
    assert left <= ink[0] and top <= ink[1] and right >= ink[2] and bottom >= ink[3]


def test_a_kept_legend_gives_the_same_bytes_as_a_fresh_one() -> None:
    for picture in (hex_picture(), area_picture()):
        png._bases.clear()
        png._legends.clear()
        fresh = png.render_png(picture)
        assert len(png._legends) == 1
        again = png.render_png(picture)
        png._bases.clear()
        assert again == fresh == png.render_png(picture)


def test_a_legend_kept_for_one_board_is_not_pasted_on_another() -> None:
    picture = hex_picture()
    other = picture.model_copy(update={"title": picture.title + " (again)"})
    png._legends.clear()
    png.render_png(picture)
    png.render_png(other)
    assert len(png._legends) == 2


def test_text_painted_through_kept_masks_matches_pillow_text() -> None:
    scene = build_scene(hex_picture())
    texts = [t for t in scene.items if isinstance(t, Text)][:30]
    size = (int(scene.width * 2), int(scene.height * 2))
    ours = Image.new("RGB", size, png.PAPER)
    painter = png.Painter(scene, 2.0, ours)
    for _ in range(2):  # the second pass paints from kept masks
        painter.paint(texts)
    theirs = Image.new("RGB", size, png.PAPER)
    pen = ImageDraw.Draw(theirs, "RGBA")
    for _ in range(2):
        for text in texts:
            xy = (_in_quarters(text.at[0] * 2), _in_quarters(text.at[1] * 2))
            anchor = {"start": "lm", "middle": "mm", "end": "rm"}[text.anchor]
            font = png.font_at(max(6, round(text.size * 2)), text.bold)
            if text.halo:
                pen.text(xy, text.text, fill=png.PAPER, font=font, anchor=anchor, stroke_width=3)
            pen.text(xy, text.text, fill=text.fill, font=font, anchor=anchor)
    assert ours.tobytes() == theirs.tobytes()


def _in_quarters(value: float) -> float:
    """Where painting puts text: its pixel, and its place within it to a quarter."""
    return math.floor(value) + round((value - math.floor(value)) * 4) / 4


def _as_other_reader(picture: Picture, seat: str) -> Picture:
    """The same board and pieces seen by `seat`: its own pieces highlighted instead of the
    first reader's (so the legend, and the canvas, stay the same)."""
    pieces = [p.model_copy(update={"highlight": p.owner == seat}) for p in picture.pieces]
    return picture.model_copy(update={"pieces": pieces})


def test_a_kept_patch_gives_the_same_pixels_as_a_fresh_one() -> None:
    for picture in (hex_picture(), area_picture()):
        png._bases.clear()
        png.forget_patches()
        fresh = png.render_image(picture).tobytes()
        assert png._patches  # the overlay's patches were kept
        again = png.render_image(picture).tobytes()
        png._bases.clear()
        png.forget_patches()
        assert again == fresh == png.render_image(picture).tobytes()


def _forget_drawings() -> None:
    """Draw as a fresh process would: no board, legend or patch kept by an earlier test
    (whether the legend is pasted or painted as patches depends on it)."""
    png._bases.clear()
    png._legends.clear()
    png.forget_patches()


def test_readers_share_only_the_patches_that_show_them_the_same() -> None:
    picture = hex_picture()
    other = _as_other_reader(picture, "west")
    _forget_drawings()
    png.render_image(other)
    alone = set(png._patches)  # the other reader's patches, drawn with nothing kept
    _forget_drawings()
    png.render_image(picture)
    first = set(png._patches)
    drawn = png.render_image(other)
    painted = set(png._patches) - first
    assert alone & first  # patches without highlights were pasted from the first reader
    assert painted and painted <= alone  # those with a highlight were painted afresh
    assert alone == (alone & first) | painted
    png._bases.clear()
    png.forget_patches()
    assert drawn.tobytes() == png.render_image(other).tobytes()  # as if drawn alone


def test_kept_patches_stay_within_their_pixel_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    picture = hex_picture()
    png._bases.clear()
    png.forget_patches()
    png.render_image(picture)
    everything = sum(p.width * p.height for p in png._patches.values())
    png._bases.clear()
    png.forget_patches()
    monkeypatch.setattr(png, "PATCH_PIXELS", everything // 2)
    drawn = png.render_image(picture)
    assert 0 < sum(p.width * p.height for p in png._patches.values()) <= everything // 2
    png._bases.clear()
    png.forget_patches()
    monkeypatch.undo()
    assert drawn.tobytes() == png.render_image(picture).tobytes()


def test_a_patch_leaves_the_board_exact_where_it_paints_nothing() -> None:
    picture = hex_picture()
    layout = compute_layout(picture)
    scene = build_scene(picture, layout)
    size = png.output_size(scene.width, scene.height, 1.0)
    board = png.paint_board(scene, 1.0, size)
    box = (10, 12, 90, 70)
    blank = png._paint_patch(scene, board, box, [], 1.0)
    assert blank.tobytes() == board.small.crop(box).tobytes()
    piece = next(i for i in scene.items[scene.base_items :] if not isinstance(i, Text))
    around = clamp(item_box(piece, 1.0, png.text_width), size)
    painted = png._paint_patch(scene, board, around, [piece], 1.0)
    assert painted.tobytes() != board.small.crop(around).tobytes()

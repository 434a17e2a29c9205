"""The PNG renderer: valid, deterministic images whose pixels match the palette."""

from __future__ import annotations

import io
from collections import Counter
from typing import Any

import pytest
from PIL import Image

from pbem.core.board import Cell, Owner, Picture
from pbem.render import png
from pbem.render.layout import LEGIBLE_PX, MIN_TEXT, compute_layout
from pbem.render.palette import OWNER_FILL_OPACITY, TERRAIN, mix, owner_style, rgb
from pbem.render.png import drawable, output_size, render_mail_png, render_png
from pbem.render.report import MAIL_MAP_WIDTH

from .make_samples import hex_picture, square_picture

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _image(picture: Picture, scale: float = 1.0) -> Image.Image:
    return Image.open(io.BytesIO(render_png(picture, scale))).convert("RGB")


def _centre_colour(
    image: Image.Image, picture: Picture, cell_id: str, scale: float = 1.0
) -> tuple[int, ...]:
    """The most common colour in a small window at a cell's centre (hatching is sparse)."""
    cx, cy = compute_layout(picture).cells[cell_id].centre
    x, y = round(cx * scale), round(cy * scale)
    window = image.crop((x - 4, y - 4, x + 5, y + 5))
    return Counter(_pixels(window)).most_common(1)[0][0]


def _pixels(image: Image.Image) -> list[tuple[int, ...]]:
    width, height = image.size
    return [image.getpixel((x, y)) for y in range(height) for x in range(width)]  # type: ignore[misc]


def _close(actual: tuple[int, ...], expected: str, tolerance: int = 3) -> bool:
    return all(abs(a - e) <= tolerance for a, e in zip(actual, rgb(expected), strict=True))


def _board() -> Picture:
    cells = [
        Cell(id="P", q=0, r=0, owner="o"),
        Cell(id="Q", q=1, r=0),
        Cell(id="W", q=2, r=0, terrain="water"),
        Cell(id="R", q=0, r=1, owner="z"),
    ]
    owners = [Owner(key="o", name="Orange", slot=0), Owner(key="z", name="Blue", slot=4)]
    return Picture(kind="hex", title="Pixels", cells=cells, owners=owners)


def test_png_signature_and_size_come_from_the_layout() -> None:
    picture = hex_picture()
    data = render_png(picture)
    assert data.startswith(SIGNATURE)
    layout = compute_layout(picture)
    assert Image.open(io.BytesIO(data)).size == (layout.width, layout.height)


def test_scale_changes_the_size() -> None:
    picture = _board()
    layout = compute_layout(picture)
    image = _image(picture, scale=0.5)
    assert image.size == output_size(layout.width, layout.height, 0.5)
    assert image.size == (round(layout.width / 2), round(layout.height / 2))


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_cell_centres_show_the_owner_colour_over_the_terrain(scale: float) -> None:
    picture = _board()
    image = _image(picture, scale)
    plain = TERRAIN["plain"].fill
    orange = mix(plain, owner_style(0).colour, OWNER_FILL_OPACITY)
    blue = mix(plain, owner_style(4).colour, OWNER_FILL_OPACITY)
    assert _close(_centre_colour(image, picture, "P", scale), orange)
    assert _close(_centre_colour(image, picture, "R", scale), blue)
    assert _close(_centre_colour(image, picture, "Q", scale), plain)
    assert _close(_centre_colour(image, picture, "W", scale), TERRAIN["water"].fill)


def test_owned_cells_keep_their_terrain_and_carry_an_owner_outline() -> None:
    cells = [Cell(id="W", q=0, r=0, terrain="water", owner="o"), Cell(id="Q", q=1, r=0)]
    picture = Picture(kind="hex", cells=cells, owners=[Owner(key="o", name="Orange", slot=0)])
    image = _image(picture)
    geo = compute_layout(picture).cells["W"]
    cx, cy = geo.centre
    window = image.crop((round(cx) - 12, round(cy) - 12, round(cx) + 12, round(cy) + 12))
    tinted = mix(TERRAIN["water"].fill, owner_style(0).colour, OWNER_FILL_OPACITY)
    assert _close(Counter(_pixels(window)).most_common(1)[0][0], tinted)
    assert len(Counter(_pixels(window))) > 3  # the water's wave texture shows through
    band = geo.at(-0.77, 0.0)  # inside the west side of the hex, on the owner's outline
    assert _close(image.getpixel((round(band[0]), round(band[1]))), owner_style(0).colour, 8)  # type: ignore[arg-type]
    cx, cy = compute_layout(picture).cells["Q"].centre
    window = image.crop((round(cx) - 12, round(cy) - 12, round(cx) + 12, round(cy) + 12))
    assert len(Counter(_pixels(window))) == 1  # an unowned plain cell is flat


def test_output_is_deterministic() -> None:
    assert render_png(hex_picture()) == render_png(hex_picture())
    assert render_png(square_picture(), 0.75) == render_png(square_picture(), 0.75)


def test_square_board_alternates_light_and_dark() -> None:
    picture = square_picture()
    image = _image(picture)
    light, dark = TERRAIN["light"].fill, TERRAIN["dark"].fill
    for cell_id, expected in (
        ("a1", dark),
        ("b1", light),
        ("a8", light),
        ("h8", dark),
        ("g3", dark),
        ("f3", light),
    ):
        assert _close(_centre_colour(image, picture, cell_id), expected), cell_id


def test_axis_labels_are_drawn_beside_the_square_board() -> None:
    picture = square_picture()
    image = _image(picture)
    layout = compute_layout(picture)
    for label in layout.axis_labels:
        x, y = (round(v) for v in label.at)
        window = image.crop((x - 5, y - 6, x + 6, y + 7))
        darkest = min(sum(pixel) for pixel in _pixels(window))
        assert darkest < 200, label.text


def test_empty_picture_renders() -> None:
    image = _image(Picture(kind="hex"))
    assert image.size == (200, 120)


def test_unusual_names_render() -> None:
    owners = [Owner(key="k", name='<script>"Zażółć" 中文\x00', slot=9)]
    picture = Picture(
        kind="hex", title="Ærøskøbing — ✓", cells=[Cell(id="A", q=0, r=0)], owners=owners
    )
    assert render_png(picture).startswith(SIGNATURE)


def test_the_bundled_font_draws_accented_and_non_latin_names() -> None:
    assert drawable("Plain ASCII <&>") == "Plain ASCII <&>"
    assert drawable("Zażółć Straße Ærøskøbing Αθήνα Киев") == "Zażółć Straße Ærøskøbing Αθήνα Киев"
    assert drawable("中") == "?"  # DejaVu Sans has no CJK: one clear mark, never a broken box


def test_non_ascii_labels_render_differently_from_their_ascii_folding() -> None:
    def picture(label: str) -> Picture:
        return Picture(kind="hex", cells=[Cell(id="A1", q=0, r=0, label=label)])

    assert render_png(picture("Łódź")) != render_png(picture("Lodz"))
    assert render_png(picture("Łódź")) != render_png(picture("?od?"))


def test_png_and_svg_share_the_canvas_size() -> None:
    import xml.etree.ElementTree as ET

    from pbem.render.svg import render_svg

    picture = hex_picture()
    root = ET.fromstring(render_svg(picture))
    size = (int(root.get("width", "0")), int(root.get("height", "0")))
    assert _image(picture).size == size


def test_readers_who_see_the_same_map_share_one_drawing(monkeypatch: pytest.MonkeyPatch) -> None:
    picture = hex_picture()
    png._drawn.clear()
    drawn: list[object] = []
    original = png._draw_for_mail

    def counted(*args: Any) -> bytes:
        drawn.append(args)
        return original(*args)

    monkeypatch.setattr(png, "_draw_for_mail", counted)
    first = render_mail_png(picture)
    assert render_mail_png(picture.model_copy(deep=True)) == first  # an equal picture: shared
    other = picture.model_copy(update={"title": "Another map"})
    assert render_mail_png(other) != first
    assert len(drawn) == 2
    for index in range(png.DRAWN_CACHE_SIZE):
        render_mail_png(picture.model_copy(update={"title": f"Map {index}"}))
    assert len(png._drawn) == png.DRAWN_CACHE_SIZE  # the oldest drawings are let go


def test_the_mail_map_is_a_palette_png_of_the_same_map_at_a_fraction_of_the_bytes() -> None:
    picture = hex_picture()
    full, mail = render_png(picture), render_mail_png(picture)
    image = Image.open(io.BytesIO(mail))
    assert image.mode == "P" and image.size == Image.open(io.BytesIO(full)).size
    assert len(mail) < len(full) * 0.6
    png._drawn.clear()
    assert render_mail_png(picture) == mail  # the same picture drawn again, the same bytes
    board = _board()
    shown = Image.open(io.BytesIO(render_mail_png(board))).convert("RGB")
    centre = _centre_colour(shown, board, "P")  # flat colours survive the palette
    assert centre == _centre_colour(_image(board), board, "P")


def _wider(picture: Picture, q: int) -> Picture:
    return picture.model_copy(update={"cells": [*picture.cells, Cell(id="F", q=q, r=0)]})


def test_a_map_wider_than_a_mail_is_drawn_at_the_mail_width() -> None:
    picture = _board()
    width = compute_layout(picture).width
    wide = _wider(picture, 11)
    assert MIN_TEXT * MAIL_MAP_WIDTH / compute_layout(wide).width >= LEGIBLE_PX
    assert compute_layout(wide).width > MAIL_MAP_WIDTH > width
    assert Image.open(io.BytesIO(render_mail_png(wide))).size[0] == MAIL_MAP_WIDTH
    assert Image.open(io.BytesIO(render_mail_png(picture))).size[0] == width  # never enlarged


def test_a_very_wide_map_shrinks_no_further_than_its_text_stays_legible() -> None:
    widest = _wider(_board(), 30)
    width = compute_layout(widest).width
    assert MIN_TEXT * MAIL_MAP_WIDTH / width < LEGIBLE_PX  # 800 px would make its text too small
    drawn = Image.open(io.BytesIO(render_mail_png(widest))).size[0]
    assert drawn == round(width * LEGIBLE_PX / MIN_TEXT) > MAIL_MAP_WIDTH


def test_a_map_keyed_by_its_source_dict_is_the_same_map() -> None:
    picture = hex_picture()
    source = picture.model_dump(mode="json")
    moved = {**source, "cells": [{**source["cells"][0], "terrain": "water"}, *source["cells"][1:]]}
    retitled = {**source, "title": source["title"] + " (again)"}
    assert png.picture_text(picture, source) != png.picture_text(picture, moved)
    assert png.picture_text(picture, source) != png.picture_text(picture, None)  # kept apart
    assert png.base_key(picture, 1.0, (9, 9), source) != png.base_key(picture, 1.0, (9, 9), moved)
    assert png.base_key(picture, 1.0, (9, 9), source) == png.base_key(
        picture, 1.0, (9, 9), retitled)  # the title lies over the board
    with_source = render_mail_png(picture, source=source)
    png._drawn.clear()
    png._bases.clear()
    assert with_source == render_mail_png(picture)

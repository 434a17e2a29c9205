"""A wide map's strips for mail: each quantised on its own, so readers share the strips they
see alike, byte for byte, whatever was drawn before."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from pbem.core.board import Picture
from pbem.render import png
from pbem.render.dirty import PixelBox
from pbem.render.layout import compute_layout
from pbem.render.png import output_size, render_image, render_mail_strips
from pbem.render.report import mail_scale

from .make_samples import hex_picture

MARGIN = 80  # pixels between the changed piece and the cut: its soft edges stay on its side


def _cut_after_a_piece(picture: Picture) -> tuple[Picture, list[PixelBox]]:
    """The picture with its leftmost labelled piece shown otherwise (its label changed), and
    the map cut in two MARGIN pixels right of that piece."""
    layout = compute_layout(picture)
    scale = mail_scale(layout.width)
    width, height = output_size(layout.width, layout.height, scale)
    pieces = list(picture.pieces)
    index = min((n for n, p in enumerate(pieces) if p.label),
                key=lambda n: layout.cells[pieces[n].cell].centre[0])  # fmt: skip
    cut = round(layout.cells[pieces[index].cell].centre[0] * scale) + MARGIN
    assert cut < width - MARGIN  # a right part the change does not reach
    pieces[index] = pieces[index].model_copy(update={"label": "X9"})
    other = picture.model_copy(update={"pieces": pieces})
    return other, [(0, 0, cut, height), (cut, 0, width, height)]


def _forget() -> None:
    png._strips.clear()
    png._strip_pngs.clear()
    png.forget_patches()


def test_readers_share_the_strips_they_see_alike_and_not_the_others() -> None:
    _forget()
    picture = hex_picture()
    other, boxes = _cut_after_a_piece(picture)
    first, second = render_mail_strips(picture, boxes), render_mail_strips(other, boxes)
    assert first[1] == second[1]  # the right half shows both readers the same
    assert first[0] != second[0]
    _forget()
    assert render_mail_strips(other, boxes) == second  # nothing kept: the same bytes


def test_each_strip_is_quantised_from_its_own_pixels() -> None:
    _forget()
    picture = hex_picture()
    _, boxes = _cut_after_a_piece(picture)
    layout = compute_layout(picture)
    image = render_image(picture, mail_scale(layout.width), layout)
    for box, data in zip(boxes, render_mail_strips(picture, boxes), strict=True):
        strip = Image.open(io.BytesIO(data))
        assert strip.mode == "P" and strip.size == (box[2] - box[0], box[3] - box[1])
        own = image.crop(box).quantize(png.MAIL_COLOURS, method=Image.Quantize.FASTOCTREE,
                                       dither=Image.Dither.NONE)  # fmt: skip
        assert ImageChops.difference(strip.convert("RGB"), own.convert("RGB")).getbbox() is None

"""The PNG writer: files Pillow reads back pixel for pixel, the same bytes every time."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from pbem.render import pngfile
from pbem.render.pngfile import SIGNATURE, encode_palette, encode_rgb


def _sample() -> Image.Image:
    image = Image.new("RGB", (37, 23), "#FBFAF6")
    pen = ImageDraw.Draw(image)
    pen.polygon([(2, 2), (30, 5), (12, 20)], fill="#E69F00", outline="#222222")
    pen.line([(0, 22), (36, 0)], fill="#1565C0", width=3)
    return image


def test_pillow_reads_back_every_pixel() -> None:
    image = _sample()
    data = encode_rgb(image)
    assert data.startswith(SIGNATURE)
    back = Image.open(io.BytesIO(data))
    assert (back.mode, back.size) == ("RGB", (37, 23))
    assert back.tobytes() == image.tobytes()


def test_the_same_pixels_give_the_same_bytes_and_other_pixels_others() -> None:
    assert encode_rgb(_sample()) == encode_rgb(_sample())
    other = _sample()
    other.putpixel((5, 5), (0, 0, 0))
    assert encode_rgb(other) != encode_rgb(_sample())


def test_flat_maps_compress_well() -> None:
    image = Image.new("RGB", (400, 300), "#F1EBD0")
    assert len(encode_rgb(image)) < 400 * 300 * 3 // 50


def test_only_rgb_images_are_taken() -> None:
    with pytest.raises(ValueError, match="RGBA"):
        encode_rgb(Image.new("RGBA", (2, 2)))


def test_kept_bands_change_no_byte() -> None:

    tall = Image.new("RGB", (50, 5 * pngfile.BAND_ROWS), "#F1EBD0")
    ImageDraw.Draw(tall).line([(0, 0), (49, 20)], fill="#222222", width=2)
    pngfile._bands.clear()
    fresh = encode_rgb(tall)
    kept = len(pngfile._bands)
    assert 1 < kept < 5  # the three plain bands below the line are one band
    changed = tall.copy()
    changed.putpixel((10, tall.size[1] - 1), (0, 0, 0))
    first = encode_rgb(changed)
    assert len(pngfile._bands) == kept + 1  # only the last band was compressed again
    pngfile._bands.clear()
    assert encode_rgb(changed) == first and encode_rgb(tall) == fresh
    assert Image.open(io.BytesIO(first)).tobytes() == changed.tobytes()


def test_adler32_of_joined_bytes_comes_from_the_parts() -> None:
    import random
    import zlib

    from pbem.render.pngfile import adler32_combine

    pick = random.Random(7)
    for _ in range(200):
        first = bytes(pick.randrange(256) for _ in range(pick.randrange(0, 3000)))
        second = b"\xff" * pick.randrange(0, 200_000) + bytes([pick.randrange(256)])
        joined = zlib.adler32(first + second)
        assert adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second)) == joined


def test_a_palette_image_reads_back_index_for_index_with_its_colours() -> None:
    image = _sample().quantize(16)
    data = encode_palette(image)
    back = Image.open(io.BytesIO(data))
    assert (back.mode, back.size) == ("P", (37, 23))
    assert back.tobytes() == image.tobytes()
    assert back.convert("RGB").tobytes() == image.convert("RGB").tobytes()
    with pytest.raises(ValueError, match="RGB"):
        encode_palette(_sample())


def test_a_palette_image_is_one_stream_and_keeps_no_band() -> None:
    """A mail map has a palette of its own: it shares no band, so none is kept for it."""
    tall = Image.new("RGB", (60, 6 * pngfile.BAND_ROWS), "#F1EBD0")
    for row in range(0, tall.height, 7):
        tall.paste((30 + row % 200, 60, 90), (row % 50, row, row % 50 + 9, row + 3))
    image = tall.quantize(64)
    pngfile._bands.clear()
    data = encode_palette(image, 5)
    assert len(pngfile._bands) == 0
    assert Image.open(io.BytesIO(data)).tobytes() == image.tobytes()

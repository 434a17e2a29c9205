"""The PNG writer: files Pillow reads back pixel for pixel, the same bytes every time."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from pbem.render.pngfile import SIGNATURE, encode_rgb


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

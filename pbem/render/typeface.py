"""The bundled typeface (DejaVu Sans, see fonts/README.md) with Pillow: fonts by pixel size,
which characters it draws, and how wide a line of it is."""

from __future__ import annotations

import functools
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}


@functools.cache
def font_at(pixels: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans (full Latin, Greek, Cyrillic and more) at a pixel size."""
    return ImageFont.truetype(str(FONT_DIR / FONT_FILES[bold]), pixels)


@functools.cache
def _missing_mask() -> bytes:
    return bytes(font_at(20).getmask("\uffff"))


@functools.cache
def has_glyph(char: str) -> bool:
    """Tell whether the bundled font draws `char` (rather than its missing-glyph box)."""
    return char.isspace() or bytes(font_at(20).getmask(char)) != _missing_mask()


def drawable(text: str) -> str:
    """The text with the few characters the bundled font lacks (e.g. CJK) shown as '?'."""
    return "".join(char if has_glyph(char) else "?" for char in text)


@functools.lru_cache(maxsize=1024)
def bold_width(text: str, size: float) -> float:
    """The width of a line of bold text at `size` px, measured at twice the size as the PNG
    is painted."""
    return font_at(round(2 * size), True).getlength(drawable(text)) / 2

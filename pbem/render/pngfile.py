"""Write an image as a PNG file quickly: no row filters, a fast zlib level, kept bands.

Pillow's PNG writer tries every row filter on every row, which costs more than the deflate
itself. Maps are flat colours whose rows repeat pixel triples, so deflate finds them unfiltered.
An RGB image's rows are compressed in bands of BAND_ROWS, each band on its own (a full flush
between bands), so a band another map of the same board already had, row for row, is not
compressed again. A palette image (a map for mail) is compressed in one stream: each has a
palette of its own, so no two share a band, and one stream is smaller and quicker (10-20% less
of both at level 5). Either way the bytes depend only on the pixels, never on what was kept.
Deflate is zlib-ng's, a standard zlib stream made in half the CPU of the system zlib's and a
few per cent smaller at the same level (bench/README.md).
"""

from __future__ import annotations

import struct
import zlib
from collections import OrderedDict

from PIL import Image
from zlib_ng import zlib_ng

SIGNATURE = b"\x89PNG\r\n\x1a\n"
LEVEL = 3  # measured on the shipped maps: level 6 is 2.5x slower for 13% fewer bytes
BAND_ROWS = 32
KEPT_BANDS = 512  # about 20 MB for maps 900 px wide
NO_FILTER = b"\x00"
ZLIB_HEADER = b"\x78\x5e"  # deflate, 32 KiB window, a fast level
LAST_BLOCK = b"\x03\x00"  # an empty final block: the bands end with full flushes
ADLER_MOD = 65521
_bands: OrderedDict[tuple[int, bytes], tuple[bytes, int, int]] = OrderedDict()


def keep_few_bands(bands: int) -> None:
    """Keep at most this many compressed bands (the readers of one phase share most)."""
    global KEPT_BANDS
    KEPT_BANDS = bands


def encode_rgb(image: Image.Image, level: int = LEVEL) -> bytes:
    """Return PNG bytes of an 8-bit RGB image, every row unfiltered."""
    if image.mode != "RGB":
        raise ValueError(f"encode_rgb takes RGB images, not {image.mode}")
    width, height = image.size
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit truecolour
    return SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", _deflate(image, level)) + _END


def encode_palette(image: Image.Image, level: int = LEVEL) -> bytes:
    """Return PNG bytes of an 8-bit palette image ("P"), every row unfiltered, in one deflate
    stream: a third of the pixel bytes of RGB, for a map that must fit in a mail."""
    if image.mode != "P":
        raise ValueError(f"encode_palette takes palette images, not {image.mode}")
    width, height = image.size
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit palette
    palette = bytes(image.getpalette() or [0, 0, 0])[: 3 * 256]  # a PLTE chunk may not be empty
    return (
        SIGNATURE
        + _chunk(b"IHDR", header)
        + _chunk(b"PLTE", palette)
        + _chunk(b"IDAT", zlib_ng.compress(_filtered(image.tobytes(), width), level))
        + _END
    )


def _deflate(image: Image.Image, level: int) -> bytes:
    stride = 3 * image.size[0]
    raw = _filtered(image.tobytes(), stride)
    step = (stride + 1) * BAND_ROWS
    parts, checksum = [ZLIB_HEADER], 1
    for start in range(0, len(raw), step):
        packed, band_sum, length = _band(raw[start : start + step], level)
        checksum = adler32_combine(checksum, band_sum, length)
        parts.append(packed)
    parts += [LAST_BLOCK, struct.pack(">I", checksum)]
    return b"".join(parts)


def _filtered(raw: bytes, stride: int) -> bytes:
    """The rows of `raw`, `stride` bytes each, every one led by its filter byte (none): one
    paste into a canvas a byte wider, not a join per row."""
    rows = len(raw) // stride
    framed = Image.new("L", (stride + 1, rows), NO_FILTER[0])
    framed.paste(Image.frombytes("L", (stride, rows), raw), (1, 0))
    return framed.tobytes()


def _band(band: bytes, level: int) -> tuple[bytes, int, int]:
    """Return a band of filtered rows as raw deflate blocks ending in a full flush, with its
    Adler-32 and length; kept for reuse."""
    key = (level, band)
    found = _bands.get(key)
    if found is None:
        packer = zlib_ng.compressobj(level, zlib_ng.DEFLATED, -15)
        found = (
            packer.compress(band) + packer.flush(zlib_ng.Z_FULL_FLUSH),
            zlib.adler32(band),
            len(band),
        )
        _bands[key] = found
        if len(_bands) > KEPT_BANDS:
            _bands.popitem(last=False)
    else:
        _bands.move_to_end(key)
    return found


def adler32_combine(first: int, second: int, length: int) -> int:
    """The Adler-32 of two byte strings joined, from their own sums and the second's length."""
    low = (first & 0xFFFF) + (second & 0xFFFF) - 1
    high = (
        (first >> 16)
        + (second >> 16)
        + (length % ADLER_MOD) * (first & 0xFFFF)
        - length % ADLER_MOD
    )
    return (low % ADLER_MOD) | ((high % ADLER_MOD) << 16)


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


_END = _chunk(b"IEND", b"")

"""Write an RGB image as a PNG file quickly: no row filters, and a fast zlib level.

Pillow's PNG writer tries every row filter on every row, which costs more than the deflate
itself. Maps are flat colours whose rows repeat pixel triples, so deflate finds them unfiltered:
this writes smaller files in about a third of the time. The bytes depend only on the pixels.
"""

from __future__ import annotations

import struct
import zlib

from PIL import Image

SIGNATURE = b"\x89PNG\r\n\x1a\n"
LEVEL = 3  # measured on the shipped maps: level 6 is 2.5x slower for 13% fewer bytes
NO_FILTER = b"\x00"


def encode_rgb(image: Image.Image, level: int = LEVEL) -> bytes:
    """Return PNG bytes of an 8-bit RGB image, every row unfiltered."""
    if image.mode != "RGB":
        raise ValueError(f"encode_rgb takes RGB images, not {image.mode}")
    width, height = image.size
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit truecolour
    return SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", _deflate(image, level)) + _END


def _deflate(image: Image.Image, level: int) -> bytes:
    raw, stride = image.tobytes(), 3 * image.size[0]
    packer = zlib.compressobj(level)
    rows = range(0, len(raw), stride)
    parts = [packer.compress(NO_FILTER + raw[at : at + stride]) for at in rows]
    parts.append(packer.flush())
    return b"".join(parts)


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


_END = _chunk(b"IEND", b"")

"""Painted board tiles kept across runs, so that a cron run does not paint again the boards the
last run painted.

A tile's pixels depend only on what it shows (pbem.render.png's tile key) and on how pbem
paints: the painter's source, the bundled fonts and Pillow's version. A tile is kept under a
SHA-256 of both, its pixels deflated, in a folder of the user's cache (`$XDG_CACHE_HOME/pbem/
tiles`, else `~/.cache/pbem/tiles`; PBEM_TILE_CACHE names another folder, or `off`). A file is
written whole or not at all (a temporary file renamed), so runs drawing side by side share the
folder; a file that cannot be read or is not the tile's size is painted again, and a folder
that cannot be made or written is passed over: never an error. The oldest tiles are removed
once the folder holds more than PBEM_TILE_CACHE_MB megabytes (256 unless set).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import orjson
import PIL
from PIL import Image
from zlib_ng import zlib_ng

from pbem.paths import cache_folder

VARIABLE = "PBEM_TILE_CACHE"
SIZE_VARIABLE = "PBEM_TILE_CACHE_MB"
DEFAULT_MB = 256
LEVEL = 1  # flat colours: level 1 keeps a tile in some 10 KB, read back in a tenth of a ms
PRUNE_EVERY = 256  # tiles written between looks at the folder's size
SUFFIX = ".tile"
TEMPORARY = ".tile-"  # a tile being written
PAINTER = ("png.py", "typeface.py", "palette.py")  # the modules whose code makes a tile's pixels
_written = 0


def kept(key: object, size: tuple[int, int], paint: Callable[[], Image.Image]) -> Image.Image:
    """The tile of `key` (an RGB image of `size`) as an earlier run kept it, else `paint`'s,
    kept for later runs (the key's digest made once for both)."""
    path = _path(key)
    if path is None:
        return paint()
    found = _load(path, size)
    if found is None:
        found = paint()
        _save(path, found)
    return found


def _load(path: Path, size: tuple[int, int]) -> Image.Image | None:
    try:
        raw = zlib_ng.decompress(path.read_bytes())
    except (OSError, zlib_ng.error):  # type: ignore[misc]  # its stub types it loosely
        return None
    if len(raw) != 3 * size[0] * size[1]:
        return None
    return Image.frombytes("RGB", size, raw)


def _save(path: Path, tile: Image.Image) -> None:
    """Keep a painted tile for later runs, if the folder lets us."""
    global _written
    with contextlib.suppress(OSError):
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        data = zlib_ng.compress(tile.tobytes(), LEVEL)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=TEMPORARY)
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, path)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temporary)
        _written += 1
        if _written % PRUNE_EVERY == 1:
            prune(path.parent, _limit())


def folder_of_this_run(prefix: str) -> str | None:
    """Point PBEM_TILE_CACHE at a new temporary folder, for a run that must start with no
    tiles kept (a test run, a benchmark) and keeps its own for the processes it starts; the
    folder made, for the caller to remove, or None when PBEM_TILE_CACHE names one already."""
    if VARIABLE in os.environ:
        return None
    folder = tempfile.mkdtemp(prefix=prefix)
    os.environ[VARIABLE] = folder
    return folder


def prune(folder: Path, limit: int) -> None:
    """Remove the least recently written tiles until the folder's tiles take at most 3/4 of
    `limit` bytes, when they take more than `limit`; nothing but tiles is ever removed (the
    folder may be one the referee named, with other files in it)."""
    with contextlib.suppress(OSError):
        tiles = []
        for entry in os.scandir(folder):
            with contextlib.suppress(OSError):
                if _is_tile(entry.name) and entry.is_file():
                    stat = entry.stat()
                    tiles.append((stat.st_mtime_ns, stat.st_size, entry.path))
        held = sum(size for _, size, _ in tiles)
        if held <= limit:
            return
        for _, size, name in sorted(tiles):
            with contextlib.suppress(OSError):
                os.unlink(name)
                held -= size
            if held <= limit * 3 // 4:
                return


def _is_tile(name: str) -> bool:
    """A tile's file, or one being written (a temporary file left by a run that died)."""
    return name.endswith(SUFFIX) or name.startswith(TEMPORARY)


def _limit() -> int:
    try:
        return int(float(os.environ.get(SIZE_VARIABLE, DEFAULT_MB)) * 1_000_000)
    except ValueError:
        return DEFAULT_MB * 1_000_000


def _path(key: object) -> Path | None:
    folder = cache_folder(VARIABLE, "tiles")
    if folder is None:
        return None
    digest = hashlib.sha256(painter().encode() + b" " + _written_out(key)).hexdigest()
    return folder / f"{digest}{SUFFIX}"


def _written_out(key: object) -> bytes:
    """The key as JSON (its items are dataclasses, each kind with fields of its own): ten
    times quicker than its repr, the same in every run; the repr if it holds something else."""
    try:
        return orjson.dumps(key)
    except TypeError:
        return repr(key).encode()


@functools.cache
def painter() -> str:
    """A digest of how pbem paints: the painter's modules, the fonts and Pillow's version."""
    here = Path(__file__).resolve().parent
    made = hashlib.sha256(PIL.__version__.encode())
    for name in PAINTER:
        made.update((here / name).read_bytes())
    for font in sorted((here / "fonts").glob("*.ttf")):
        made.update(font.read_bytes())
    return made.hexdigest()

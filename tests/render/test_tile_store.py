"""Painted board tiles kept across runs: a later run paints no tile an earlier one kept, with
the same bytes; a kept file that is damaged or of another size is painted again; no folder to
be had is never an error; the folder is kept within its size."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from pbem.render import png, tile_store

from .make_samples import area_picture, hex_picture

DRAW_ONCE = (
    "from pbem.render import png; from tests.render.make_samples import hex_picture; "
    "import sys; sys.stdout.buffer.write(png.render_png(hex_picture()))"
)


def _fresh() -> None:
    """This process as a new run: nothing painted kept in memory."""
    png._bases.clear()
    png.forget_tiles()
    png.forget_patches()
    png._legends.clear()


def _painted(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The tiles painted from now on (not read from memory or the folder)."""
    painted: list[object] = []
    original = png._painted_tile

    def counted(*args: object) -> Image.Image:
        painted.append(args)
        return original(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(png, "_painted_tile", counted)
    return painted


def test_a_later_run_paints_no_tile_an_earlier_run_kept(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    folder = tmp_path / "tiles"
    env = {**os.environ, tile_store.VARIABLE: str(folder)}
    earlier = subprocess.run([sys.executable, "-c", DRAW_ONCE], env=env, check=True,
                             capture_output=True).stdout  # fmt: skip
    assert len(list(folder.glob("*.tile"))) > 1
    monkeypatch.setenv(tile_store.VARIABLE, str(folder))
    _fresh()
    painted = _painted(monkeypatch)
    assert png.render_png(hex_picture()) == earlier
    assert painted == []
    monkeypatch.setenv(tile_store.VARIABLE, "off")
    _fresh()
    assert png.render_png(hex_picture()) == earlier  # as painted from scratch
    assert painted


def test_a_damaged_or_wrong_sized_file_is_painted_again(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(tile_store.VARIABLE, str(tmp_path))
    _fresh()
    drawn = png.render_png(area_picture())
    files = sorted(tmp_path.glob("*.tile"))
    files[0].write_bytes(b"not deflate")
    files[1].write_bytes(tile_store.zlib_ng.compress(b"\x00" * 30))  # deflate, but too short
    _fresh()
    painted = _painted(monkeypatch)
    assert png.render_png(area_picture()) == drawn
    assert len(painted) == 2


@pytest.mark.parametrize("setting", ["off", "NOT-A-FOLDER/inside"])
def test_no_folder_to_be_had_is_never_an_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, setting: str
) -> None:
    (tmp_path / "NOT-A-FOLDER").write_text("a file where the folder would go", encoding="utf-8")
    value = str(tmp_path / setting) if "/" in setting else setting
    monkeypatch.setenv(tile_store.VARIABLE, value)
    _fresh()
    painted = _painted(monkeypatch)
    assert png.render_png(hex_picture())[:8] == b"\x89PNG\r\n\x1a\n"
    first = len(painted)
    _fresh()
    png.render_png(hex_picture())
    assert first > 0 and len(painted) == 2 * first  # every tile painted again in a later run


def test_the_folder_is_pruned_to_three_quarters_of_its_limit_oldest_first(tmp_path: Path) -> None:
    for number in range(10):
        path = tmp_path / f"{number}.tile"
        path.write_bytes(b"x" * 100)
        os.utime(path, ns=(number * 10**9, number * 10**9))
    tile_store.prune(tmp_path, 1000)  # within the limit: nothing removed
    assert len(list(tmp_path.iterdir())) == 10
    other = tmp_path / "notes.txt"  # a folder the referee named may hold other files
    other.write_bytes(b"y" * 5000)
    os.utime(other, ns=(0, 0))
    tile_store.prune(tmp_path, 800)
    kept = sorted(p.name for p in tmp_path.iterdir())
    assert kept == [f"{n}.tile" for n in range(4, 10)] + ["notes.txt"]


def test_the_painter_digest_changes_with_the_painter(monkeypatch: pytest.MonkeyPatch) -> None:
    before = tile_store.painter()
    tile_store.painter.cache_clear()
    monkeypatch.setattr(tile_store, "PAINTER", ("png.py", "typeface.py"))
    try:
        assert tile_store.painter() != before
    finally:
        tile_store.painter.cache_clear()


def test_a_key_is_written_out_the_same_for_equal_keys_and_apart_for_others() -> None:
    picture = hex_picture()
    scene = png.build_scene(picture, png.compute_layout(picture))
    items = tuple(scene.items[: scene.base_items])
    same = tile_store._written_out((1.0, (0, 0, 8, 8), items, ()))
    assert same == tile_store._written_out((1.0, (0, 0, 8, 8), tuple(items), ()))
    assert same != tile_store._written_out((1.0, (0, 0, 8, 8), items[:-1], ()))
    assert same.startswith(b"[1.0,")  # JSON, not the repr
    assert tile_store._written_out(({1, 2},)) == b"({1, 2},)"  # JSON cannot: the repr

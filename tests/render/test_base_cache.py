"""The board is painted once per phase: every reader reuses it, with the same bytes as fresh."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from pbem.core.board import Picture
from pbem.games.mighty_kingdoms import GAME
from pbem.render import png, tile_store
from tests.reports.campaign import step_named

from .make_samples import hex_picture


@pytest.fixture(autouse=True)
def _no_tiles_across_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A board painted from scratch here is painted, not read from an earlier run's tiles."""
    monkeypatch.setenv(tile_store.VARIABLE, "off")


def _pictures() -> dict[str, Picture]:
    step = step_named("simple", "y1-m4")
    return {
        seat: Picture.model_validate(GAME.view(step.after, seat, step.events)["board"])
        for seat in ("p1", "p2")
    }


def test_a_cached_board_gives_the_same_bytes_as_a_fresh_one() -> None:
    pictures = _pictures()
    png._bases.clear()
    fresh = {seat: png.render_png(p) for seat, p in pictures.items()}
    assert len(png._bases) == 1  # both readers share one painted board
    for seat in ("p2", "p1"):
        assert png.render_png(pictures[seat]) == fresh[seat]
    png._bases.clear()
    assert png.render_png(pictures["p2"]) == fresh["p2"]
    assert fresh["p1"] != fresh["p2"]  # the readers' own rings and arrows still differ


def test_a_different_board_gets_its_own_base_and_a_new_title_keeps_it() -> None:
    pictures = _pictures()
    first = pictures["p1"]
    cells = [first.cells[0].model_copy(update={"terrain": "water"}), *first.cells[1:]]
    other = first.model_copy(update={"cells": cells})
    retitled = first.model_copy(update={"title": "Another phase"})  # painted over the board
    keys = {png.base_key(p, 1.0, (100, 100)) for p in (first, pictures["p2"], other, retitled)}
    assert len(keys) == 2
    assert png.base_key(retitled, 1.0, (100, 100)) == png.base_key(first, 1.0, (100, 100))


def test_a_new_title_is_painted_over_the_kept_board_as_if_painted_with_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = hex_picture()
    retitled = first.model_copy(update={"title": "Sample campaign, summer 1203"})
    png._bases.clear()
    png.render_png(first)
    painted: list[object] = []
    original = png.paint_board

    def counted(*args: Any) -> png.Board:
        painted.append(args)
        return original(*args)

    monkeypatch.setattr(png, "paint_board", counted)
    kept = png.render_png(retitled)
    assert painted == []  # the kept board, the title painted over it
    png._bases.clear()
    png.forget_tiles()
    png.forget_patches()
    assert png.render_png(retitled) == kept


def test_a_board_that_changed_in_one_place_repaints_only_tiles_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    before, after = _grown_in_one_place()
    png._bases.clear()
    png.render_png(before)
    painted: list[object] = []
    original = png._paint_tile

    def counted(*args: Any) -> None:
        painted.append(args)
        original(*args)

    monkeypatch.setattr(png, "_paint_tile", counted)
    grown = png.render_png(after)
    layout = png.compute_layout(after)
    width, height = png.output_size(layout.width, layout.height, 1.0)
    tiles = -(-width // png.TILE) * -(-height // png.TILE)
    assert 0 < len(painted) < tiles
    png._bases.clear()
    assert png.render_png(after) == grown  # the same bytes as a board painted from scratch


def test_a_board_painted_from_kept_tiles_gives_the_same_bytes_as_a_fresh_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    before, after = _grown_in_one_place()
    png._bases.clear()
    png.forget_tiles()
    png.render_png(before)
    png.render_png(after)  # painted over `before`'s board: now the latest
    kept: list[object] = []
    original = png._keep_tile
    monkeypatch.setattr(png, "_keep_tile", lambda *args: (kept.append(args), original(*args)))
    assert png.base_key(before, 1.0, _size(before)) not in png._bases  # painted over
    again = png.render_png(before)  # its changed tiles come back from the kept ones
    assert not kept  # no tile painted afresh
    monkeypatch.undo()
    png._bases.clear()
    png.forget_tiles()
    assert again == png.render_png(before)


def test_tiles_that_paint_a_pattern_in_another_colour_are_kept_apart() -> None:
    scene = png.build_scene(hex_picture())
    size = _size_of(scene)
    tiles = png.board_tiles(scene.items[: scene.base_items], 1.0, size)
    corner, members = next(
        (c, m) for c, m in tiles.items() if any(getattr(i, "pattern", None) for i in m)
    )
    box = (*corner, min(size[0], corner[0] + png.TILE), min(size[1], corner[1] + png.TILE))
    name = next(i.pattern for i in members if getattr(i, "pattern", None))
    recoloured = dataclasses.replace(scene.patterns[name], colour="#000000")
    other = dataclasses.replace(scene, patterns={**scene.patterns, name: recoloured})
    assert png._tile_key(scene, 1.0, box, members) != png._tile_key(other, 1.0, box, members)
    assert png._tile_key(scene, 1.0, box, members) == png._tile_key(scene, 1.0, box, members)


def _grown_in_one_place() -> tuple[Picture, Picture]:
    """The sample board, and the same board with one more cell owned (D4, by east)."""
    before = hex_picture()
    cells = [c.model_copy(update={"owner": "east"}) if c.id == "D4" else c for c in before.cells]
    return before, before.model_copy(update={"cells": cells})


def _size(picture: Picture) -> tuple[int, int]:
    layout = png.compute_layout(picture)
    return png.output_size(layout.width, layout.height, 1.0)


def _size_of(scene: Any) -> tuple[int, int]:
    return png.output_size(scene.width, scene.height, 1.0)

"""The board is painted once per phase: every reader reuses it, with the same bytes as fresh."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.core.board import Picture
from pbem.games.mighty_kingdoms import GAME
from pbem.render import png
from tests.reports.campaign import step_named

from .make_samples import hex_picture


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


def test_a_different_board_gets_its_own_base() -> None:
    pictures = _pictures()
    other = pictures["p1"].model_copy(update={"title": "Another map"})
    keys = {png.base_key(p, 1.0, (100, 100)) for p in (pictures["p1"], pictures["p2"], other)}
    assert len(keys) == 2


def test_a_board_that_changed_in_one_place_repaints_only_tiles_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    before = hex_picture()
    cells = [c.model_copy(update={"owner": "east"}) if c.id == "D4" else c for c in before.cells]
    after = before.model_copy(update={"cells": cells})
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

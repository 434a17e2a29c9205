"""`pbem map check` on area boards: a summary of areas and links, and clear refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem.core.board import Cell, Link, Picture
from pbem.errors import Invalid
from pbem.paths import campaigns_dir
from pbem.services.referee.maps import check_map, picture_summary
from pbem.wording import wording

from .make_samples import area_picture

MAP = Path("israel.toml")


def test_an_area_board_is_summed_up_by_areas_and_links() -> None:
    summary = picture_summary(MAP, area_picture())
    assert summary["kind"] == "area"
    assert (summary["tiles"], summary["links"]) == (25, 40)


def test_an_area_without_a_place_is_refused_by_name() -> None:
    picture = Picture(kind="area", cells=[Cell(id="A", x=1, y=2), Cell(id="Gath", x=5)])
    with pytest.raises(Invalid) as caught:
        picture_summary(MAP, picture)
    assert caught.value.code == "map.E_AREA_UNPLACED"
    assert "area Gath has no x and y" in wording(caught.value.code, caught.value.params)


def test_a_link_to_an_unknown_area_is_refused_by_name() -> None:
    cells = [Cell(id="A", x=1, y=2), Cell(id="B", x=5, y=5)]
    links = [Link(a="A", b="B"), Link(a="B", b="Ekron", kind="sea")]
    with pytest.raises(Invalid) as caught:
        picture_summary(MAP, Picture(kind="area", cells=cells, links=links))
    assert caught.value.params == {"path": "israel.toml", "kind": "sea", "area": "Ekron"}
    assert '"Ekron", which is not an area' in wording(caught.value.code, caught.value.params)


def test_hex_map_files_are_still_summed_up_by_tiles() -> None:
    path = campaigns_dir() / "mighty-kingdoms" / "maps" / "valley-3.toml"
    summary = check_map("mighty-kingdoms", path)
    assert summary["kind"] == "hex" and summary["tiles"] > 30 and summary["start_tiles"]

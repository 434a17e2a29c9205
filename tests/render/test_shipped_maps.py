"""Every shipped map file renders through `pbem map render`, including the 6-player map."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from pbem.paths import campaigns_dir
from pbem.render.layout import compute_layout
from pbem.services.referee.maps import file_picture, write_picture

MAPS = sorted((campaigns_dir() / "mighty-kingdoms" / "maps").glob("*.toml"))


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_each_shipped_map_renders_as_png_and_svg(path: Path, tmp_path: Path) -> None:
    picture = file_picture("mighty-kingdoms", path)
    assert picture.cells
    write_picture(picture, tmp_path / "map.png")
    write_picture(picture, tmp_path / "map.svg")
    layout = compute_layout(picture)
    assert Image.open(tmp_path / "map.png").size == (layout.width, layout.height)
    assert "<svg" in (tmp_path / "map.svg").read_text(encoding="utf-8")


def test_the_six_player_map_is_among_them() -> None:
    assert "sundered-realms-6" in [p.stem for p in MAPS]

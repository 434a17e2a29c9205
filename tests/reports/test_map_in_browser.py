"""The HTML report mail in a real headless Chromium: the map's hex labels measure >= 11 px.

The mail's HTML is opened as a file with the map PNG beside it (as cid:map would resolve in a
mail client). The screenshot is measured, not the template: the displayed map is found by a
marker colour put on its border, and each label's height is the height of its ink.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image

from pbem.core.board import Picture
from pbem.games.mighty_kingdoms import GAME
from pbem.render.layout import compute_layout
from tests.reports.campaign import step_named
from tests.reports.test_mail import bundle
from tests.reports.test_site import browse

MARKER = (255, 0, 255)
CAP_HEIGHT = 0.729  # DejaVu Sans capitals and digits, in ems
MIN_LABEL_PX = 11.0


def _screenshot(tmp_path: Path) -> tuple[Image.Image, Picture]:
    made = bundle("p1")
    html = made.html
    for image in made.images:  # the map's strips, side by side on a desktop
        (tmp_path / f"{image.cid}.png").write_bytes(image.data)
        html = html.replace(f'"cid:{image.cid}"', f'"{image.cid}.png"')
    marked = html.replace(
        "margin: 0 auto; border: 1px solid #d6cbb0;", "margin: 0 auto; border: 1px solid #ff00ff;"
    )
    assert marked != html, "the map's image tag changed; update the marker"
    page = tmp_path / "mail.html"
    page.write_text(marked, encoding="utf-8")
    shot = tmp_path / "shot.png"
    browse(
        page.as_uri(),
        tmp_path / "profile",
        f"--screenshot={shot}",
        "--window-size=1280,2600",
        "--force-device-scale-factor=1",
        "--hide-scrollbars",
    )
    assert shot.is_file(), "chromium wrote no screenshot"
    step = step_named("simple", "y1-m4")
    picture = Picture.model_validate(GAME.view(step.after, "p1", step.events)["board"])
    return Image.open(shot).convert("RGB"), picture


def _marker_box(image: Image.Image) -> tuple[int, int, int, int]:
    """The box inside the marker-coloured border of the map image."""
    box = _pixels_where(image, lambda p: p == MARKER).getbbox()
    assert box is not None, "the map is not on the screenshot"
    left, top, right, bottom = box
    return left + 1, top + 1, right - 1, bottom - 1


def _ink_height(image: Image.Image, box: tuple[int, int, int, int]) -> int:
    """How many rows of near-black ink the box holds, from the first such row to the last."""
    ink = _pixels_where(image.crop(box), lambda p: max(p) < 90).getbbox()
    return ink[3] - ink[1] if ink else 0


def _pixels_where(image: Image.Image, test: Callable[[tuple[int, ...]], bool]) -> Image.Image:
    """A mask of the pixels of an RGB image that pass `test`."""
    raw = image.tobytes()
    mask = Image.new("L", image.size, 0)
    mask.putdata([255 if test(tuple(raw[i : i + 3])) else 0 for i in range(0, len(raw), 3)])
    return mask


@pytest.mark.subprocess
def test_hex_labels_in_the_mail_measure_at_least_11_px(tmp_path: Path) -> None:
    image, picture = _screenshot(tmp_path)
    left, top, right, _ = _marker_box(image)
    layout = compute_layout(picture)
    scale = (right - left) / layout.width
    busy = {p.cell for p in picture.pieces} | set(picture.battles)
    busy |= {a.source for a in picture.arrows} | {a.target for a in picture.arrows}
    quiet = [
        c
        for c in picture.cells
        if c.id not in busy and c.owner is None and not c.marks and c.terrain == "plain"
    ]
    assert len(quiet) >= 10
    sizes = []
    for cell in quiet:
        geo = layout.cells[cell.id]
        x, y = geo.at(0.0, 0.64)
        half_w, half_h = 0.3 * geo.radius * scale, 0.2 * geo.radius * scale
        box = (
            round(left + x * scale - half_w),
            round(top + y * scale - half_h),
            round(left + x * scale + half_w),
            round(top + y * scale + half_h),
        )
        sizes.append(_ink_height(image, box) / CAP_HEIGHT)
    assert min(sizes) >= MIN_LABEL_PX, sizes
    assert max(sizes) < 2 * MIN_LABEL_PX  # the box held a label, not a line running through it

"""Every game's report mail in a real headless Chromium, at a phone's width and a desktop's.

One report of each game (tests/reports/samples.py) is opened as a file with its map pictures
beside it, as cid:map resolves in a mail client, at 390 and 1280 CSS px. The page is
screenshotted and probed: nothing sticks out past the right edge of the screen, nothing is cut
off inside its own box (a board, a table, the map: no sideways scroll anywhere), no text is
under 12 px, every picture of the map fits the screen, links to itself at full size, and shows
its smallest text at 11 px or more. Without Chromium the test is skipped, or fails when
PBEM_REQUIRE_SERVICES=1.

Set PBEM_SHOTS=DIR to keep the screenshots.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from pbem.render.layout import compute_layout
from pbem.render.report import PHASE_HEADING
from pbem.render.scene import Text, build_scene
from tests.reports.browser import Browser
from tests.reports.samples import SAMPLES, TWO_PHASES, bundle, played, write_page

# its module-scoped fixture is made once: the tests share one parallel worker
pytestmark = pytest.mark.xdist_group("test_reports_in_browser")

WIDTHS = (390, 1280)
MIN_PAGE_TEXT = 12.0  # CSS px, any text of the page
MIN_MAP_TEXT = 11.0  # CSS px, text on the map as the browser shows it, at either width

PROBE = """(() => {
  const width = window.innerWidth;
  const over = [], cut = [];
  for (const el of document.body.querySelectorAll('*')) {
    const box = el.getBoundingClientRect();
    const name = el.tagName + (el.id ? '#' + el.id : '');
    if (box.width > 0 && box.right > width + 0.5) over.push(name + ' ' + Math.round(box.right));
    if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
      cut.push(name + ' ' + el.scrollWidth + '>' + el.clientWidth);
    }
  }
  let smallest = 1e9, which = '';
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    const holder = node.parentElement;
    if (!node.textContent.trim() || holder.getBoundingClientRect().width === 0) continue;
    const size = parseFloat(getComputedStyle(holder).fontSize);
    if (size < smallest) { smallest = size; which = node.textContent.trim().slice(0, 40); }
  }
  const maps = [...document.querySelectorAll('#map img')].map(img => {
    const at = img.getBoundingClientRect(), link = img.closest('a');
    return {src: img.getAttribute('src'), natural: img.naturalWidth, shown: at.width,
            loaded: img.complete, left: at.left + window.scrollX, top: at.top + window.scrollY,
            height: at.height, right: at.right,
            link: link ? link.getAttribute('href') : null};
  });
  return {
    width: width, page: document.documentElement.scrollWidth, over: over, cut: cut,
    smallest: smallest, which: which, maps: maps,
    viewport: !!document.querySelector('meta[name=viewport]'),
    headings: [...document.querySelectorAll('.phase-heading')]
      .filter(el => el.getBoundingClientRect().height > 0).map(el => el.textContent.trim()),
  };
})()"""


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    with Browser(tmp_path_factory.mktemp("chromium")) as running:
        yield running


@pytest.mark.subprocess
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", SAMPLES)
def test_the_report_reads_well_at_this_width(
    browser: Browser, tmp_path: Path, name: str, width: int
) -> None:
    page = write_page(name, tmp_path / name)
    browser.open(page.as_uri(), width)
    found: dict[str, Any] = browser.evaluate(PROBE)
    shot = _screenshot(browser, tmp_path, name, width)
    assert found["viewport"], "no viewport tag"
    assert found["page"] <= width and not found["over"], found["over"]
    assert not found["cut"], found["cut"]  # nothing scrolls sideways inside its box
    assert found["smallest"] >= MIN_PAGE_TEXT, (found["smallest"], found["which"])
    assert found["maps"], "no map on the page"
    text = smallest_map_text(name)
    for map_ in found["maps"]:
        assert map_["loaded"] and map_["natural"] > 0, map_["src"]
        assert map_["right"] <= width and map_["shown"] <= map_["natural"] + 0.5, map_
        assert map_["link"] == map_["src"], "the full-size picture is not a tap away"
        shown = text * map_["shown"] / map_["natural"]
        assert shown >= MIN_MAP_TEXT, (name, width, map_["src"], shown)
        assert _ink(shot, map_) > 0.003, f"{map_['src']} is blank on the screenshot"
    if name == TWO_PHASES:  # each phase's orders under its own heading, shown on the page
        labels = [e.data["label"] for e in played(name)[1] if e.code == PHASE_HEADING]
        assert len(labels) == 2 and labels[0] != labels[1]
        assert [h for h in found["headings"] if any(label in h for label in labels)] == \
            found["headings"] and len(found["headings"]) == 2, found["headings"]


def smallest_map_text(name: str) -> float:
    """The smallest text on the game's sample map, in the PNG's pixels (drawn 1:1)."""
    picture = bundle(name).picture
    assert picture is not None
    layout = compute_layout(picture)
    sizes = [item.size for item in build_scene(picture, layout).items if isinstance(item, Text)]
    assert sizes, "the map has no text"
    return min(sizes)


def _screenshot(browser: Browser, tmp_path: Path, name: str, width: int) -> Image.Image:
    keep = os.environ.get("PBEM_SHOTS")
    path = (Path(keep) if keep else tmp_path) / f"{name}-{width}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    browser.screenshot(path)
    assert path.is_file(), "chromium wrote no screenshot"
    return Image.open(path).convert("RGB")


def _ink(shot: Image.Image, map_: dict[str, float]) -> float:
    """The share of the map's pixels on the screenshot that are dark ink (labels, outlines)."""
    left, top = round(map_["left"]), round(map_["top"])
    right = min(shot.size[0], left + round(map_["shown"]))  # a panning map is cut at the screen
    box = (left, top, right, min(shot.size[1], top + round(map_["height"])))
    crop = shot.crop(box).convert("L")
    dark = sum(1 for value in crop.tobytes() if value < 90)
    return dark / max(1, crop.size[0] * crop.size[1])

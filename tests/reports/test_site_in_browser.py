"""Every game's archive (`pbem site`) in a real headless Chromium, at a phone's width and a
desktop's.

A short campaign of each game is archived and its index and last phase page are opened at 390
and 1280 CSS px. Nothing may stick out past the right edge of the screen; every picture of the
map fits the screen, links to the map at full size and shows the map's smallest text at 11 CSS
px or more (a map too wide for that on a phone is shown as strips cropped from the same
picture, one above another on a phone and side by side on a desktop). Without Chromium the test
is skipped, or fails when PBEM_REQUIRE_SERVICES=1.

Set PBEM_SHOTS=DIR to keep the screenshots.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pbem.registry import games
from pbem.render.layout import MIN_TEXT
from pbem.services.referee.site import build_site
from tests.reports.browser import Browser
from tests.support.finished import new_campaign, play_phase

# its module-scoped fixtures are made once: the tests share one parallel worker
pytestmark = pytest.mark.xdist_group("test_site_in_browser")

WIDTHS = (390, 1280)
MIN_MAP_TEXT = 11.0  # CSS px: the map's smallest text as the browser shows it
PHASES = 3
WIDE = ("mighty-kingdoms", "diplomacy")  # maps too wide to show whole on a phone

PROBE = """(() => {
  const width = window.innerWidth;
  const over = [], scrolled = [];
  const clipped = el => {  // inside a box that crops it or scrolls it sideways
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== 'visible') return up;
    }
    return null;
  };
  for (const el of document.body.querySelectorAll('*')) {
    const box = el.getBoundingClientRect();
    const name = el.tagName + (el.id ? '#' + el.id : '');
    if (!(box.width > 0 && box.right > width + 0.5)) continue;
    const holder = clipped(el);
    if (!holder) over.push(name + ' ' + Math.round(box.right));
    else if (!holder.classList.contains('crop')) scrolled.push(holder.tagName);
  }
  const maps = [...document.querySelectorAll('.map img')].map(img => {
    const at = img.getBoundingClientRect(), link = img.closest('a');
    const crop = img.closest('.crop') || img, seen = crop.getBoundingClientRect();
    return {src: img.getAttribute('src'), natural: img.naturalWidth, drawn: at.width,
            loaded: img.complete, left: seen.left, right: seen.right, top: seen.top,
            link: link ? link.getAttribute('href') : null};
  });
  return {width: width, page: document.documentElement.scrollWidth, over: over, maps: maps,
          scrolled: [...new Set(scrolled)],
          strips: document.querySelectorAll('.map .crop').length};
})()"""


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    with Browser(tmp_path_factory.mktemp("chromium")) as running:
        yield running


@pytest.fixture(scope="module")
def archives() -> dict[str, Path]:
    """The games archived so far in this module, each made once."""
    return {}


def _archive(name: str, archives: dict[str, Path], factory: pytest.TempPathFactory) -> Path:
    """A few phases of game `name` played through the services, archived."""
    if name not in archives:
        folder = factory.mktemp(name)
        game, rt = new_campaign(name, folder)
        for step in range(PHASES):
            play_phase(rt, game, step)
        build_site(rt, "c", folder / "out")
        rt.engine.dispose()
        archives[name] = folder / "out"
    return archives[name]


@pytest.mark.slow
@pytest.mark.subprocess
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", sorted(games()))
def test_the_archive_reads_well_at_this_width(
    browser: Browser, archives: dict[str, Path], tmp_path_factory: pytest.TempPathFactory,
    name: str, width: int,
) -> None:
    out = _archive(name, archives, tmp_path_factory)
    last = sorted(out.glob("phase-*.html"))[-1]
    for page in (out / "index.html", last):
        browser.open(page.as_uri(), width)
        found: dict[str, Any] = browser.evaluate(PROBE)
        _keep_shot(browser, name, width, page.stem)
        assert found["page"] <= width and not found["over"], (page.name, found["over"])
        assert "TABLE" not in found["scrolled"], f"{page.name}: a table scrolls sideways"
        assert found["maps"], f"{page.name}: no map"
        for shown in found["maps"]:
            assert shown["loaded"] and shown["natural"] > 0, shown
            assert shown["left"] >= 0 and shown["right"] <= width + 0.5, shown
            assert shown["link"] == shown["src"], "the full-size map is not a tap away"
            text = MIN_TEXT * shown["drawn"] / shown["natural"]
            assert text >= MIN_MAP_TEXT, (name, width, page.name, text)
        if name in WIDE:
            assert found["strips"] > 1, f"{name}: a wide map is not cut for a phone"


@pytest.mark.slow
@pytest.mark.subprocess
@pytest.mark.parametrize("name", WIDE)
def test_a_wide_map_sits_whole_on_a_desktop_and_in_strips_on_a_phone(
    browser: Browser, archives: dict[str, Path], tmp_path_factory: pytest.TempPathFactory,
    name: str,
) -> None:
    page = sorted(_archive(name, archives, tmp_path_factory).glob("phase-*.html"))[-1]
    tops = {}
    for width in WIDTHS:
        browser.open(page.as_uri(), width)
        found = browser.evaluate(PROBE)
        tops[width] = sorted({round(m["top"]) for m in found["maps"]})
    assert len(tops[390]) >= 3  # the board's strips and the legend, one above another
    assert len(tops[1280]) < len(tops[390])  # the board's strips side by side on a desktop


def _keep_shot(browser: Browser, name: str, width: int, page: str) -> None:
    keep = os.environ.get("PBEM_SHOTS")
    if keep:
        path = Path(keep) / f"site-{name}-{page}-{width}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        browser.screenshot(path)

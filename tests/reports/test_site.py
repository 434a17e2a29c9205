"""`pbem site`: a static, offline HTML archive of a campaign's public history.

The pages are opened in a real headless Chromium (Debian's `chromium`): the screenshot must
not be blank and the DOM must hold the map. Without Chromium the browser test is skipped,
or fails when PBEM_REQUIRE_SERVICES=1.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from sqlmodel import Session

from pbem.cli.host import site as site_cli
from pbem.ledger import queries
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import state_after
from pbem.services.intake.entry import submit_by_address
from pbem.services.referee.site import build_site
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from pbem.services.turns.turns import run_phase
from tests.conftest import service_unavailable
from tests.reports.campaign import order_text
from tests.reports.test_site_maps import shown
from tests.support.runtime import make_runtime, sqlite_url

# its module-scoped fixture is made once: the tests share one parallel worker
pytestmark = pytest.mark.xdist_group("test_site")

PLAYERS = ["Alba <alba@localhost>", "Brython <brython@localhost>"]
ADDRESSES = {"p1": "alba@localhost", "p2": "brython@localhost"}
SECRET_RACE = "Twilight Kin"


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A one-year valley campaign played through the services, archived with `pbem site`."""
    base = tmp_path_factory.mktemp("site")
    rt = make_runtime(sqlite_url(base))
    create_campaign(rt, NewCampaign(name="valley", game="mighty-kingdoms", scenario=None,
                                    players=PLAYERS, seed=7, sets={"years": "1"}))
    for _ in range(6):
        _play_one_phase(rt)
    pending = submit_by_address(rt, "valley", "alba@localhost", "defend 1\nretreat 1 to C2")
    assert pending["accepted"] and not pending["problems"]  # sent, not yet adjudicated
    out = base / "out"
    build_site(rt, "valley", out)
    rt.engine.dispose()
    yield out


def _play_one_phase(rt: Runtime) -> None:
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, "valley")
        phase = queries.open_phase(session, campaign)
        assert phase is not None
        state = state_after(session, campaign, phase.seq - 1)
        assert state is not None
    for seat, address in ADDRESSES.items():
        text = order_text(state, seat) if state.stage != "race" else f"race {SECRET_RACE}"
        if text and seat in {*_owing(state)}:
            submit_by_address(rt, "valley", address, text)
    run_phase(rt, "valley", force=True)


def _owing(state: object) -> list[str]:
    from pbem.games.mighty_kingdoms import GAME

    due = GAME.due(state)  # type: ignore[arg-type]
    return [*due.players, *due.optional]


def test_the_archive_has_an_index_and_a_page_per_phase_with_navigation(archive: Path) -> None:
    index = (archive / "index.html").read_text()
    pages = sorted(archive.glob("phase-*.html"))
    assert len(pages) == 6
    assert all(f'href="{p.name}"' in index for p in pages)
    first, middle, last = pages[0].read_text(), pages[1].read_text(), pages[-1].read_text()
    assert 'id="previous"' not in first and f'id="next" href="{pages[1].name}"' in first
    assert f'id="previous" href="{pages[0].name}"' in middle
    assert 'id="next"' not in last
    assert 'src="maps.svg#p002"' in middle and (archive / "maps.svg").is_file()
    assert not list(archive.glob("map-*.svg"))  # every map is in the one stacked file
    assert "Alba" in middle and "explores" in (archive / "phase-005.html").read_text() + (
        archive / "phase-006.html").read_text()


def test_the_index_shows_players_dates_and_the_latest_public_map(archive: Path) -> None:
    index = (archive / "index.html").read_text()
    players = index.split('id="players"')[1].split("</table>")[0]
    assert all(name in players for name in ("Alba", "Brython", "p1", "p2"))
    assert '<img src="maps.svg#p006"' in index.split('id="latest-map"')[1]
    pages = sorted(archive.glob("phase-*.html"))
    latest = index.split('id="latest-map"')[1].split("</p>")[0]
    assert f'href="{pages[-1].name}"' in latest and 'href="maps.svg#p006"' in latest
    assert re.search(r"<td>\d{4}-\d\d-\d\d \d\d:\d\d [A-Z]+", index)  # adjudication dates
    assert "Started " in index and "orders due" in index
    assert "<style>" in index and "FINAL STANDINGS" not in index  # still running


def test_the_archive_is_offline_and_public(archive: Path) -> None:
    for page in archive.glob("*.html"):
        text = page.read_text()
        assert not re.search(r"(src|href)=\"(https?:)?//", text), page.name
        assert "<script" not in text and "@import" not in text
        assert "Your orders as read" not in text  # private echoes are not public
    first = (archive / "phase-001.html").read_text()
    assert SECRET_RACE in first  # revealed by the race phase, so public now
    assert "retreat 1 to C2" not in "".join(p.read_text() for p in archive.glob("*.*"))


def test_the_cli_command_writes_the_archive(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rt = make_runtime(sqlite_url(tmp_path))
    create_campaign(rt, NewCampaign(name="valley", game="mighty-kingdoms", scenario=None,
                                    players=PLAYERS, seed=7))
    run_phase(rt, "valley", force=True)
    monkeypatch.setattr(site_cli, "runtime", lambda: rt)
    site_cli.site_command("valley", tmp_path / "out")
    assert (tmp_path / "out" / "phase-001.html").is_file()
    assert (tmp_path / "out" / "index.html").is_file()
    rt.engine.dispose()


CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]


def chromium() -> str:
    """The chromium binary, or skip/fail as the service policy says."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        service_unavailable("chromium is not installed (apt-get install -y chromium)")
    return found


def browse(url: str, profile: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    """Run headless Chromium once on `url`."""
    command = [chromium(), *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *extra, url]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.subprocess
def test_chromium_draws_a_phase_page_with_its_map(archive: Path, tmp_path: Path) -> None:
    url = (archive / "phase-006.html").as_uri()
    shot = tmp_path / "page.png"
    browse(url, tmp_path / "profile", f"--screenshot={shot}", "--window-size=1200,900")
    assert shot.is_file(), "chromium wrote no screenshot"
    assert pixel_spread(shot.read_bytes()) > 20
    dom = browse(url, tmp_path / "profile2", "--dump-dom").stdout
    shown = dom.split('id="map"', 1)[1].split("</div>", 1)[0]
    assert '<img src="maps.svg#p006"' in shown and "WHAT HAPPENED" in dom
    assert 'class="crop"' in shown  # the wide valley map is cut in strips for a phone


@pytest.mark.subprocess
def test_chromium_draws_a_phase_of_the_stacked_maps_as_that_phase_alone(
    archive: Path, tmp_path: Path
) -> None:
    """The fragment picks the phase's elements by CSS `:target` in an image too: the picture
    equals the phase's elements written as a file of their own."""
    stack = (archive / "maps.svg").read_text(encoding="utf-8")
    head = stack.split("\n", 1)[0]
    (tmp_path / "alone.svg").write_text(f"{head}\n{shown(stack, 'p006')}\n</svg>\n")
    size = re.search(r'width="([\d.]+)" height="([\d.]+)"', head)
    assert size is not None
    shots = []
    for name, source in (("stacked", archive / "maps.svg"), ("alone", tmp_path / "alone.svg")):
        page = tmp_path / f"{name}.html"
        image = f"{source.as_uri()}#p006" if name == "stacked" else source.as_uri()
        page.write_text(f'<!doctype html><body style="margin:0"><img src="{image}" '
                        f'width="{size.group(1)}" height="{size.group(2)}"></body>')
        shot = tmp_path / f"{name}.png"
        browse(page.as_uri(), tmp_path / f"profile-{name}", f"--screenshot={shot}",
               "--window-size=900,900")
        shots.append(Image.open(shot).convert("RGB"))
    assert pixel_spread(_png(shots[0])) > 20
    assert ImageChops.difference(shots[0], shots[1]).getbbox() is None


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def pixel_spread(png: bytes) -> float:
    """The standard deviation of the grey levels of a PNG, sampled (0 for a blank page)."""
    image = Image.open(io.BytesIO(png)).convert("L")
    width, height = image.size
    greys = [image.getpixel((x, y)) for y in range(0, height, 7) for x in range(0, width, 7)]
    values = [float(g) for g in greys if isinstance(g, int | float)]
    mean = sum(values) / len(values)
    return float((sum((g - mean) ** 2 for g in values) / len(values)) ** 0.5)

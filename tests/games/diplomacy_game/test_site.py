"""`pbem site` archives a Diplomacy campaign: a page per phase with its map and results."""

from __future__ import annotations

from pathlib import Path

from pbem.services.referee.site import build_site
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from pbem.services.turns.turns import run_phase
from tests.support.runtime import make_runtime, sqlite_url

PLAYERS = [f"P{n} <p{n}@localhost>" for n in range(1, 8)]


def test_the_archive_has_a_page_and_a_map_for_every_phase(tmp_path: Path) -> None:
    rt = make_runtime(sqlite_url(tmp_path))
    create_campaign(rt, NewCampaign(name="dip", game="diplomacy", scenario=None,
                                    players=PLAYERS, seed=3, sets={"powers": "in-order"}))
    for _ in range(2):
        run_phase(rt, "dip", force=True)
    written = build_site(rt, "dip", tmp_path / "out")
    pages = [p for p in written if p.name.startswith("phase-") and p.suffix == ".html"]
    assert len(pages) >= 2
    text = pages[0].read_text(encoding="utf-8")
    assert 'src="maps.svg#p' in text and "Spring 1901" in text
    assert "<svg" in (tmp_path / "out" / "maps.svg").read_text(encoding="utf-8")
    rt.engine.dispose()

"""A finished three-turn King David campaign's archive (`pbem site`) stays under 2 MB: every
phase's map is in one stacked file that holds the board once (services/referee/site_maps.py),
so no page repeats it."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import Session

from pbem.games.king_david import GAME
from pbem.ledger import queries
from pbem.services.referee.site import build_site
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from tests.support.finished import play_to_end
from tests.support.runtime import make_runtime, sqlite_url

LIMIT = 2 * 1024 * 1024


@pytest.mark.slow
def test_a_finished_three_turn_campaign_archives_in_under_two_megabytes(tmp_path: Path) -> None:
    rt = make_runtime(sqlite_url(tmp_path))
    players = [f"P{n} <p{n}@localhost>" for n in range(1, 4)]
    create_campaign(rt, NewCampaign("c", "king-david", None, players, seed=5,
                                    sets={"turns": "3"}))
    play_to_end(rt, GAME, limit=400)
    with Session(rt.engine) as session:
        assert queries.campaign_named(session, "c").status == "finished"
    written = build_site(rt, "c", tmp_path / "out")
    rt.engine.dispose()
    sizes = {path.name: path.stat().st_size for path in written}
    pages = [name for name in sizes if name.startswith("phase-")]
    print(f"\nking-david archive: {len(pages)} pages, {sum(sizes.values()) // 1024} KB")
    assert len(pages) > 30
    assert sum(sizes.values()) < LIMIT, sorted(sizes.items(), key=lambda kv: -kv[1])[:5]
    assert max(sizes[name] for name in pages) < 40 * 1024  # no page holds a map of its own

"""`pbem demo --game G` for every registered game: scripted players play it by email over the
loopback mail stack for a few phases, and the index lists each player's mail by turn."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pbem.demo.run import DemoPlan, cast_for, run_demo
from pbem.registry import games
from pbem.sandbox.mailstack import available
from tests.conftest import service_unavailable

PHASES = 4  # enough for every player to have been asked and answered, and quick


@pytest.mark.slow
@pytest.mark.services
@pytest.mark.parametrize("name", sorted(games()))
def test_a_bounded_demo_of_every_game(name: str, tmp_path: Path) -> None:
    ok, reason = available()
    if not ok:
        service_unavailable(reason)
    out = tmp_path / "out"
    lines: list[str] = []
    result = run_demo(out, lines.append, DemoPlan(game=name, phases=PHASES))
    assert len(result.phases) == PHASES and result.orders_sent >= PHASES
    assert any(line.startswith("tick ") for line in lines)
    game = games()[name]
    index = (out / "index.html").read_text(encoding="utf-8")
    assert game.meta.title.upper() in index and 'id="mailboxes"' in index
    assert not result.finished and "Stopped at" in index.split('id="winner"')[1]
    for player, user in cast_for(game):
        assert player in index.split('id="players"')[1].split("</table>")[0]
        folder = out / "reports" / user
        assert sorted(folder.glob("*-welcome-*.txt")), f"{player} got no welcome"
        assert sorted(folder.glob("*-report-*.html")), f"{player} got no report"
    for href in re.findall(r'href="([^"]+)"', index):
        assert (out / href).is_file(), href
    for page in out.glob("reports/*/*.html"):
        assert "cid:" not in page.read_text(encoding="utf-8"), page.name  # pictures are beside it
        for source in re.findall(r'<img[^>]+src="([^"]+)"', page.read_text(encoding="utf-8")):
            assert (page.parent / source).is_file(), (page.name, source)  # a strip's too


@pytest.mark.slow
@pytest.mark.services
@pytest.mark.parametrize("board", ["ancient-mediterranean", "pure"])
def test_each_diplomacy_variant_plays_by_mail_to_a_result_with_maps(
    board: str, tmp_path: Path
) -> None:
    """Issue 36: a variant's game by mail ends in a declared result (its last year, set one
    year after its first), with the closing mail and a map in every report."""
    ok, reason = available()
    if not ok:
        service_unavailable(reason)
    first = _first_year(board)
    out = tmp_path / "out"
    plan = DemoPlan(game="diplomacy", scenario=board, sets={"end_year": str(first + 1)})
    result = run_demo(out, [].append, plan)
    assert result.finished and len(result.phases) >= 4 and result.orders_sent >= 4
    orders = {"ancient-mediterranean": "F THA", "pure": "A PAR"}[board]  # the board's own units
    report = sorted((out / "reports" / "alice").glob("*-report-*.txt"))[0]
    assert orders in report.read_text(encoding="utf-8")
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "Stopped at" not in index.split('id="winner"')[1]
    assert "draw shared by" in index or "winner is" in index
    for _, user in cast_for(games()["diplomacy"]):
        folder = out / "reports" / user
        closing = sorted(folder.glob("*-the-campaign-is-over-*.txt"))
        assert closing, f"{user} got no closing mail"
        reports = sorted(folder.glob("*-report-*.html"))
        assert reports and all(_shows_a_map(page) for page in reports), user


def _first_year(board: str) -> int:
    import tomllib

    from pbem.paths import campaigns_dir

    text = (campaigns_dir() / "diplomacy" / f"{board}.toml").read_text(encoding="utf-8")
    return int(tomllib.loads(text)["board"]["first_year"])


def _shows_a_map(page: Path) -> bool:
    """The saved report shows its map: a picture saved beside it."""
    sources = re.findall(r'<img[^>]+src="([^"]+)"', page.read_text(encoding="utf-8"))
    return bool(sources) and all((page.parent / s).is_file() for s in sources)

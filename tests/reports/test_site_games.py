"""`pbem site` for every registered game: a finished campaign of each, archived from its public
view alone, written whole or not at all."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlmodel import Session

from pbem.ledger import queries
from pbem.registry import games
from pbem.render.templating import has_template
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import state_after
from pbem.services.referee import site
from pbem.services.referee.lifecycle import end_campaign
from pbem.services.referee.site import build_site, page_file, role_of
from tests.support.finished import new_campaign, play_phase, play_to_end

# its module-scoped fixture is made once: the tests share one parallel worker
pytestmark = pytest.mark.xdist_group("test_site_games")


@dataclass
class Archived:
    """A finished campaign of one game and its archive."""

    game: str
    rt: Runtime
    out: Path


@pytest.fixture(scope="module")
def archives() -> dict[str, Archived]:
    """The games archived so far in this module, each made once whatever order tests run in."""
    return {}


@pytest.fixture(params=sorted(games()))
def archived(
    request: pytest.FixtureRequest,
    archives: dict[str, Archived],
    tmp_path_factory: pytest.TempPathFactory,
) -> Archived:
    """One game played to its end through the services, then archived."""
    name = request.param
    if name not in archives:
        folder = tmp_path_factory.mktemp(name)
        game, rt = new_campaign(name, folder)
        play_to_end(rt, game)
        build_site(rt, "c", folder / "out")
        archives[name] = Archived(name, rt, folder / "out")
    return archives[name]


def _done(rt: Runtime) -> list[int]:
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, "c")
        assert campaign.status == "finished"
        return [p.seq for p in queries.done_phases(session, campaign)]


@pytest.mark.slow
def test_every_phase_has_a_page_and_the_index_has_the_standings(archived: Archived) -> None:
    seqs = _done(archived.rt)
    pages = sorted(p.name for p in archived.out.glob("phase-*.html"))
    assert pages == [page_file(seq) for seq in seqs]
    index = (archived.out / "index.html").read_text(encoding="utf-8")
    assert "FINAL STANDINGS" in index and "The campaign is over." in index
    assert all(f'href="{name}"' in index for name in pages)
    assert games()[archived.game].meta.title.upper() in index  # the game's title heads it
    history = json.loads((archived.out / "history.json").read_text(encoding="utf-8"))
    assert [entry["page"] for entry in history] == pages
    texts = [(archived.out / name).read_text(encoding="utf-8") for name in pages]
    assert ['id="ending"' in text for text in texts] == [False] * (len(texts) - 1) + [True]
    assert '<p class="winner">' in index  # the last page ends with the same winner line


def test_pages_show_public_events_the_map_and_the_games_own_tables(archived: Archived) -> None:
    texts = [p.read_text(encoding="utf-8") for p in sorted(archived.out.glob("phase-*.html"))]
    assert all("WHAT HAPPENED" in text for text in texts)
    assert sum(text.count("<li>") for text in texts) > len(texts)  # events, not just "nothing"
    maps = [text.split('id="map"', 1)[1].split("</div>", 1)[0] for text in texts]
    assert all('<img src="maps.svg#p' in shown for shown in maps)
    assert all('href="maps.svg#p' in shown for shown in maps)  # full size a tap away
    if has_template(f"{archived.game}/site.html.j2"):
        assert all('class="position"' in text for text in texts)
        assert 'class="position"' in (archived.out / "index.html").read_text(encoding="utf-8")


def test_the_archive_holds_no_seats_secret(archived: Archived) -> None:
    game = games()[archived.game]
    if game.private_strings is None:
        pytest.skip("the game names no private strings")
    seqs, checked = _done(archived.rt), 0
    with Session(archived.rt.engine) as session:
        campaign = queries.campaign_named(session, "c")
        for seq in seqs:
            state = state_after(session, campaign, seq)
            page = (archived.out / page_file(seq)).read_text(encoding="utf-8")
            for seat in (s.id for s in state.seats):
                secrets = [s for s in game.private_strings(state, seat) if s]
                assert not [s for s in secrets if s in page], (seq, seat)
                checked += len(secrets)
    assert checked > 0, "no seat held a secret: the campaign cannot show the archive keeps one"


def test_a_failed_build_writes_nothing_and_keeps_the_old_archive(
    archived: Archived, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "index.html").write_text("the old index", encoding="utf-8")
    real = site.render

    def failing(name: str, **context: object) -> str:
        if name == "site/phase.html.j2" and context["page"].seq > 1:  # type: ignore[attr-defined]
            raise RuntimeError("a page that cannot be drawn")
        return real(name, **context)

    monkeypatch.setattr(site, "render", failing)
    with pytest.raises(RuntimeError):
        build_site(archived.rt, "c", out)
    assert [p.name for p in out.iterdir()] == ["index.html"]
    assert (out / "index.html").read_text(encoding="utf-8") == "the old index"


def test_a_rebuild_replaces_the_pages_and_drops_pages_it_no_longer_has(
    archived: Archived, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "phase-999.html").write_text("from an older history", encoding="utf-8")
    (out / "notes.txt").write_text("the referee's own file", encoding="utf-8")
    build_site(archived.rt, "c", out)
    assert not (out / "phase-999.html").exists() and (out / "notes.txt").is_file()
    assert not [p for p in out.iterdir() if p.name.startswith(".")]


@pytest.mark.parametrize(
    ("shown", "seat", "player", "role"),
    [
        ("Alice (Philistia)", "p1", "Alice", "Philistia"),
        ("Alice", "p1", "Alice", ""),
        ("p1", "p1", "Alice", ""),
        ("Elvenmark", "p1", "Alice", "Elvenmark"),
        ("", "p1", "Alice", ""),
    ],
)
def test_a_seat_plays_as_what_the_public_view_names_it(
    shown: str, seat: str, player: str, role: str
) -> None:
    assert role_of(shown, seat, player) == role


def test_a_campaign_the_referee_ended_shows_the_declared_result(tmp_path: Path) -> None:
    game, rt = new_campaign("mighty-kingdoms", tmp_path)
    assert play_phase(rt, game, 1)
    end_campaign(rt, "c", "Alice & Bob share the valley", "the group stopped")
    build_site(rt, "c", tmp_path / "out")
    index = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert "The referee ended it: <strong id=\"declared\">Alice &amp; Bob share the valley" in index
    pages = sorted((tmp_path / "out").glob("phase-*.html"))
    last = pages[-1].read_text(encoding="utf-8")
    assert "The referee ended the campaign: Alice &amp; Bob share the valley.</p>" in last
    assert all('id="ending"' not in p.read_text(encoding="utf-8") for p in pages[:-1])
    rt.engine.dispose()


@pytest.mark.parametrize("declared", ["Carol wins", "Carol wins."])
def test_the_declared_result_ends_with_one_period(declared: str) -> None:
    facts = site.SiteFacts(status="finished", declared=declared)
    assert facts.ending == "The referee ended the campaign: Carol wins."

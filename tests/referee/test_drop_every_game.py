"""`pbem player drop` for every game: through the referee command mid-game, the seat is out
under its game's own rules, owes nothing more, the players are told, the game plays to its end
without it, and replay reproduces every state."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from sqlmodel import Session, col, select
from typer.testing import CliRunner

from pbem.cli.app import app
from pbem.ledger import queries
from pbem.ledger.models import Adjustment, Outbox, Phase, Player, Submission
from pbem.registry import games
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import current_state, game_of
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from pbem.services.turns.replay import replay
from pbem.wording import wording
from tests.support.finished import SHORT, play_phase, play_to_end
from tests.support.runtime import make_runtime, sqlite_url

# Per game: the seat that leaves, and the event code its game tells everyone.
LEAVERS = {
    "mighty-kingdoms": ("p3", "mk.conceded"),
    "king-david": ("p2", "kd.dropped"),
    "kings-of-israel": ("p2", "ki.dropped"),
    "dba-cards": ("p2", "dba.conceded"),
    "david-goliath": ("p1", "dg.conceded"),
    "diplomacy": ("p2", "dip.civil_disorder"),
}
SETS = {**SHORT, "diplomacy": {"end_year": "1902"}}
DUELS = ("dba-cards", "david-goliath")  # two players: the one left wins
REASON = "moved abroad and cannot play on"


def test_every_registered_game_drops_a_seat() -> None:
    registered = {name for name, game in games().items() if game.drop is not None}
    assert set(LEAVERS) <= registered


def _campaign(name: str, folder: Path, monkeypatch: pytest.MonkeyPatch) -> Runtime:
    game = games()[name]
    rt = make_runtime(sqlite_url(folder))
    count = max(game.meta.min_players, min(3, game.meta.max_players))
    players = [f"P{i} <p{i}@localhost>" for i in range(1, count + 1)]
    create_campaign(rt, NewCampaign("c", name, None, players, seed=3, sets=SETS.get(name, {})))
    config = folder / "pbem.toml"
    config.write_text(f'[database]\nurl = "{rt.settings.database_url.value}"\n'
                      '[mail]\nreferee_address = "ref@localhost"\n')
    monkeypatch.setenv("PBEM_CONFIG", str(config))
    return rt


def _drop_when_allowed(rt: Runtime, name: str, seat: str) -> dict[str, object]:
    """Play on until the game lets `seat` leave; the command's JSON answer."""
    game = games()[name]
    for step in range(40):
        result = CliRunner().invoke(
            app, ["player", "drop", "c", seat, "--reason", REASON, "--json"])
        if result.exit_code == 0:
            answer: dict[str, object] = json.loads(result.output)
            return answer
        assert result.exit_code == 4 and "referee.E_EDIT" in result.output, result.output
        assert play_phase(rt, game, 200 + step), "the game ended before the drop was allowed"
    raise AssertionError(f"{name} never let {seat} leave")


def _submissions_after(rt: Runtime, seat: str, seq: int) -> list[Submission]:
    with Session(rt.engine) as session:
        later = select(Phase.id).where(col(Phase.seq) > seq)
        return list(session.exec(select(Submission).where(
            Submission.seat == seat, col(Submission.phase_id).in_(later))).all())


@pytest.mark.parametrize("name", sorted(LEAVERS))
def test_a_dropped_seat_leaves_under_its_games_rules(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rt = _campaign(name, tmp_path, monkeypatch)
    seat, code = LEAVERS[name]
    answer = _drop_when_allowed(rt, name, seat)
    events = answer["events"]
    assert answer["kind"] == "drop" and isinstance(events, list) and len(events) == 1
    assert not str(events[0]).startswith(code)  # worded from templates/, not the bare code
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, "c")
        row = session.exec(select(Adjustment)).one()
        status = session.exec(select(Player).where(Player.seat == seat)).one().status
        notices = session.exec(select(Outbox).where(col(Outbox.key).startswith("adjustment:")))
        told = [n for n in notices.all() if REASON.encode() in n.raw]
        game = game_of(campaign)
        state = current_state(session, campaign)
    assert row.kind == "drop" and row.command == seat and status == "dropped" and told
    assert seat not in game.due(state).players
    play_to_end(rt, game)
    assert _submissions_after(rt, seat, row.after_seq) == []  # never owed again
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, "c")
        outcome = game.outcome(current_state(session, campaign))
    assert campaign.status == "finished" and outcome is not None and outcome.finished
    assert outcome.standings[0]["seat"] != seat  # best first: the leaver is never on top
    results = {str(r["seat"]): r.get("result", "ranked") for r in outcome.standings}
    assert results[seat] in ("loss", "ranked")  # Mighty Kingdoms ranks by might, no result
    if name in DUELS:
        assert set(results.values()) == {"win", "loss"} and "conceded" in outcome.note
    report = replay(rt, "c")
    assert report.ok, report.mismatches
    rt.engine.dispose()


def test_every_refusal_of_a_drop_is_worded() -> None:
    root = Path(__file__).resolve().parents[2]
    sources = [*root.glob("pbem/games/*/drop.py"), *root.glob("pbem/games/*/*/dropping.py"),
               root / "pbem/games/mighty_kingdoms/referee.py"]
    refusal = re.compile(r'EditRefused\(\s*"([^"]+)"')
    codes = {c for path in sources for c in refusal.findall(path.read_text())}
    assert len(codes) >= 16
    assert [c for c in sorted(codes) if wording(c) == c] == []
    assert [c for _, c in LEAVERS.values() if wording(c).startswith(c)] == []

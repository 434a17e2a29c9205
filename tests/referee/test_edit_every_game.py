"""`pbem edit` for every game that offers edits: through the services mid-game, told to the
players without a seat's secret, listed by `pbem edit NAME --help`, and replayed exactly."""

from __future__ import annotations

import email
import re
from email.policy import default as default_policy
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session, col, select
from typer.testing import CliRunner

from pbem.cli.app import app
from pbem.core.game import Game
from pbem.errors import Invalid
from pbem.ledger import queries
from pbem.ledger.models import Adjustment, Outbox
from pbem.registry import games
from pbem.services.base.runtime import Runtime
from pbem.services.turns.adjustments import edit_state
from pbem.services.turns.replay import replay
from pbem.services.turns.rollback import rollback
from pbem.wording import wording
from tests.support.finished import new_campaign, play_phase, play_to_end

# Per game: an edit everyone may read in full, and one that puts a secret in a hand
# (with the word that must not reach the players' mail). Tried phase after phase until the
# game is at a point where it allows them.
# Diplomacy to the end of 1904, as test_drop_every_game plays it: movement, retreats and
# adjustments after the edit, without 50 more phases of random play (the site tests play a
# whole game).
PLAYED = {"diplomacy": {"end_year": "1904"}}
EDITS: dict[str, tuple[str, tuple[str, str] | None]] = {
    "mighty-kingdoms": ("gold p1 30", None),
    "king-david": ("food p1 40", ("give-marker p2 ambush", "ambush")),
    "kings-of-israel": ("sin dan 1", ("give p1 gold", "gold")),
    "dba-cards": ("lost p1 1", ("give p2 gallop", "gallop")),
    "david-goliath": ("wounds goliath 1", ("give david fleet", "fleet")),
    "diplomacy": ("centre bel france", None),
}
EDITABLE = sorted(name for name, game in games().items() if game.edit_commands is not None)


def test_every_registered_game_offers_edits() -> None:
    assert set(EDITS) <= set(EDITABLE)


def test_every_refusal_of_an_edit_is_worded() -> None:
    root = Path(__file__).resolve().parents[2]
    sources = [*root.glob("pbem/games/*/edits.py"), root / "pbem/core/edits.py",
               root / "pbem/games/mighty_kingdoms/referee.py"]
    refusal = re.compile(r'EditRefused\(\s*"([^"]+)"')
    codes = {c for path in sources for c in refusal.findall(path.read_text())}
    assert len(codes) > 40
    assert [c for c in sorted(codes) if wording(c) == c] == []


def _edit_when_allowed(rt: Runtime, game: Game, command: str) -> int:
    """Play on until `command` is accepted; the phases played."""
    for step in range(60):
        try:
            edit_state(rt, "c", command, "fixing a mistake at the table")
            return step
        except Invalid as refused:
            assert refused.code == "referee.E_EDIT", refused.code
        assert play_phase(rt, game, 100 + step), f"the game ended before {command} was allowed"
    raise AssertionError(f"{command} was never allowed")


def _cli_edit_when_allowed(rt: Runtime, game: Any, command: str) -> str:
    """`pbem edit c COMMAND` once the game allows it: what the CLI printed."""
    for step in range(40):
        done = CliRunner().invoke(app, ["edit", "c", *command.split(), "--reason", "test"])
        if done.exit_code == 0:
            return done.output
        assert play_phase(rt, game, 100 + step), f"the game ended before {command} was allowed"
    raise AssertionError(f"{command} was never allowed")


def _adjustment_mail(rt: Runtime) -> list[str]:
    with Session(rt.engine) as session:
        rows = session.exec(
            select(Outbox).where(col(Outbox.key).startswith("adjustment:"))
        ).all()
    texts = []
    for row in rows:
        message = email.message_from_bytes(row.raw, policy=default_policy)
        texts.append(str(message.get_body(("plain",)).get_content()))  # type: ignore[union-attr]
    return texts


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(EDITS))
def test_an_edited_campaign_plays_to_its_end_and_replays_exactly(
    name: str, tmp_path: Path
) -> None:
    game, rt = new_campaign(name, tmp_path, sets=PLAYED.get(name))
    public, secret = EDITS[name]
    _edit_when_allowed(rt, game, public)
    if secret is not None:
        _edit_when_allowed(rt, game, secret[0])
    mail = _adjustment_mail(rt)
    assert mail and all("fixing a mistake at the table" in text for text in mail)
    assert any(public.split()[0] in text for text in mail)
    if secret is not None:
        assert not [t for t in mail if secret[1] in t.lower()], "a secret edit reached the players"
    play_to_end(rt, game)
    report = replay(rt, "c")
    with Session(rt.engine) as session:
        edits = len(session.exec(select(Adjustment)).all())
    assert edits == (2 if secret else 1)
    assert report.ok, report.mismatches
    assert report.checked > edits + 1
    rt.engine.dispose()


@pytest.mark.parametrize("name", EDITABLE)
def test_edit_help_lists_the_campaigns_edits(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, rt = new_campaign(name, tmp_path)
    config = tmp_path / "pbem.toml"
    config.write_text(f'[database]\nurl = "{rt.settings.database_url.value}"\n'
                      '[mail]\nreferee_address = "ref@localhost"\n')
    monkeypatch.setenv("PBEM_CONFIG", str(config))
    result = CliRunner().invoke(app, ["edit", "c", "--help"])
    assert result.exit_code == 0, result.output
    assert f"Edits of {game.meta.title} (c):" in result.output
    assert game.edit_commands is not None
    assert all(entry.usage in result.output for entry in game.edit_commands())
    examples = {e.example for e in game.edit_commands() if e.example}
    assert set(re.findall(r"\(e\.g\. ([^)]*)\)", result.output)) == examples  # its own
    if name != "mighty-kingdoms":
        assert "gold p1 30" not in result.output
    unknown = CliRunner().invoke(app, ["edit", "c", "teleport", "x", "--reason", "test"])
    assert unknown.exit_code == 4
    assert game.edit_commands()[0].usage in unknown.output  # the refusal lists the edits
    if name in EDITS:
        done = _cli_edit_when_allowed(rt, game, EDITS[name][0])
        assert done.rstrip().endswith(". Players are told.") and ".." not in done
    rt.engine.dispose()


@pytest.mark.parametrize("name", sorted(n for n, (_, secret) in EDITS.items() if secret))
def test_a_rollback_tells_each_player_the_edits_it_undid_as_far_as_they_may_read(
    name: str, tmp_path: Path
) -> None:
    game, rt = new_campaign(name, tmp_path)
    secret, word = EDITS[name][1]  # type: ignore[misc]
    assert play_phase(rt, game, 400)  # a phase to roll back to, before the edit
    _edit_when_allowed(rt, game, secret)
    with Session(rt.engine) as session:
        made = session.exec(select(Adjustment)).one()
        campaign = queries.campaign_named(session, "c")
        target = next(p for p in queries.done_phases(session, campaign) if p.seq == made.after_seq)
    assert play_phase(rt, game, 500), "the game ended right after the edit"
    rollback(rt, "c", target.key, {}, "the edit was a mistake", True)
    with Session(rt.engine) as session:
        rows = session.exec(select(Outbox).where(Outbox.kind == "correction")).all()
        seats = {p.id: p.seat for p in queries.players_of(session, campaign)}
    notes = {seats[row.player_id]: _undone(row) for row in rows if row.player_id in seats}
    assert len(notes) == len(seats) and all(notes.values()), notes  # everyone is told
    knowing = [seat for seat, note in notes.items() if word in " ".join(note).lower()]
    assert len(knowing) <= 1, notes  # the secret, if named, only to the seat it was given to
    rt.engine.dispose()


def _undone(row: Outbox) -> list[str]:
    """The lines of a correction's note naming the edits the rollback undid."""
    message = email.message_from_bytes(row.raw, policy=default_policy)
    text = str(message.get_body(("plain",)).get_content())  # type: ignore[union-attr]
    text = text.replace("\r\n", "\n")
    head = "The rollback also undid what the referee changed since then:\n"
    if head not in text:
        return []
    return [line for line in text.split(head, 1)[1].split("\n\n", 1)[0].splitlines() if line]

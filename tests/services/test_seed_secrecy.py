"""No secret is guessable from a seed (issue 24 item 3): every seed and the thread root are keyed
by a 256-bit secret kept only in the ledger, and nothing a player receives carries a seed."""

from __future__ import annotations

import hashlib
import json
import re
from email import message_from_bytes
from email.policy import default
from pathlib import Path

import pytest
from sqlmodel import Session, select

from pbem.core.rng import derive_seed
from pbem.errors import ConfigError
from pbem.ledger import queries
from pbem.ledger.models import Campaign, Phase, Player
from pbem.mail.outbound import make_message_id
from pbem.mail.transport.mailers import RecordingMailer
from pbem.services.base.runtime import Runtime
from pbem.services.base.seeding import (
    FIXED_SECRET_VARIABLE,
    keyed_seed,
    new_campaign_secret,
    start_seed,
)
from pbem.services.outbox.outbox import flush
from pbem.services.referee.site import build_site
from pbem.services.referee.transfer import export_campaign, import_campaign
from pbem.services.reports.viewing import report_for
from pbem.services.turns.replay import replay
from tests.support.finished import new_campaign, play_phase
from tests.support.runtime import make_runtime, sqlite_url

GAME = "david-goliath"  # hidden hands and a hidden deck
TYPED_SEED = 5  # a seed a person types
RARE_SEED = 8_675_309_421  # a --seed whose digits cannot turn up in mail by chance
SEARCH = 1_000_000
_ID = re.compile(rb"pbem\.([0-9a-f]{24})@")


def _play(folder: Path, seed: int, phases: int) -> tuple[Runtime, list[bytes]]:
    """A David and Goliath campaign "c" played `phases` phases; every raw mail players got."""
    folder.mkdir(parents=True, exist_ok=True)
    game, rt = new_campaign(GAME, folder, seed=seed)
    mailer = RecordingMailer()
    flush(rt, mailer)
    for step in range(phases):
        if not play_phase(rt, game, step):
            break
        flush(rt, mailer)
    players = {p.address for p in _players(rt)}
    return rt, [m.raw for m in mailer.sent if set(m.recipients) & players]


def _players(rt: Runtime) -> list[Player]:
    with Session(rt.engine) as session:
        return list(queries.players_of(session, queries.campaign_named(session, "c")))


def _campaign(rt: Runtime) -> Campaign:
    with Session(rt.engine) as session:
        return session.exec(select(Campaign).where(Campaign.name == "c")).one()


def _phase_seeds(rt: Runtime) -> list[int]:
    with Session(rt.engine) as session:
        return list(session.exec(select(Phase.seed)).all())


def _everything_in(raw: bytes) -> bytes:
    """The raw mail, its unfolded headers and every part decoded (text, HTML, JSON, pictures)."""
    message = message_from_bytes(raw, policy=default)
    pieces = [raw]
    for part in message.walk():
        pieces.extend(f"{key}: {value}".encode() for key, value in part.items())
        payload = part.get_payload(decode=True)
        if isinstance(payload, bytes):
            pieces.append(payload)
    return b"\n".join(pieces)


def _header_ids(mails: list[bytes]) -> set[bytes]:
    """The 24-hex-digit part of every pbem Message-ID in the mails' headers."""
    found: set[bytes] = set()
    for raw in mails:
        head = raw.split(b"\r\n\r\n", 1)[0].split(b"\n\n", 1)[0]
        found.update(bytes.fromhex(m.decode()) for m in _ID.findall(head))
    return found


def _seeds_recovered(name: str, ids: set[bytes], candidates: range) -> list[int]:
    """Every typed seed N whose thread root, made the old or an obvious way, is among `ids`:
    a hash of "thread:NAME:S" for S = derive_seed(N, "start") or S = N (plain hashlib)."""
    sha, prefix, found = hashlib.sha256, f"thread:{name}:".encode(), []
    for n in candidates:
        start = int.from_bytes(sha(b"%d:start" % n).digest()[:8], "big") >> 1
        for guess in (start, n):
            if sha(prefix + b"%d" % guess).digest()[:12] in ids:
                found.append(n)
    return found


def test_the_search_finds_a_typed_seed_in_a_thread_root_made_the_old_way() -> None:
    old_root = make_message_id(f"thread:c:{derive_seed(TYPED_SEED, 'start')}", "localhost")
    ids = _header_ids([f"References: {old_root}\r\n\r\nbody".encode()])
    assert _seeds_recovered("c", ids, range(1000)) == [TYPED_SEED]


@pytest.mark.usefixtures("random_secrets")
def test_a_million_typed_seeds_recover_nothing_from_a_players_mail(tmp_path: Path) -> None:
    _, mails = _play(tmp_path, TYPED_SEED, phases=2)
    ids = _header_ids(mails)
    assert mails and ids  # the thread root and Message-IDs were read
    assert _seeds_recovered("c", ids, range(SEARCH)) == []


@pytest.mark.usefixtures("random_secrets")
def test_the_same_seed_and_players_deal_different_hands(tmp_path: Path) -> None:
    hands = []
    for folder in (tmp_path / "one", tmp_path / "two"):
        folder.mkdir()
        game, rt = new_campaign(GAME, folder, seed=TYPED_SEED)
        campaign = _campaign(rt)
        with Session(rt.engine) as session:
            state = queries.snapshot_at(session, campaign, 0)
        assert state is not None and campaign.master_seed == TYPED_SEED
        opening = game.state_from_json(json.loads(state.state_json))
        hands.append((opening.deck, {r: f.hand for r, f in opening.figures.items()}))
        assert campaign.start_seed != derive_seed(TYPED_SEED, "start")
        rt.engine.dispose()
    assert hands[0] != hands[1]
    assert any(hand for hand in hands[0][1].values())  # cards were dealt to compare


@pytest.mark.usefixtures("random_secrets")
def test_replay_after_a_restart_reproduces_the_campaign_from_its_stored_secret(
    tmp_path: Path,
) -> None:
    rt, _ = _play(tmp_path, TYPED_SEED, phases=4)
    secret = _campaign(rt).seed_secret
    rt.engine.dispose()
    restarted = make_runtime(sqlite_url(tmp_path))
    report = replay(restarted, "c")
    assert report.ok and report.checked >= 3, report.mismatches
    with Session(restarted.engine) as session:
        campaign = session.exec(select(Campaign)).one()
        campaign.seed_secret = "0" * 64
        session.add(campaign)
        session.commit()
    wrong = replay(restarted, "c")
    assert "the opening's seed" in wrong.mismatches and "phase 1's seed" in wrong.mismatches
    assert secret is not None and len(secret) == 64


@pytest.mark.usefixtures("random_secrets")
def test_export_and_import_carry_the_secret(tmp_path: Path) -> None:
    rt, _ = _play(tmp_path / "from", TYPED_SEED, phases=3)
    export_campaign(rt, "c", tmp_path / "c.json")
    (tmp_path / "to").mkdir()
    other = make_runtime(sqlite_url(tmp_path / "to"))
    import_campaign(other, tmp_path / "c.json")
    assert _campaign(other).seed_secret == _campaign(rt).seed_secret is not None
    assert replay(other, "c").ok


@pytest.mark.usefixtures("random_secrets")
def test_nothing_a_player_receives_carries_a_seed_or_the_secret(tmp_path: Path) -> None:
    rt, mails = _play(tmp_path, RARE_SEED, phases=6)
    campaign = _campaign(rt)
    assert campaign.seed_secret is not None and len(mails) >= 6
    seeds = [RARE_SEED, campaign.start_seed, *_phase_seeds(rt)]
    forbidden = {campaign.seed_secret, campaign.seed_secret.upper()}
    forbidden |= {f"{seed}" for seed in seeds} | {f"{seed:x}" for seed in seeds}
    received = [_everything_in(raw) for raw in mails]
    received += [report.encode() for report in _json_reports(rt, campaign)]
    build_site(rt, "c", tmp_path / "site")
    received += [path.read_bytes() for path in (tmp_path / "site").rglob("*") if path.is_file()]
    for everything in received:
        for value in forbidden:
            assert value.encode() not in everything, value
    assert len(received) > len(mails) + len(_players(rt))  # JSON reports and archive searched


def _json_reports(rt: Runtime, campaign: Campaign) -> list[str]:
    """Every player's JSON report after every adjudicated turn."""
    with Session(rt.engine) as session:
        turns = sorted({p.turn for p in queries.done_phases(session, campaign)})
    return [
        report_for(rt, "c", player.seat, turn, "json") for player in _players(rt) for turn in turns
    ]


def test_a_fixed_secret_is_taken_as_given_the_seed_still_counts_and_a_weak_one_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fixed = new_campaign_secret()  # the fixture's fixed secret
    assert fixed == new_campaign_secret()
    assert start_seed(fixed, 1) != start_seed(fixed, 2) != start_seed(fixed, None)
    assert keyed_seed(fixed, 1, "phase-1") != keyed_seed("1" * 64, 1, "phase-1")
    monkeypatch.delenv(FIXED_SECRET_VARIABLE)
    fresh = {new_campaign_secret() for _ in range(3)}
    assert len(fresh) == 3 and all(len(s) == 64 for s in fresh)
    monkeypatch.setenv(FIXED_SECRET_VARIABLE, "5")
    with pytest.raises(ConfigError):
        new_campaign_secret()

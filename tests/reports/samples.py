"""One report of every game, in the middle of play, as its first player reads it in the mail.

Mighty Kingdoms is the summer month with a battle of tests/reports/campaign.py; the other games
are seeded random play from the contract suite's opening, stopped where the board is busy
(pieces moved, terrain on the field, a question or orders owed). Used by the browser check and
the mail-size check; `python -m tests.reports.samples OUT` writes each game's mail.html, map.png
and mail.txt to look at.
"""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

from pbem.core.game import Event as GameEvent
from pbem.core.game import PhaseInfo
from pbem.core.rng import SeededRng, derive_seed
from pbem.ledger.models import Campaign, Phase
from pbem.mail.outbound import OutgoingMessage, compose
from pbem.registry import games
from pbem.render.report import PHASE_HEADING
from pbem.services.reports import bundle as report_bundle
from tests.contract.test_games import NAMES, inputs_for, opening
from tests.reports.campaign import step_named

GAMES = ("mighty-kingdoms", "king-david", "kings-of-israel", "dba-cards", "david-goliath",
         "diplomacy")
STEPS = {"king-david": 10, "kings-of-israel": 10, "dba-cards": 10, "david-goliath": 10,
         "diplomacy": 4}
TWO_PHASES = "diplomacy-two-phases"  # a Diplomacy report covering two phases, as a catch-up
SAMPLES = (*GAMES, TWO_PHASES)
WHEN = datetime(2030, 5, 1, 12, 0, tzinfo=UTC)
DEADLINE = datetime(2030, 5, 4, 17, 0, tzinfo=UTC)
SEED = 5


def played(name: str) -> tuple[Any, list[Any], PhaseInfo]:
    """The state after the game's sample number of seeded random steps, the last step's events
    and the phase that step played (the two-phase sample: the last two steps' events, each
    phase's under its heading, as a report covering both carries them)."""
    if name == TWO_PHASES:
        return _two_phases()
    if name == "mighty-kingdoms":
        step = step_named("simple", "y1-m4")
        return step.after, step.events, PhaseInfo(key=step.key, label=step.label, turn=8,
                                                   topic="summer")
    game = games()[name]
    state, events = opening(game, SEED), []
    for number in range(STEPS[name]):
        done = game.phase(state)
        bots = SeededRng(derive_seed(SEED, f"bots-{number}"))
        advanced = game.advance(state, inputs_for(game, state, bots), SeededRng(number))
        state, events = advanced.state, advanced.events
    return state, events, done


def _two_phases() -> tuple[Any, list[Any], PhaseInfo]:
    game = games()["diplomacy"]
    state, _, _ = played("diplomacy")
    events: list[Any] = []
    for number in (STEPS["diplomacy"], STEPS["diplomacy"] + 1):
        done = game.phase(state)
        bots = SeededRng(derive_seed(SEED, f"bots-{number}"))
        advanced = game.advance(state, inputs_for(game, state, bots), SeededRng(number))
        state = advanced.state
        events += [GameEvent(code=PHASE_HEADING, data={"label": done.label, "turn": done.turn}),
                   *advanced.events]
    return state, events, done


def game_name(name: str) -> str:
    """The game a sample is of."""
    return "diplomacy" if name == TWO_PHASES else name


def campaign(name: str) -> Campaign:
    """A campaign record (not stored) of `name` with the seats of its sample (three, or the
    game's fewest players when it needs more)."""
    meta = games()[game_name(name)].meta
    count = 3 if meta.min_players <= 3 else meta.min_players
    seats = [{"id": f"p{i + 1}", "name": NAMES[i]} for i in range(count)]
    return Campaign(name="sample", game=game_name(name), scenario_json="{}",
                    settings_json=json.dumps({"seats": seats}), start_seed=SEED,
                    timezone="Europe/London", created_at=WHEN)


@cache
def bundle(name: str, seat: str = "p1") -> report_bundle.ReportBundle:
    """The report bundle `seat` is mailed after the sample phase of `name`."""
    state, events, done = played(name)
    now = games()[game_name(name)].phase(state)
    phases = [Phase(campaign_id=1, seq=seq, key=info.key, label=info.label, turn=info.turn,
                    seed=1, opened_at=WHEN, deadline=DEADLINE)
              for seq, info in ((1, done), (2, now))]
    return report_bundle.build(campaign(name), seat, phases[0], state, events, phases[1])


def mail_bytes(name: str) -> bytes:
    """The whole report mail as sent: text, HTML and the map inline."""
    made = bundle(name)
    return compose(OutgoingMessage(
        sender="referee@example.org", to="player@example.org", subject="Report", text=made.text,
        html=made.html, message_id=f"{name}@example.org", loop_value="x", images=made.images,
        attachments=made.attachments, date=WHEN,
    ))


def write_page(name: str, folder: Path) -> Path:
    """Write the mail's HTML with its map pictures beside it (as cid:map resolves in a mail
    client)."""
    made = bundle(name)
    folder.mkdir(parents=True, exist_ok=True)
    html = made.html
    for image in made.images:
        (folder / f"{image.cid}.png").write_bytes(image.data)
        html = html.replace(f'"cid:{image.cid}"', f'"{image.cid}.png"')
    page = folder / "mail.html"
    page.write_text(html, encoding="utf-8")
    (folder / "mail.txt").write_text(made.text, encoding="utf-8")
    return page


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "report-samples")
    for sample in SAMPLES:
        write_page(sample, out / sample)
        print(f"{sample}: {len(mail_bytes(sample)) / 1024:.0f} KB", out / sample)

"""A seeded three-player first turn, as Judah's player reads it: every worded event line and
the last text report, compared with golden files (PBEM_UPDATE_GOLDEN=1 rewrites them)."""

from __future__ import annotations

import os
from pathlib import Path

from pbem.core.rng import SeededRng, derive_seed
from pbem.games.king_david import GAME
from pbem.games.king_david.inputs import KDOrders
from pbem.render import report
from tests.games.king_david.harness import opening

GOLDEN = Path(__file__).parent / "golden"
PREFS = {"p1": "judah", "p2": "philistia", "p3": "aramea"}


def check_golden(name: str, text: str) -> None:
    """Compare with golden/NAME; PBEM_UPDATE_GOLDEN=1 rewrites it (review the diff)."""
    path = GOLDEN / name
    if os.environ.get("PBEM_UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"missing {path}; run with PBEM_UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")


def first_turn() -> tuple[list[str], str]:
    """Judah's event lines through turn one, and Judah's last report of the turn."""
    state = opening(3, seed=7)
    lines: list[str] = []
    inputs = {s: KDOrders(prefer=[c]) for s, c in PREFS.items()}
    last = ""
    for step in range(200):
        advanced = GAME.advance(state, inputs, SeededRng(derive_seed(7, str(step))))
        state = advanced.state
        view = GAME.view(state, "p1", advanced.events)
        lines += report.event_lines("king-david", view["events"])
        if state.turn > 1 or state.stage == "over":
            break
        head = {"campaign": "golden", "game": "king-david", "seat": "p1", "turn": state.turn,
                "phase_label": GAME.phase(state).label, "phase_key": GAME.phase(state).key,
                "next_phase": "the next phase", "deadline": None, "deadline_text": "none",
                "finished": False, "result": None}
        last = report.render_text(head, view)
        bots = SeededRng(derive_seed(7, f"bots-{step}"))
        inputs = {s: GAME.random_input(state, s, bots) for s in GAME.due(state).players}
    return lines, last


def test_first_turn_transcript_is_golden() -> None:
    lines, last = first_turn()
    assert not [line for line in lines if line.startswith("kd.") or "{" in line]
    check_golden("turn1_judah_events.txt", "\n".join(lines) + "\n")
    check_golden("turn1_judah_report.txt", last)


def test_judah_never_reads_another_players_markers() -> None:
    lines, last = first_turn()
    assert "You draw the Event Marker" in "\n".join(lines) or "Event Markers" in last
    assert not [line for line in lines if line.startswith("p2") and "draws the Event" in line]

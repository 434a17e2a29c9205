"""Random full games to the end, determinism, and no view or report leaking the other hand."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from pbem.core.game import Event, Seat, Setup
from pbem.core.rng import SeededRng, derive_seed
from pbem.games.dba_cards import GAME
from pbem.games.dba_cards.state import DBAState
from pbem.paths import campaigns_dir
from pbem.render.report import render_html, render_json, render_text

SEEDS = range(8)
HEADER = {
    "campaign": "c",
    "game": "dba-cards",
    "seat": None,
    "turn": 1,
    "phase_label": "x",
    "phase_key": "x",
    "next_phase": "y",
    "deadline": None,
    "deadline_text": "soon",
    "finished": False,
}


def opening(seed: int) -> DBAState:
    """A new game on the default scenario."""
    path = campaigns_dir() / GAME.meta.default_scenario
    scenario = GAME.load_scenario(path.read_text(encoding="utf-8"), str(path))
    seats = [Seat(id="p1", name="Ann"), Seat(id="p2", name="Bob")]
    return GAME.start(Setup(seats=seats, scenario=scenario), SeededRng(seed))


def play(seed: int, check: Any = None) -> tuple[DBAState, Counter[str]]:
    """Play bots to the end, every input sent as its canonical text; count event codes."""
    state, seen, step = opening(seed), Counter[str](), 0
    while GAME.outcome(state) is None:
        inputs = {}
        for seat in GAME.due(state).players:
            made = GAME.random_input(state, seat, SeededRng(derive_seed(seed, f"bot{step}")))
            text = GAME.canonical(state, seat, made)
            assert "#" not in text  # orders and acknowledgements never name a card id
            parsed = GAME.parse(state, seat, text)
            assert parsed.errors == [] and parsed.orders == made, text
            inputs[seat] = parsed.orders
        result = GAME.advance(state, inputs, SeededRng(derive_seed(seed, str(step))))
        if check is not None:
            check(state, result.state, result.events)
        seen.update(e.code for e in result.events)
        state, step = result.state, step + 1
        assert step < 2000
    return state, seen


def test_random_games_finish_with_a_result_and_reactions_asked() -> None:
    totals: Counter[str] = Counter()
    endings = Counter[str]()
    for seed in SEEDS:
        final, seen = play(seed)
        outcome = GAME.outcome(final)
        assert outcome is not None and outcome.finished
        endings[final.end_note] += 1
        totals.update(seen)
    assert endings["general"] + endings["losses"] >= len(SEEDS) // 2
    assert totals["dba.asked"] > 0 and totals["core.reaction.standing"] > 0
    assert totals["dba.defended"] > 0 and totals["dba.destroyed"] > 0


def test_a_seeded_game_plays_the_same_twice() -> None:
    first, _ = play(5)
    second, _ = play(5)
    assert first.model_dump_json() == second.model_dump_json()


def _rendered(state: DBAState, viewer: str | None, events: list[Event]) -> str:
    view = GAME.view(state, viewer, events)
    head = {**HEADER, "seat": viewer}
    return "\n".join(
        [
            json.dumps(view),
            render_text(head, view),
            render_html(head, view),
            render_json(head, view),
        ]
    )


@pytest.mark.parametrize("seed", [1, 2])
def test_no_report_shows_a_player_the_other_hand(seed: int) -> None:
    def check(before: DBAState, after: DBAState, events: list[Event]) -> None:
        for owner in ("p1", "p2"):
            other = after.opponent(owner)
            secret = set(before.sides[owner].hand) | set(after.sides[owner].hand)
            for viewer in (other, None):
                shown = [e for e in events if e.code != "dba.scouted"]
                text = _rendered(after, viewer, shown)
                # a card the owner discarded may be reshuffled and drawn by the viewer at once
                mine = set(after.sides[viewer].hand) if viewer else set()
                assert not [c for c in secret - mine if c in text], (owner, viewer)
            for event in events:
                if event.code == "dba.scouted" and event.data["opponent"] == owner:
                    assert event.visible_to == [other]
            own = _rendered(after, owner, events)
            assert all(c in own for c in after.sides[owner].hand)

    play(seed, check)

"""An observer of a Diplomacy campaign (issue 37) never learns a standing vote: the public
report it receives reads the same whatever draw votes and concessions the powers hold, while
the voter's own report does show its vote (so the twins do differ in something hidden)."""

from __future__ import annotations

from pathlib import Path

from pbem.games.diplomacy.bots import vote_line
from pbem.games.diplomacy.state import DipState
from tests.support.secrecy import Desk, observe, random_states

STATES = 24


def _voting(state: DipState) -> DipState:
    """A twin in which every power with a unit votes: the first concedes to the second, the
    others vote for a draw among the first two (the game ignores what does not apply)."""
    twin = state.model_copy(deep=True)
    alive = sorted({u.power for u in state.units})
    twin.draw = alive[1:]
    twin.draw_among = {p: alive[:2] for p in alive[1:]}
    twin.concede = {alive[0]: alive[1]} if len(alive) > 1 else {}
    return twin


def test_an_observer_report_does_not_depend_on_the_votes(tmp_path: Path) -> None:
    game, desk, opening = Desk.of_game("diplomacy", tmp_path, sets={"draws": "partial"})
    seen = observe(desk)
    compared = 0
    for state in random_states(game, opening, STATES, seed=37, longest=12):
        if game.outcome(state) is not None:
            continue
        twin = _voting(state)
        seat = next(s for s, p in twin.powers.items() if p in twin.draw)
        own, own_twin = (desk.receive(game, s, seat, [], [])["text"] for s in (state, twin))
        assert vote_line(twin, twin.powers[seat]) in own_twin and own != own_twin
        assert seen(game, twin, seat, [], []) == seen(game, state, seat, [], [])
        compared += 1
    assert compared >= STATES // 2

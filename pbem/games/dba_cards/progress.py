"""Where the battle stands and how it moves on, as the engine asks: the phase, who owes input,
what a silent seat sends, one step of play for the stage now, and how the battle ended."""

from __future__ import annotations

from typing import Any

from pbem.core.copying import deep_copy
from pbem.core.game import Advance, Due, Outcome, PhaseInfo
from pbem.core.rng import SeededRng
from pbem.games.dba_cards import drop as dropping
from pbem.games.dba_cards import inputs as kinds
from pbem.games.dba_cards.opening.deploy import default_army, placed, resolve_deploy
from pbem.games.dba_cards.opening.placing import run_swap, run_terrain
from pbem.games.dba_cards.state import DBAState
from pbem.games.dba_cards.turn import run_answer, run_turn

STAGE_KIND = {
    "terrain": "terrain",
    "deploy": "deploy",
    "swap": "swap",
    "turn": "turn",
    "react": "answer",
}


def phase(state: DBAState) -> PhaseInfo:
    """Stable phase keys: 'deploy', 't3' for turn 3, 't3-w5' for window 5 in it."""
    names = {s.id: s.name for s in state.seats}
    if state.stage == "deploy":
        return PhaseInfo(key="deploy", label="Deployment", turn=0, topic="deploy")
    if state.stage == "terrain":
        return PhaseInfo(
            key="terrain", label="The defender places terrain", turn=0, topic="terrain"
        )
    if state.stage == "swap":
        return PhaseInfo(key="swap", label="The defender may swap two units", turn=0, topic="swap")
    if state.stage == "over":
        return PhaseInfo(
            key=f"over-t{state.turn}", label="Game over", turn=state.turn, topic="over"
        )
    if state.stage == "react" and state.window is not None:
        seat = state.window.seat
        return PhaseInfo(
            key=f"t{state.turn}-{state.window.id}",
            turn=state.turn,
            topic="react",
            label=f"Turn {state.turn}: {names.get(seat, seat)} answers an attack",
        )
    return PhaseInfo(
        key=f"t{state.turn}",
        turn=state.turn,
        topic="turn",
        label=f"Turn {state.turn}: {names.get(state.active, state.active)}",
    )


def due(state: DBAState) -> Due:
    """Both players to deploy; then the active player; or the seat a window asks; nobody
    once a side has conceded."""
    if state.conceded is not None:
        return Due()
    if state.stage == "deploy":
        return Due(players=state.seat_ids())
    if state.stage in ("terrain", "swap"):
        return Due(players=[state.defender()])
    if state.stage == "react" and state.window is not None:
        return Due(players=[state.window.seat], window=state.window)
    if state.stage == "turn":
        return Due(players=[state.active])
    return Due()


def default_input(state: DBAState, seat: str) -> kinds.Input:
    """Deployment: the scenario's army; a turn: end it; a window: its default (pass)."""
    if state.stage == "deploy":
        army = default_army(state, seat)
        return kinds.DeployInput(army=army.key, units=placed(state, seat, army))
    if state.stage == "react" and state.window is not None:
        return kinds.AnswerInput(window=state.window.id, choice=state.window.default)
    if state.stage == "terrain":
        return kinds.TerrainInput()
    if state.stage == "swap":
        return kinds.SwapInput()
    return kinds.TurnInput()


def advance(state: DBAState, inputs: dict[str, Any], rng: SeededRng) -> Advance:
    """Apply the owed input to a copy of `state`."""
    work = deep_copy(state)
    if state.conceded is not None:
        dropping.settle(work)
        return Advance(state=work, events=[])
    typed = _typed(state, inputs)
    if state.stage == "deploy":
        deploys: dict[str, kinds.DeployInput | None] = {
            s: v for s, v in typed.items() if isinstance(v, kinds.DeployInput)
        }
        return Advance(state=work, events=resolve_deploy(work, deploys, rng))
    owed = due(state).players
    if not owed:
        return Advance(state=work, events=[])
    seat, given = owed[0], typed.get(owed[0])
    if state.stage == "terrain":
        placing = given if isinstance(given, kinds.TerrainInput) else kinds.TerrainInput()
        return Advance(state=work, events=run_terrain(work, seat, placing, rng))
    if state.stage == "swap":
        swap = given if isinstance(given, kinds.SwapInput) else kinds.SwapInput()
        return Advance(state=work, events=run_swap(work, seat, swap, rng))
    if state.stage == "react":
        answer = given if isinstance(given, kinds.AnswerInput) else _pass(state)
        return Advance(state=work, events=run_answer(work, seat, answer, rng))
    turn = given if isinstance(given, kinds.TurnInput) else kinds.TurnInput()
    return Advance(state=work, events=run_turn(work, seat, turn, rng))


def _pass(state: DBAState) -> kinds.AnswerInput:
    window = state.window
    assert window is not None
    return kinds.AnswerInput(window=window.id, choice=window.default)


def _typed(state: DBAState, inputs: dict[str, Any]) -> dict[str, Any]:
    wanted = STAGE_KIND.get(state.stage)
    kept = {}
    for seat, value in sorted(inputs.items()):
        typed = kinds.input_from_json(value) if isinstance(value, dict) else value
        if getattr(typed, "kind", None) == wanted:
            kept[seat] = typed
    return kept


def outcome(state: DBAState) -> Outcome | None:
    """Win or loss once a General falls, 8 units are lost, or the turn limit passes."""
    if state.stage != "over":
        return None
    winner = state.winner
    won = set(state.allies(winner)) if winner is not None else set()
    ranked = sorted(state.seat_ids(), key=lambda s: (s not in won, s != winner, s))
    standings = [
        {
            "seat": s,
            "lost": state.sides[s].lost,
            "result": "draw" if winner is None else ("win" if s in won else "loss"),
        }
        for s in ranked
    ]
    return Outcome(finished=True, standings=standings, note=state.end_note)

"""The DBA card game record: every Game protocol method, dispatching on the stage."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from pbem.core.copying import deep_copy
from pbem.core.edits import EditUsage
from pbem.core.game import (
    REFEREE,
    Advance,
    Due,
    Event,
    GameMeta,
    Outcome,
    ParseResult,
    PhaseInfo,
    Setting,
    Setup,
)
from pbem.core.problems import Problem
from pbem.core.rng import SeededRng
from pbem.games.dba_cards import drop as dropping
from pbem.games.dba_cards import edits
from pbem.games.dba_cards import inputs as kinds
from pbem.games.dba_cards.bots import (
    private_strings,
    random_answer,
    random_deploy,
    random_setup,
    random_turn,
)
from pbem.games.dba_cards.hidden import resample_hidden
from pbem.games.dba_cards.language.deploy import parse_deploy
from pbem.games.dba_cards.language.setup import (
    canonical_swap,
    canonical_terrain,
    parse_swap,
    parse_terrain,
)
from pbem.games.dba_cards.opening.deploy import default_army, placed, resolve_deploy
from pbem.games.dba_cards.opening.placing import run_swap, run_terrain
from pbem.games.dba_cards.orders import (
    canonical_answer,
    canonical_deploy,
    canonical_turn,
    parse_answer,
    parse_turn,
)
from pbem.games.dba_cards.setup import load_scenario, opening
from pbem.games.dba_cards.state import DBAState
from pbem.games.dba_cards.template import template_text
from pbem.games.dba_cards.turn import run_answer, run_turn
from pbem.games.dba_cards.view import build_view

META = GameMeta(
    name="dba-cards",
    title="DBA card game",
    min_players=2,
    max_players=4,
    style="alternating",
    default_scenario="dba-cards/open-field.toml",
    summary="Ancient armies on a chessboard, fought with a shared deck of move, attack and "
    "defence cards; the defender answers attacks by mail.",
    settings=[
        Setting(
            key="terrain",
            default="scenario",
            choices=["scenario", "random"],
            help="scenario: the referee's layout; random: a seeded random layout",
        ),
        Setting(
            key="house_rules",
            default="none",
            choices=["none", "german"],
            help="german: the German house rules (12x12 board, pursuit, exact moves, …)",
        ),
        Setting(
            key="german_setup",
            default="referee",
            choices=["referee", "dba22"],
            help="German rules: referee: the scenario's (or a seeded) terrain; dba22: the defender"
            " (seat two) places terrain and picks a side, and may swap two units after deployment",
        ),
        Setting(
            key="turn_limit",
            default=120,
            help="the game ends after this many turns (fewest losses wins); 0: no limit",
        ),
    ],
)
SETUP_LABELS = {
    "terrain": "The defender places terrain",
    "swap": "The defender may swap two units",
}
STAGE_KIND = {
    "terrain": "terrain",
    "deploy": "deploy",
    "swap": "swap",
    "turn": "turn",
    "react": "answer",
}


class DBACards:
    """The DBA-army chessboard card game as a pbem game (see docs/dba-cards.md)."""

    meta = META

    def load_scenario(self, text: str, source: str) -> dict[str, Any]:
        """Read a scenario file: terrain layout and sample army lists."""
        return load_scenario(text, source)

    def start(self, setup: Setup, rng: SeededRng) -> DBAState:
        """The opening state: both players owe a deployment."""
        return opening(setup, rng)

    def state_from_json(self, data: dict[str, Any]) -> DBAState:
        """Rebuild a state from JSON."""
        return DBAState.model_validate(data)

    def input_from_json(self, data: dict[str, Any]) -> BaseModel:
        """Rebuild any input from JSON."""
        return kinds.input_from_json(data)

    def phase(self, state: DBAState) -> PhaseInfo:
        """The stage, turn and help topic now."""
        return phase_info(state)

    def due(self, state: DBAState) -> Due:
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

    def parse(self, state: DBAState, seat: str, text: str) -> ParseResult:
        """Read a player's mail for the current stage."""
        if seat not in self.due(state).players:
            return ParseResult(problems=[Problem(line=1, code="dba.E_NOT_DUE", kind="illegal")])
        if state.stage == "deploy":
            return parse_deploy(state, seat, text)
        if state.stage == "terrain":
            return parse_terrain(state, seat, text)
        if state.stage == "swap":
            return parse_swap(state, seat, text)
        if state.stage == "react":
            return parse_answer(state, seat, text)
        return parse_turn(state, seat, text)

    def canonical(self, state: DBAState, seat: str, orders: Any) -> str:
        """The one canonical text of any input."""
        if isinstance(orders, kinds.DeployInput):
            return canonical_deploy(orders)
        if isinstance(orders, kinds.AnswerInput):
            return canonical_answer(orders)
        if isinstance(orders, kinds.TerrainInput):
            return canonical_terrain(orders)
        if isinstance(orders, kinds.SwapInput):
            return canonical_swap(orders)
        return canonical_turn(orders)

    def default_input(self, state: DBAState, seat: str) -> BaseModel:
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

    def advance(self, state: DBAState, inputs: dict[str, Any], rng: SeededRng) -> Advance:
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
        owed = self.due(state).players
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
            answer = given if isinstance(given, kinds.AnswerInput) else self._pass(state)
            return Advance(state=work, events=run_answer(work, seat, answer, rng))
        turn = given if isinstance(given, kinds.TurnInput) else kinds.TurnInput()
        return Advance(state=work, events=run_turn(work, seat, turn, rng))

    def _pass(self, state: DBAState) -> kinds.AnswerInput:
        window = state.window
        assert window is not None
        return kinds.AnswerInput(window=window.id, choice=window.default)

    def edit(self, state: DBAState, command: str) -> Advance:
        """A referee's typed edit of the battle (see edits.py)."""
        return edits.edit(state, command)

    def drop(self, state: DBAState, seat: str) -> Advance:
        """A player leaves: their side concedes the battle (see drop.py)."""
        return dropping.drop(state, seat)

    def edit_commands(self) -> list[EditUsage]:
        """The edit commands `edit` accepts."""
        return edits.edit_commands()

    def random_input(self, state: DBAState, seat: str, rng: SeededRng) -> BaseModel:
        """Random legal input (bots, demos, the contract suite)."""
        if state.stage == "deploy":
            return random_deploy(state, seat, rng)
        if state.stage in ("terrain", "swap"):
            return random_setup(state, seat, rng)
        if state.stage == "react":
            return random_answer(state, seat, rng)
        made = random_turn(state, seat, rng)
        while made.orders:
            parsed = self.parse(state, seat, canonical_turn(made))
            if not parsed.errors and parsed.orders == made:
                return made
            made = kinds.TurnInput(orders=made.orders[:-1], standing=made.standing)
        return made

    def private_strings(self, state: DBAState, seat: str) -> list[str]:
        """The card ids in the seat's hand."""
        return private_strings(state, seat)

    def resample_hidden(self, state: DBAState, seat: str, rng: SeededRng) -> DBAState:
        """The secrecy check's twin: the deck and the other hands drawn afresh (hidden.py)."""
        return resample_hidden(state, seat, rng)

    def view(self, state: DBAState, viewer: str | None, events: list[Event]) -> dict[str, Any]:
        """What `viewer` may see."""
        template = ""
        if viewer is not None and viewer != REFEREE and viewer in self.due(state).players:
            default = self.canonical(state, viewer, self.default_input(state, viewer))
            template = template_text(state, viewer, default)
        return build_view(state, viewer, events, (phase_info(state), self.due(state), template))

    def outcome(self, state: DBAState) -> Outcome | None:
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


def phase_info(state: DBAState) -> PhaseInfo:
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


def _typed(state: DBAState, inputs: dict[str, Any]) -> dict[str, Any]:
    wanted = STAGE_KIND.get(state.stage)
    kept = {}
    for seat, value in sorted(inputs.items()):
        typed = kinds.input_from_json(value) if isinstance(value, dict) else value
        if getattr(typed, "kind", None) == wanted:
            kept[seat] = typed
    return kept


GAME = DBACards()

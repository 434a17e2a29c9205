"""Everything one seat receives for a state, composed by the product's own report path, and a
property check that runs `pbem.core.secrecy.TwinRun` over random states of a game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlmodel import Session

from pbem.core.game import REFEREE, Event, Game
from pbem.core.rng import SeededRng
from pbem.core.secrecy import Receive, TwinRun
from pbem.ledger import queries
from pbem.ledger.models import Campaign, Phase, Player
from pbem.services.base.states import current_state
from pbem.services.reports.bundle import ReportBundle, build
from pbem.services.reports.drafts import report_subject
from pbem.services.turns.phases import phase_deadline
from tests.support.any_game import start_campaign

OPENED = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


class Desk:
    """A real campaign's rows, read once, to compose reports for any state of its game."""

    def __init__(self, campaign: Campaign, players: dict[str, Player]) -> None:
        self.campaign, self.players = campaign, players
        self._drawn: tuple[str, dict[str, str]] = ("", {})  # the last report drawn, by its input

    @classmethod
    def of_game(
        cls, name: str, tmp_path: Path, seed: int = 11, sets: dict[str, str] | None = None
    ) -> tuple[Game, Desk, Any]:
        """Start campaign "c" of game `name` (under the referee's settings `sets`): the game,
        its desk, and the opening state."""
        game, rt = start_campaign(name, tmp_path, seed, sets)
        with Session(rt.engine, expire_on_commit=False) as session:
            campaign = queries.campaign_named(session, "c")
            players = {p.seat: p for p in queries.players_of(session, campaign)}
            state = current_state(session, campaign)
            session.expunge_all()
        return game, cls(campaign, players), state

    def phase_row(self, game: Game, state: Any) -> Phase:
        """The phase row the tick would open for `state`."""
        info = game.phase(state)
        return Phase(
            campaign_id=self.campaign.id or 0,
            seq=1,
            key=info.key,
            label=info.label,
            turn=info.turn,
            deadline=phase_deadline(self.campaign, state, OPENED),
            seed=0,
            opened_at=OPENED,
        )

    def receive(
        self, game: Game, state: Any, seat: str, events: list[Event], texts: Sequence[str]
    ) -> dict[str, Any]:
        """What `seat` gets for `state`: the report in every format, its subject, what is owed
        and by when, the help topic, and the reading of each text it might send."""
        phase = self.phase_row(game, state)
        bundle = build(self.campaign, seat, phase, state, events, phase)
        due = game.due(state)
        return {
            "subject": report_subject(self.campaign, phase, self.players[seat], 1),
            "phase": game.phase(state).model_dump(mode="json"),
            "deadline": str(phase.deadline),
            "owed_by": sorted(due.players),
            "referee_owes": due.referee,
            "optional": sorted(due.optional),
            "window": _question_seen(due, seat),
            "asked": seat in due.players,
            **self._formats(bundle),
            "readings": [reading(game, state, seat, text) for text in texts],
        }

    def _formats(self, bundle: ReportBundle) -> dict[str, str]:
        """The report as text, HTML and JSON. Each is drawn from the bundle's header and view
        alone, so when they are those of the last bundle drawn (a twin's, that shows the seat
        the same) the texts are the last ones: equal inputs, equal texts, drawn once. `repr`
        tells apart all that a template could (key order, 1 against 1.0, a list or a tuple)."""
        key = repr((bundle.head, bundle.view))
        if key != self._drawn[0]:
            self._drawn = (key, {"text": bundle.text, "html": bundle.html, "json": bundle.json})
        return dict(self._drawn[1])


def observe(desk: Desk) -> Receive:
    """What an observer of `desk`'s campaign receives for a state, whichever seat's secrets the
    twin redraws: the public report in every format (services/community/observing.py), its
    subject's phase, and who owes (no seat's readings: an observer sends no orders)."""

    def seen(
        game: Game, state: Any, seat: str, events: list[Event], texts: Sequence[str]
    ) -> dict[str, Any]:
        phase = desk.phase_row(game, state)
        bundle = build(desk.campaign, None, phase, state, events, phase)
        return {
            "phase": game.phase(state).model_dump(mode="json"),
            "owed_by": sorted(game.due(state).players),
            "text": bundle.text,
            "html": bundle.html,
            "json": bundle.json,
        }

    return seen


def _question_seen(due: Any, seat: str) -> dict[str, Any] | None:
    """The open question as `seat` receives it: whole when it is asked; else only its id, seat
    and trigger (the question and `core.reaction.opened` go to the asked seat alone; STATUS
    names another's question by id, intake/seat_now.py)."""
    window = due.window
    if window is None:
        return None
    if window.seat == seat:
        return dict(window.model_dump(mode="json"))
    return {"id": window.id, "seat": window.seat, "trigger": window.trigger}


def reading(game: Game, state: Any, seat: str, text: str) -> dict[str, Any]:
    """How the game reads `text` from `seat`: the problems it answers with and what stands."""
    read = game.parse(state, seat, text)
    orders = game.canonical(state, seat, read.orders) if read.orders is not None else None
    return {
        "problems": [p.model_dump(mode="json") for p in read.problems],
        "partial": read.partial,
        "orders": orders,
    }


def random_states(game: Game, opening: Any, count: int, seed: int, longest: int = 40) -> list[Any]:
    """`count` states reached from `opening` by random legal play of every seat."""
    assert game.random_input is not None
    rng = SeededRng(seed)
    found: list[Any] = []
    while len(found) < count:
        state = opening
        for _ in range(rng.die(longest, "length")):
            after = _random_step(game, state, rng)
            if after is None:
                break
            state = after
        found.append(state)
    return found


def _random_step(game: Game, state: Any, rng: SeededRng) -> Any | None:
    assert game.random_input is not None
    due = game.due(state)
    if game.outcome(state) is not None or not (due.players or due.referee):
        return None
    seats = [*due.players, *([REFEREE] if due.referee else [])]
    inputs = {seat: game.random_input(state, seat, rng) for seat in seats}
    return game.advance(state, inputs, rng).state


def leaks(
    game: Game,
    desk: Desk,
    states: Sequence[Any],
    seats: Callable[[Any], Sequence[str]],
    steps: int = 3,
    probes: Sequence[str] = (),
    run: type[TwinRun] = TwinRun,
    prepare: Callable[[Any, str], Any] | None = None,
    receive: Receive | None = None,
) -> list[str]:
    """Every state and seat whose twin the seat could tell apart, with the first difference.

    Optional: `run`, a TwinRun subclass (a game's own rule for when the runs may part; a run
    already stops where the game's `revealed` tells them apart); `prepare`, the state as
    compared for one seat (e.g. the others' standing orders cleared); `receive` in place of
    `desk.receive`."""
    found = []
    seen = receive or desk.receive
    for number, state in enumerate(states):
        for seat in seats(state):
            compared = prepare(state, seat) if prepare is not None else state
            twin_run = run(game, seat, seen, seed=number, steps=steps, probes=probes)
            difference = twin_run.compare(compared)
            if difference:
                found.append(f"state {number}, seat {seat}: {difference}")
    return found

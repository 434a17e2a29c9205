"""Drawing: what one report costs to draw, for every game, in CPU time.

Plays `--campaigns` campaigns of each game between its own bots (every seat filled, the game's
default scenario, Mighty Kingdoms' six-seat map), in-process with no ledger or mail, and after
every phase draws every seat's report the way a tick's drawing step does: the reader's view,
the text, the HTML, the map's PNG for mail and the composed mail, one phase's readers one after
another and the campaigns round by round. The figure is CPU milliseconds per report (what other
work on a shared machine disturbs least), split into its parts; the baseline, measured in the
same run, is a JSON round trip of each phase's state. Usage:

    python -m bench.drawing [--games mighty-kingdoms,diplomacy] [--campaigns 4] [--phases 6]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import time
from collections import defaultdict
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from bench.harness import Figures, bench_scenario, default_players, ratio
from pbem.cli.collecting import collect_less
from pbem.core.game import REFEREE, Game, Seat, Setup
from pbem.core.rng import SeededRng, derive_seed
from pbem.ledger.models import Campaign, Phase
from pbem.mail.outbound import OutgoingMessage, compose
from pbem.paths import campaigns_dir
from pbem.registry import games
from pbem.services.reports import bundle as report_bundle

WHEN = datetime(2030, 5, 1, 12, 0, tzinfo=UTC)
PARTS = ("view", "text", "html", "png", "mail")
NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace"]


def main() -> None:
    """Parse arguments, draw every game's reports and print their figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(games()))
    parser.add_argument("--campaigns", type=int, default=4)
    parser.add_argument("--phases", type=int, default=6, help="phases played and drawn")
    parser.add_argument("--skip", type=int, default=2, help="phases played before drawing")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--play-only", action="store_true",
                        help="play the same phases without drawing: the baseline that an "
                        "instruction count (valgrind --tool=callgrind) subtracts")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    collect_less()  # as `pbem` does
    for name in args.games.split(","):
        profiler = cProfile.Profile() if args.profile else None
        figures = measure(name, args.campaigns, args.phases, args.skip, args.seed, profiler,
                          draw=not args.play_only)
        figures.show(args.json)
        if profiler is not None:
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(40)
            print(out.getvalue())


class _Campaign:
    """One bench campaign: its record, seats, rng and state as play goes on."""

    def __init__(self, game: Game, name: str, number: int, seed: int) -> None:
        players = default_players(name)
        self.seats = [Seat(id=f"p{n + 1}", name=NAMES[n]) for n in range(players)]
        path = bench_scenario(name, players) or game.meta.default_scenario
        scenario = game.load_scenario((campaigns_dir() / path).read_text("utf-8"), path)
        settings = {s.key: s.default for s in game.meta.settings}
        self.rng = SeededRng(derive_seed(seed, f"{name}-{number}"))
        self.state = game.start(Setup(seats=self.seats, scenario=scenario, settings=settings),
                                self.rng)
        seats = [{"id": s.id, "name": s.name} for s in self.seats]
        self.record = Campaign(name=f"bench{number}", game=name, scenario_json="{}",
                               settings_json=json.dumps({"seats": seats}), start_seed=seed,
                               timezone="Europe/London", created_at=WHEN)
        self.events: list[Any] = []
        self.seq = 0

    def advance(self, game: Game) -> None:
        """Play one phase with the bots' random legal input."""
        due = game.due(self.state)
        owed = list(due.players) + ([REFEREE] if due.referee else [])
        assert game.random_input is not None
        inputs = {seat: game.random_input(self.state, seat, self.rng) for seat in owed}
        advanced = game.advance(self.state, inputs, self.rng)
        self.state, self.events, self.seq = advanced.state, advanced.events, self.seq + 1

    def phases(self, game: Game) -> tuple[Phase, Phase]:
        """The phase just played (roughly: its key and label are the next one's) and the next."""
        info = game.phase(self.state)
        made = [Phase(campaign_id=1, seq=seq, key=info.key, label=info.label, turn=info.turn,
                      seed=1, opened_at=WHEN, deadline=WHEN) for seq in (self.seq, self.seq + 1)]
        return made[0], made[1]


def measure(
    name: str, campaigns: int, phases: int, skip: int, seed: int,
    profiler: cProfile.Profile | None = None, draw: bool = True,
) -> Figures:
    """Play and draw `campaigns` campaigns of `name`; CPU ms per report, by part."""
    game = games()[name]
    played = [_Campaign(game, name, n, seed) for n in range(campaigns)]
    spent: dict[str, float] = defaultdict(float)
    reports = drawn_phases = 0
    for number in range(skip + phases):
        for campaign in played:
            if game.outcome(campaign.state) is not None and game.outcome(campaign.state).finished:
                continue
            campaign.advance(game)
            if number < skip:
                continue
            _timed(spent, "json_round_trip",
                   lambda c=campaign: game.state_from_json(c.state.model_dump(mode="json")))
            if profiler is not None:
                profiler.enable()
            for seat in campaign.seats if draw else ():
                draw_report(game, campaign, seat.id, spent)
                reports += 1
            if profiler is not None:
                profiler.disable()
            drawn_phases += 1
    return _figures(name, campaigns, drawn_phases, reports, spent)


def draw_report(game: Game, campaign: _Campaign, seat: str, spent: dict[str, float]) -> bytes:
    """Draw one reader's report mail as the tick does, timing each part."""
    done, following = campaign.phases(game)
    made = _timed(spent, "view", lambda: report_bundle.build(
        campaign.record, seat, done, campaign.state, campaign.events, following))
    text = _timed(spent, "text", lambda: made.text)
    html = _timed(spent, "html", lambda: made.html)
    images = _timed(spent, "png", lambda: made.images)
    return _timed(spent, "mail", lambda: compose(OutgoingMessage(
        sender="referee@example.org", to=f"{seat}@example.org", subject="Report", text=text,
        html=html, message_id=f"{seat}@example.org", loop_value="x", images=images,
        attachments=made.attachments, date=WHEN)))


def _timed(spent: dict[str, float], part: str, work: Callable[[], Any]) -> Any:
    """Run `work`, adding its CPU time to `part` and its wall time to `part_wall`."""
    start, cpu = time.perf_counter(), time.process_time()
    result = work()
    spent[part] += time.process_time() - cpu
    spent[f"{part}_wall"] += time.perf_counter() - start
    return result


def _figures(
    name: str, campaigns: int, phases: int, reports: int, spent: dict[str, float]
) -> Figures:
    per = max(reports, 1)
    parts = {f"{part}_cpu_ms_per_report": round(1000 * spent[part] / per, 2) for part in PARTS}
    total = sum(spent[part] for part in PARTS)
    wall = sum(spent[f"{part}_wall"] for part in PARTS)
    round_trip = spent["json_round_trip"] / max(phases, 1)
    return Figures(f"drawing, {name}", {
        "game": name,
        "campaigns": campaigns,
        "phases_drawn": phases,
        "reports": reports,
        "draw_cpu_ms_per_report": round(1000 * total / per, 2),
        "draw_wall_ms_per_report": round(1000 * wall / per, 2),
        **parts,
        "json_round_trip_cpu_ms_per_phase": round(1000 * round_trip, 2),
        "report_over_json_round_trip": ratio(total / per, round_trip),
    })


if __name__ == "__main__":
    main()

"""Adjudication: Mighty Kingdoms phases per second, and what a report's view and map cost.

Plays 6-player campaigns between the game's own bots, in-process and with no ledger or mail:
once on the largest shipped map and once on a generated map of 300+ tiles. Each phase is
timed in four parts: `advance` (the rules), every seat's `view`, the SVG and the PNG of each
view, in wall time and in CPU time (which other work on the machine disturbs less). The
baseline, measured in the same run, is a JSON round trip of the same state (what storing and
reloading a snapshot costs). `--profile` prints where the time goes. `--game diplomacy`
benches Diplomacy instead, against the `diplomacy` package (bench/diplomacy_engines.py). Usage:

    python -m bench.adjudication [--years 2] [--profile]
    python -m bench.adjudication --game diplomacy [--games 5] [--years 12]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from bench.harness import Figures, ratio
from pbem.core.board import Picture
from pbem.core.game import REFEREE, Game, Seat, Setup
from pbem.core.rng import SeededRng, derive_seed
from pbem.games.mighty_kingdoms.maps import mapgen
from pbem.paths import campaigns_dir
from pbem.registry import get_game
from pbem.render.png import render_png
from pbem.render.svg import render_svg

SHIPPED = "mighty-kingdoms/maps/sundered-realms-6.toml"
LARGE_SIZE = (16, 20)  # rows x columns: 320 tiles


def main() -> None:
    """Parse arguments, run both maps and print their figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--years", type=int, default=2)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--maps", choices=("both", "shipped", "large"), default="both")
    parser.add_argument("--max-phases", type=int, default=0, help="stop early (0: play it out)")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--game", choices=("mighty-kingdoms", "diplomacy"),
                        default="mighty-kingdoms")
    parser.add_argument("--games", type=int, default=5, help="diplomacy: games to play")
    parser.add_argument("--repeat", type=int, default=5,
                        help="diplomacy: runs of each phase, the fastest kept")
    args = parser.parse_args()
    if args.game == "diplomacy":
        from bench import diplomacy_engines

        if args.years == 2:  # the Mighty Kingdoms default; a Diplomacy game runs longer
            args.years = 12
        diplomacy_engines.main(args)
        return
    game = get_game("mighty-kingdoms")
    maps = {}
    if args.maps in ("both", "shipped"):
        maps["shipped 6-player map"] = _shipped()
    if args.maps in ("both", "large"):
        maps["generated 320-tile map"] = _large(args.seed)
    for title, text in maps.items():
        profiler = cProfile.Profile() if args.profile else None
        figures = play(game, title, text, args.years, args.seed, profiler, args.max_phases)
        figures.show(args.json)
        if profiler is not None:
            print(_top(profiler))


def _shipped() -> str:
    return (campaigns_dir() / SHIPPED).read_text(encoding="utf-8")


def _large(seed: int) -> str:
    saved = mapgen.SIZES[6]
    mapgen.SIZES[6] = LARGE_SIZE
    try:
        return mapgen.generate_map(6, seed)
    finally:
        mapgen.SIZES[6] = saved


def play(
    game: Game,
    title: str,
    map_text: str,
    years: int,
    seed: int,
    profiler: cProfile.Profile | None,
    max_phases: int = 0,
) -> Figures:
    """Play one campaign to its end between bots, timing every part of every phase."""
    assert game.random_input is not None
    scenario = game.load_scenario(map_text, title)
    seats = [Seat(id=f"p{n}", name=f"Player {n}") for n in range(1, 7)]
    settings = {s.key: s.default for s in game.meta.settings} | {"years": years}
    rng = SeededRng(derive_seed(seed, title))
    state = game.start(Setup(seats=seats, scenario=scenario, settings=settings), rng)
    spent: dict[str, float] = defaultdict(float)
    phases, armies = 0, 0
    if profiler is not None:
        profiler.enable()
    while (outcome := game.outcome(state)) is None or not outcome.finished:
        if max_phases and phases >= max_phases:
            break
        state = _one_phase(game, state, rng, seats, spent)
        phases, armies = phases + 1, max(armies, _army_count(state))
    if profiler is not None:
        profiler.disable()
    return _figures(title, scenario, phases, armies, spent)


def _one_phase(
    game: Any, state: Any, rng: SeededRng, seats: list[Seat], spent: dict[str, float]
) -> Any:
    """Advance one phase, then draw every seat's view of it, timing each part."""
    inputs = _inputs(game, state, rng)
    advanced = _timed(spent, "advance", lambda: game.advance(state, inputs, rng))
    views = _timed(spent, "view", lambda: _views(game, advanced.state, advanced.events, seats))
    pictures = [Picture.model_validate(v["board"]) for v in views if "board" in v]
    _timed(spent, "svg", lambda: [render_svg(p) for p in pictures])
    _timed(spent, "png", lambda: [render_png(p) for p in pictures])
    spent["views"] += len(pictures)
    _timed(spent, "json_round_trip", lambda: _round_trip(game, advanced.state))
    return advanced.state


def _inputs(game: Any, state: Any, rng: SeededRng) -> dict[str, Any]:
    due = game.due(state)
    owed = list(due.players) + ([REFEREE] if due.referee else [])
    return {seat: game.random_input(state, seat, rng) for seat in owed}


def _views(game: Game, state: Any, events: list[Any], seats: list[Seat]) -> list[dict[str, Any]]:
    return [game.view(state, viewer, events) for viewer in [s.id for s in seats] + [REFEREE]]


def _round_trip(game: Game, state: Any) -> None:
    game.state_from_json(state.model_dump(mode="json"))


def _army_count(state: Any) -> int:
    return len(getattr(state, "armies", {}))


def _timed(spent: dict[str, float], part: str, work: Callable[[], Any]) -> Any:
    """Run `work`, adding its wall time to `part` and its CPU time to `part_cpu`."""
    start, cpu = time.perf_counter(), time.process_time()
    result = work()
    spent[part] += time.perf_counter() - start
    spent[f"{part}_cpu"] += time.process_time() - cpu
    return result


def _figures(
    title: str, scenario: dict[str, Any], phases: int, armies: int, spent: dict[str, float]
) -> Figures:
    wall = [part for part in spent if part != "views" and not part.endswith("_cpu")]
    per_phase = {f"{part}_ms_per_phase": 1000 * spent[part] / max(phases, 1) for part in wall}
    cpu = {
        f"{part}_cpu_ms_per_phase": 1000 * spent[f"{part}_cpu"] / max(phases, 1) for part in wall
    }
    views = max(spent["views"], 1)
    return Figures(
        f"adjudication, {title}",
        {
            "tiles": len(scenario.get("map", {}).get("tiles", {})),
            "phases_played": phases,
            "most_armies_at_once": armies,
            "phases_per_s": ratio(phases, spent["advance"]),
            **per_phase,
            **cpu,
            "png_ms_per_view": 1000 * spent["png"] / views,
            "png_cpu_ms_per_view": 1000 * spent["png_cpu"] / views,
            "advance_over_json_round_trip": ratio(spent["advance"], spent["json_round_trip"]),
            "png_over_advance": ratio(spent["png"], spent["advance"]),
            "svg_over_advance": ratio(spent["svg"], spent["advance"]),
            # one reader's PNG against one phase's rules, in CPU time (steady under load)
            "png_view_over_advance_cpu": ratio(
                spent["png_cpu"] / views * max(phases, 1), spent["advance_cpu"]
            ),
        },
    )


def _top(profiler: cProfile.Profile, lines: int = 25) -> str:
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(lines)
    return out.getvalue()


if __name__ == "__main__":
    main()

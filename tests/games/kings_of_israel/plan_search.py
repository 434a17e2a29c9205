"""Find a winning team plan for test_base_win.py: a beam search over the bots' candidate turns.

    .venv/bin/python -m tests.games.kings_of_israel.plan_search --players 2 --seed 1 \
        [--set version=expert] [--width 10] --out tests/games/kings_of_israel/golden/x.json

Each phase, every kept board tries a few candidate turns (the greedy bot's, a cleaner's that
goes for the nearest Idols and sin, a builder's that draws for Altars) or every answer to a
question, and the boards with the least weighted sin are kept. The engine knows the order
of the decks, so a plan found this way is a lucky team's, not a fair strategy. Orders that
were skipped are left out of the written plan. Run it again after changing the scenario file.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from pbem.core.rng import SeededRng, derive_seed
from pbem.games.kings_of_israel import GAME
from pbem.games.kings_of_israel.bots import _blessing_plays, best_act, distances
from pbem.games.kings_of_israel.cards.blessings import play_blessing
from pbem.games.kings_of_israel.cards.decks import hand_limit, holds
from pbem.games.kings_of_israel.inputs import Act, KIOrders
from pbem.games.kings_of_israel.order_text import canonical_orders
from pbem.games.kings_of_israel.play.actions import cost, perform, preach_count
from pbem.games.kings_of_israel.state import KIState
from tests.games.kings_of_israel.harness import opening

Policy = Any  # (state, seat) -> Act | None


def _worth(state: KIState, seat: str, place: str, left: int) -> float:
    """What `left` actions at `place` would clear: an Idol, a sacrifice, preaching."""
    if place == state.false_prophet:
        return 0.0
    score, destroy = 0.0, cost(state, seat, Act(verb="destroy"))
    if place in state.idols and left >= destroy:
        score, left = score + 5, left - destroy
    sin = state.sin.get(place, 0)
    if left and place in state.altars and holds(state, seat, "cattle", "grain"):
        near = [p for p in state.board.road_neighbours(place) if state.sin.get(p)]
        if sin + len(near) >= 3:
            score, left, sin = score + sin + len(near), left - 1, 0
    while left and sin:
        took = min(preach_count(state, seat), sin)
        score, sin, left = score + took + (0.5 if sin >= 2 else 0), sin - took, left - 1
    return score


def cleaner(state: KIState, seat: str) -> Act | None:
    """Clear what is here, else step toward the place whose clearing is worth most."""
    here, left = state.prophets[seat].at, state.actions_left
    destroy = cost(state, seat, Act(verb="destroy"))
    if here in state.idols and here != state.false_prophet and left >= destroy:
        return Act(verb="destroy")
    best: tuple[float, int, str] | None = None
    for place, (steps, first) in distances(state, here).items():
        if 0 < steps < left or steps == 0:
            worth = _worth(state, seat, place, left - steps)
            if worth > 0 and (best is None or (worth / left, -steps) > (best[0], -best[1])):
                best = (worth / left, steps, first)
    if best is not None and best[1] > 0:
        return Act(verb="move", args=[best[2]])
    if state.sin.get(here) and here != state.false_prophet:
        return Act(verb="preach")
    return best_act(state, seat)


def builder(state: KIState, seat: str) -> Act | None:
    """Build where there is no Altar, else draw toward one."""
    here = state.prophets[seat].at
    if holds(state, seat, "gold", "stone", "wood") and here not in state.altars:
        return Act(verb="build")
    if len(state.prophets[seat].hand) < hand_limit(state, seat):
        return Act(verb="acquire")
    return best_act(state, seat)


POLICIES: list[Policy] = [best_act, cleaner, builder]


def candidate(state: KIState, seat: str, policy: Policy) -> KIOrders:
    """One turn by `policy`, tried on a copy (Blessings first)."""
    sim, scratch, acts = state.model_copy(deep=True), SeededRng(0), []
    for play in _blessing_plays(sim, seat):
        if play_blessing(sim, seat, play.args, scratch, []) is None:
            acts.append(play)
    for _ in range(8):
        if sim.actions_left <= 0 or sim.result is not None:
            break
        act = policy(sim, seat)
        if act is None or perform(sim, seat, act, scratch, []) is not None:
            break
        acts.append(act)
    return KIOrders(acts=acts)


def value(state: KIState) -> float:
    """Higher is better: few cubes, few cubes in twos, few Idols, many Altars, materials."""
    sin = sum(state.sin.values())
    twos = sum(1 for v in state.sin.values() if v >= 2)
    idols = sum(1 + len(state.board.road_neighbours(p)) for p in state.idols)
    materials = 0.0
    for prophet in state.prophets.values():
        kinds = {c.rsplit(".", 1)[0] for c in prophet.hand}
        materials += 0.8 * len(kinds & {"gold", "stone", "wood"}) ** 1.5
        materials += 0.4 * len(kinds & {"cattle", "grain"})
    return -2 * sin - 2 * twos - 1.5 * idols + 8 * len(state.altars) + materials


def options(state: KIState, seat: str) -> list[tuple[str, KIOrders]]:
    """Every answer to an open question, or the distinct candidate turns."""
    if state.window is not None:
        return [(c.key, KIOrders(answer=c.key)) for c in state.window.choices]
    found = {canonical_orders(o): o for o in (candidate(state, seat, p) for p in POLICIES)}
    return list(found.items())


def search(players: int, seed: int, settings: dict[str, str], width: int) -> list[list[str]]:
    """A winning plan as [seat, order text] per phase, or [] when the beam dies out."""
    beam: list[tuple[float, KIState, list[list[str]]]] = [
        (0.0, opening(players, seed, **settings), [])
    ]
    for step in range(600):
        grown = []
        for _, state, plan in beam:
            seat = GAME.due(state).players[0]
            for text, orders in options(state, seat):
                rng = SeededRng(derive_seed(seed, str(step)))
                after = GAME.advance(state, {seat: orders}, rng).state
                if after.result == "won":
                    return [*plan, [seat, text]]
                if after.result is None:
                    grown.append((value(after), after, [*plan, [seat, text]]))
        if not grown:
            return []
        beam = sorted(grown, key=lambda g: -g[0])[:width]
    return []


def without_skips(
    players: int, seed: int, settings: dict[str, str], plan: list[list[str]]
) -> list[list[str]]:
    """The plan less the orders the game skipped (they changed nothing)."""
    state, kept = opening(players, seed, **settings), []
    for step, (seat, text) in enumerate(plan):
        orders = GAME.parse(state, seat, text).orders
        advance = GAME.advance(state, {seat: orders}, SeededRng(derive_seed(seed, str(step))))
        lines = text.split("\n")
        for event in advance.events:
            if event.code == "ki.skipped" and event.data["order"] in lines:
                lines.remove(event.data["order"])
        kept.append([seat, "\n".join(lines) or "end"])
        state = advance.state
    return kept


def main() -> int:
    """Search, and write the plan as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--set", action="append", default=[], help="a setting, key=value")
    parser.add_argument("--width", type=int, default=10)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    settings = dict(s.split("=", 1) for s in args.set)
    plan = search(args.players, args.seed, settings, args.width)
    if not plan:
        print("no winning plan found for this seed", file=sys.stderr)
        return 1
    plan = without_skips(args.players, args.seed, settings, plan)
    data = {"players": args.players, "seed": args.seed, "settings": settings, "orders": plan}
    args.out.write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")
    print(f"a winning plan of {len(plan)} phases: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

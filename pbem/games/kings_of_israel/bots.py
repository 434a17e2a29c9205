"""A greedy team-mate bot for demos, tests and the contract suite, and the order template."""

from __future__ import annotations

from pbem.core.copying import deep_copy
from pbem.core.reactions import StandingReaction
from pbem.core.rng import SeededRng
from pbem.games.kings_of_israel.cards.blessings import play_blessing
from pbem.games.kings_of_israel.cards.decks import hand_limit, holds
from pbem.games.kings_of_israel.hidden import as_known
from pbem.games.kings_of_israel.inputs import Act, KIOrders
from pbem.games.kings_of_israel.order_text import act_line
from pbem.games.kings_of_israel.play.actions import COST, cost, perform
from pbem.games.kings_of_israel.reach import shut, stepper, steps_from
from pbem.games.kings_of_israel.state import KIState
from pbem.games.kings_of_israel.windows import answering_cards


def distances(state: KIState, start: str) -> dict[str, tuple[int, str]]:
    """Steps from `start` to every reachable location, with the first step of a shortest way."""
    found: dict[str, tuple[int, str]] = {start: (0, start)}
    frontier = [start]
    steps = stepper(state)
    for here in frontier:  # breadth first: the list grows while it is read
        for step in steps(here):
            if step not in found:
                first = step if here == start else found[here][1]
                found[step] = (found[here][0] + 1, first)
                frontier.append(step)
    return found


def _toward(
    state: KIState, seat: str, wanted: list[str], reach: dict[str, tuple[int, str]]
) -> Act | None:
    """A step toward the nearest of `wanted`; `reach`: the distances from the seat's place."""
    order = state.board.locations()
    goals = sorted((reach[p][0], order.index(p), p) for p in wanted if p in reach)
    goals = [g for g in goals if g[0] > 0]
    return Act(verb="move", args=[reach[goals[0][2]][1]]) if goals else None


def best_act(state: KIState, seat: str) -> Act | None:
    """The greedy bot's next action for `seat`, or None when nothing is worth doing."""
    here, left, fp = state.prophets[seat].at, state.actions_left, state.false_prophet
    destroy = cost(state, seat, Act(verb="destroy"))
    if here in state.idols and here != fp and left >= destroy:
        return Act(verb="destroy")
    materials = holds(state, seat, "gold", "stone", "wood")
    if here not in state.altars and materials:
        return Act(verb="build")
    near = [p for p in state.board.road_neighbours(here) if not state.board.place(p).nation]
    gain = state.sin.get(here, 0) + sum(1 for p in near if state.sin.get(p))
    if here in state.altars and holds(state, seat, "cattle", "grain") and (gain >= 2 or fp == here):
        return Act(verb="sacrifice")
    if state.sin.get(here, 0) >= 2 and here != fp:
        return Act(verb="preach")
    gift = _gift(state, seat)
    if gift is not None:
        return gift
    others = {p.at for s, p in state.prophets.items() if s != seat}
    idols = [p for p in state.idols if p != fp and p not in others]
    reach = distances(state, here)
    if any(reach.get(p, (99, ""))[0] <= left - destroy for p in idols):
        return _toward(state, seat, idols, reach)
    run = _run(state, seat, idols)
    if run is not None and left >= 1 + destroy:
        return run
    if materials:
        unbuilt = [p for p in state.board.locations() if p not in state.altars]
        return _toward(state, seat, unbuilt, reach)
    if len(state.prophets[seat].hand) < hand_limit(state, seat) and _can_draw(state):
        return Act(verb="acquire")
    if state.sin.get(here, 0) >= 1 and here != fp:
        return Act(verb="preach")
    return _toward(state, seat, [p for p in state.sin if p != fp and p not in others], reach)


def _gift(state: KIState, seat: str) -> Act | None:
    """Give a team-mate here the Altar material that completes (or nearly completes) theirs."""
    here = state.prophets[seat].at
    for other, prophet in sorted(state.prophets.items()):
        if other == seat or prophet.at != here:
            continue
        theirs = [k for k in ("gold", "stone", "wood") if holds(state, other, k)]
        missing = [
            k for k in ("gold", "stone", "wood") if k not in theirs and holds(state, seat, k)
        ]
        if len(theirs) >= 1 and missing and not holds(state, seat, "gold", "stone", "wood"):
            return Act(verb="give", args=[other, *missing[:2]])
    return None


def _run(state: KIState, seat: str, wanted: list[str]) -> Act | None:
    """Up to three road steps toward the nearest of `wanted`, paid with Cattle or Grain."""
    free = state.board.ability(state.prophets[seat].ability).power == "run_free"
    runner = (
        "" if free else next((r for r in ("cattle", "grain") if holds(state, seat, r, r)), None)
    )
    if runner is None or not wanted:
        return None
    start = state.prophets[seat].at
    paths: dict[str, list[str]] = {start: []}
    frontier = [start]
    closed = shut(state)
    for here in frontier:  # breadth first: the list grows while it is read
        for step in state.board.road_neighbours(here):
            if step not in paths and step not in closed:
                paths[step] = [*paths[here], step]
                frontier.append(step)
    goals = sorted((len(paths[p]), p) for p in wanted if p in paths and len(paths[p]) >= 2)
    if not goals:
        return None
    return Act(verb="move", args=[*paths[goals[0][1]][:3], *([runner] if runner else [])])


def _can_draw(state: KIState) -> bool:
    return bool(state.decks.resource or state.decks.resource_discard)


def _blessing_plays(state: KIState, seat: str) -> list[Act]:
    plays = []
    order = state.board.locations()
    worst = sorted(
        order, key=lambda p: (-(p in state.idols), -state.sin.get(p, 0), order.index(p))
    )
    target = next((p for p in worst if p != state.false_prophet), worst[0])
    for card_id in state.prophets[seat].blessings:
        slug = card_id.rsplit(".", 1)[0]
        card = state.board.blessing(card_id)
        if any(s.op == "travel" for s in card.steps):
            continue
        args = [slug, target] if any(s.params.get("where") == "any" for s in card.steps) else [slug]
        plays.append(Act(verb="play", args=args))
    return plays


def plan_turn(state: KIState, seat: str, rng: SeededRng | None = None) -> list[Act]:
    """A turn's acts for `seat`, tried on a copy of the state (sometimes a random action)."""
    sim = deep_copy(state)
    scratch = SeededRng(0)
    acts: list[Act] = []
    for play in _blessing_plays(sim, seat):
        if play_blessing(sim, seat, play.args, scratch, []) is None:
            acts.append(play)
    for _ in range(8):
        if sim.actions_left <= 0 or sim.result is not None:
            break
        act = best_act(sim, seat)
        if rng is not None and rng.die(8, purpose=f"bot {seat} whim") == 8:
            whim = _random_act(sim, seat, rng)
            if perform(sim, seat, whim, scratch, []) is None:
                acts.append(whim)
                continue
        if act is None or perform(sim, seat, act, scratch, []) is not None:
            break
        acts.append(act)
    return acts


def _random_act(state: KIState, seat: str, rng: SeededRng) -> Act:
    verb = rng.choice(sorted(COST), purpose=f"bot {seat} verb")
    if verb == "move":
        return Act(
            verb="move",
            args=[
                rng.choice(
                    steps_from(state, state.prophets[seat].at) or [state.prophets[seat].at],
                    purpose="bot step",
                )
            ],
        )
    return Act(verb=verb)  # type: ignore[arg-type]


def random_orders(state: KIState, seat: str, rng: SeededRng) -> KIOrders:
    """Legal input for `seat`: an answer to its question, or a greedy turn with a few whims."""
    window = state.window
    if window is not None:
        if window.seat != seat:
            return KIOrders()
        if window.trigger == "ki.discard":  # the spare of the kind held most
            return KIOrders(answer=window.default)
        keys = [c.key for c in window.choices]
        if window.trigger == "ki.idol":  # the question lists every Blessing: play one held
            held = answering_cards(state, seat, str(window.facts.get("place", "")))
            keys = [k for k in keys if k == "pass" or k in held]
        return KIOrders(answer=rng.choice(keys, purpose=f"bot {seat} answer"))
    if state.step != "work" or state.active_seat() != seat:
        return KIOrders()
    orders = KIOrders(acts=plan_turn(state, seat, rng))
    if rng.die(6, purpose=f"bot {seat} standing") == 6:
        here = state.prophets[seat].at
        cards = answering_cards(state, seat, here) or answering_cards(state, seat, "")
        rules = [StandingReaction(trigger="ki.idol", answer=c) for c in cards[:1]]
        orders = orders.model_copy(update={"standing": rules})
    return orders


def private_strings(state: KIState, seat: str) -> list[str]:
    """The instance ids of `seat`'s cards (views show kinds and titles, never these)."""
    if seat not in state.prophets:
        return []
    prophet = state.prophets[seat]
    return [*prophet.hand, *prophet.blessings]


def template_text(state: KIState, seat: str, canonical: str) -> str:
    """The default orders, then the greedy bot's suggestion as comments."""
    lines = [canonical]
    if state.window is None and state.step == "work" and state.active_seat() == seat:
        lines.append("# A suggestion (up to four actions; 'next turn' starts a later turn):")
        known = as_known(state, seat)  # planned on what the seat may know, never the decks
        lines += [f"#   {act_line(a)}" for a in plan_turn(known, seat)]
    return "\n".join(lines)

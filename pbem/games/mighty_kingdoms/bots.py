"""Random legal input for bots, demos and tests, written as order text and read back."""

from __future__ import annotations

from pbem.core.game import REFEREE
from pbem.core.rng import SeededRng
from pbem.games.mighty_kingdoms.battles.kow import pending_battle
from pbem.games.mighty_kingdoms.inputs import Input
from pbem.games.mighty_kingdoms.orders_setup import ring_tiles
from pbem.games.mighty_kingdoms.stage_orders import default_for, parse
from pbem.games.mighty_kingdoms.state import Army, MKState
from pbem.games.mighty_kingdoms.summer.orders import move_problem

BOT_RACES = ["Basileans", "Dwarfs", "Elves", "Orcs", "Undead"]


def chance(rng: SeededRng, percent: int, purpose: str) -> bool:
    """True with the given percentage, from one recorded d100."""
    return rng.die(100, purpose) <= percent


def random_input(state: MKState, seat: str, rng: SeededRng) -> Input:
    """Random legal input (bots, demos, the contract suite); winter uses the default."""
    text = random_text(state, seat, rng)
    parsed = parse(state, seat, text) if text else None
    if parsed is None or parsed.errors or parsed.orders is None:
        return default_for(state, seat)
    orders: Input = parsed.orders
    return orders


def random_text(state: MKState, seat: str, rng: SeededRng) -> str:
    """Random legal order text for `seat` (or the referee) in the current stage."""
    if seat == REFEREE:
        return _battle_result(state, rng)
    writers = {"race": _race, "capital": _capital, "placement": _placement, "army": _army,
               "summer": _summer}
    writer = writers.get(state.stage)
    return writer(state, seat, rng) if writer else ""


def _race(state: MKState, seat: str, rng: SeededRng) -> str:
    return "race " + rng.choice(state.settings.races or BOT_RACES, "bot race")


def _capital(state: MKState, seat: str, rng: SeededRng) -> str:
    return "capital " + " ".join(rng.shuffled(state.map.start_tiles(), "bot capitals"))


def _placement(state: MKState, seat: str, rng: SeededRng) -> str:
    free = [t for t in ring_tiles(state, seat)
            if state.map.tile(t).enterable and state.tiles[t].owner is None]
    chosen = rng.shuffled(free, "bot placement")[:4]
    kinds = ("city", "fortress", "village", "village")
    return "\n".join(f"{kind} {tile}" for kind, tile in zip(kinds, chosen, strict=False))


def _army(state: MKState, seat: str, rng: SeededRng) -> str:
    settled = [t for t in state.controlled(seat) if state.tiles[t].settlement]
    lines = [f"army {rng.choice(settled, 'bot army')}"] if settled else []
    if state.settings.battle_mode == "kow":
        lines += [f"unit Guard of {seat} strength 1 points 120",
                  f"unit Spears of {seat} strength 2 points 150 type infantry"]
    return "\n".join(lines)


def _summer(state: MKState, seat: str, rng: SeededRng) -> str:
    armies = rng.shuffled([a for a in state.armies_of(seat) if a.tile], "bot priority")
    lines = [_army_order(state, army, rng) for army in armies]
    for army in armies:
        retreats = [t for t in state.controlled(seat) if state.map.tile(t).enterable]
        if retreats and chance(rng, 30, "bot retreat"):
            lines.append(f"retreat {army.id} to {rng.choice(retreats, 'bot retreat tile')}")
    if chance(rng, 30, "bot battle tiles"):
        lines.append("battle " + " ".join(rng.shuffled(sorted(state.map.tiles), "bot")[:2]))
    return "\n".join(lines)


def _army_order(state: MKState, army: Army, rng: SeededRng) -> str:
    if army.lying:
        return f"regroup {army.id}"
    here = army.tile or ""
    targets = [t for t in state.map.neighbours(here).values()
               if move_problem(state, here, t) is None]
    hostile = [t for t in targets if state.tiles[t].owner not in (None, army.owner)
               or any(a.owner != army.owner for a in state.armies_in(t))]
    options = [f"defend {army.id}"] + [f"move {army.id} to {t}" for t in targets + hostile * 3]
    if state.tiles[here].settlement and chance(rng, 5, "bot raze"):
        return f"raze {army.id}"
    return rng.choice(options, "bot order")


def _battle_result(state: MKState, rng: SeededRng) -> str:
    record = pending_battle(state)
    if record is None:
        return ""
    outcomes = [f"winner {record.attacker}", f"winner {record.defender}", "draw"]
    lines = [f"battle {record.number}", rng.choice(outcomes, "bot result")]
    for army_id in record.attacker_armies + record.defender_armies:
        army = state.armies.get(army_id)
        if army is not None and army.units and chance(rng, 50, "bot rout"):
            lines.append(f"routed {army_id}/1")
    return "\n".join(lines)


def private_strings(state: MKState, seat: str) -> list[str]:
    """Unit names of `seat`'s armies whose lists no battle has revealed yet."""
    return sorted({u.name for a in state.armies_of(seat) if not a.list_revealed for u in a.units})

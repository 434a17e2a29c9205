"""Simple battles: Defence points/100 (+1 if defending), a die per upright army, 100-point hits."""

from __future__ import annotations

from dataclasses import dataclass

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.mighty_kingdoms.battles.results import destroy
from pbem.games.mighty_kingdoms.state import Army, BattleRecord, MKState, natural_key

HIT_POINTS = 100


@dataclass(frozen=True)
class Die:
    """One rolled die and the army that generated it."""

    army: str
    value: int


@dataclass(frozen=True)
class Target:
    """An enemy army as a die sees it: its Defence and how many hits destroy it."""

    army: str
    defence: int
    hits_left: int


def defence(state: MKState, army: Army) -> int:
    """An army's Defence in a simple battle."""
    return army.points // HIT_POINTS + (1 if army.id in state.progress.defended else 0)


def plan(dice: list[Die], targets: list[Target], ranked: list[str]) -> list[tuple[Die, str | None]]:
    """Allocate dice: ranked targets first (highest dice first), then the rest to maximise hits."""
    left = {t.army: t.hits_left for t in targets}
    by_id = {t.army: t for t in targets}
    chosen: list[tuple[Die, str | None]] = []
    rest: list[Die] = []
    for die in sorted(dice, key=lambda d: (-d.value, natural_key(d.army))):
        pick = next((a for a in ranked if a in by_id and left[a] and by_id[a].defence <= die.value),
                    None)
        if pick is None:
            rest.append(die)
        else:
            left[pick] -= 1
            chosen.append((die, pick))
    for die in sorted(rest, key=lambda d: (d.value, natural_key(d.army))):
        chosen.append((die, _best_target(die, targets, left)))
    return chosen


def _best_target(die: Die, targets: list[Target], left: dict[str, int]) -> str | None:
    """Smallest dice first, each to a hittable army nearest destruction; a miss to the weakest."""
    hittable = [t for t in targets if left[t.army] and t.defence <= die.value]
    if hittable:
        pick = min(hittable, key=lambda t: (left[t.army], natural_key(t.army))).army
        left[pick] -= 1
        return pick
    standing = [t for t in targets if left[t.army]]
    return min(standing, key=lambda t: (t.defence, natural_key(t.army))).army if standing else None


def fight_simple(
    state: MKState, record: BattleRecord, rng: SeededRng
) -> tuple[dict[str, str], list[Event]]:
    """Set Defence, roll, allocate alternately from the attacker, and decide the result."""
    sides = (record.attacker, record.defender)
    upright = {s: [a for a in state.armies_in(record.tile) if a.owner == s and not a.lying]
               for s in sides}
    # Defence is fixed when the battle starts; hits during the battle do not lower it.
    fixed = {a.id: defence(state, a) for s in sides for a in upright[s]}
    events = [Event(code="mk.battle_defence", data={
        "battle": record.number, "seat": s, "defence": {a.id: fixed[a.id] for a in upright[s]}})
        for s in sides]
    rolled = {s: _roll(record, s, upright[s], rng, events) for s in sides}
    plans = {}
    for seat, enemy in (sides, sides[::-1]):
        targets = [Target(a.id, fixed[a.id], a.points // HIT_POINTS) for a in upright[enemy]]
        ranked = state.progress.preferences.get(seat, {}).get("targets", [])
        plans[seat] = plan(rolled[seat], targets, ranked)
    caused = {s: 0 for s in sides}
    for step in range(max(len(p) for p in plans.values())):
        for seat in sides:
            if step < len(plans[seat]):
                die, target = plans[seat][step]
                caused[seat] += _resolve_die(state, record, seat, die, target, fixed, events)
    return _decide(state, record, caused), events


def _roll(
    record: BattleRecord, seat: str, armies: list[Army], rng: SeededRng, events: list[Event]
) -> list[Die]:
    values = rng.dice(len(armies), 6, purpose=f"battle {record.number} {seat}") if armies else []
    dice = [Die(a.id, v) for a, v in zip(armies, values, strict=True)]
    events.append(Event(code="mk.battle_dice", data={
        "battle": record.number, "seat": seat, "dice": {d.army: d.value for d in dice}}))
    return dice


def _resolve_die(
    state: MKState, record: BattleRecord, seat: str, die: Die, target: str | None,
    fixed: dict[str, int], events: list[Event],
) -> int:
    army = state.armies.get(target) if target else None
    data = {"battle": record.number, "seat": seat, "army": die.army, "die": die.value,
            "target": target}
    if army is None:
        events.append(Event(code="mk.battle_allocation", data={**data, "hit": False}))
        return 0
    hit = die.value >= fixed[army.id]
    if hit:
        army.points -= HIT_POINTS
    events.append(Event(code="mk.battle_allocation", data={
        **data, "defence": fixed[army.id], "hit": hit, "points_after": army.points}))
    if army.points <= 0:
        destroy(state, army.id, "battle", events)
    return HIT_POINTS if hit else 0


def _decide(state: MKState, record: BattleRecord, caused: dict[str, int]) -> dict[str, str]:
    attacker, defender = record.attacker, record.defender
    left = {s: any(a.owner == s for a in state.armies_in(record.tile)) for s in caused}
    if left[attacker] != left[defender]:
        winner = attacker if left[attacker] else defender
    elif caused[attacker] == caused[defender]:
        return {attacker: "draw", defender: "draw"}
    else:
        winner = attacker if caused[attacker] > caused[defender] else defender
    loser = defender if winner == attacker else attacker
    return {winner: "win", loser: "loss"}

"""Combat (6.2): rounds of dice by army type and terrain, hit tracks, step losses,
retreat-or-continue, and the fate of leaders left alone."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.king_david.content import COMBAT_COST, die_of
from pbem.games.king_david.events.rules import act_of_god, combat_events, combat_over
from pbem.games.king_david.land.stacks import (
    best_retreat,
    enemy_armies,
    friendly_armies,
    move_side,
    own_armies,
    retreats,
    step_loss,
    strength,
)
from pbem.games.king_david.state import Army, Battle, KDState
from pbem.games.king_david.war.battle_end import apply_retreat_answer
from pbem.games.king_david.war.hits import assign
from pbem.games.king_david.war.leaders import leaders_alone
from pbem.games.king_david.windows import RETREAT, ask, retreat_choices


def start_combat(state: KDState, area: str, seat: str, rng: SeededRng,
                 events: list[Event]) -> None:
    """Pay one resource and open the battle, or retreat (or lose steps) for want of it."""
    enemies = enemy_armies(state, area, seat)
    if not enemies or not own_armies(state, area, seat):
        return
    player = state.players[seat]
    if player.resources < COMBAT_COST:
        _no_resources(state, area, seat, events)
        return
    player.resources -= COMBAT_COST
    defender = state.side_of(enemies[0])
    state.battle = Battle(kind="combat", area=area, attacker=seat, defender=defender,
                          entered_from=_entered_from(state, area, seat))
    _reveal(state, events)
    combat_events(state, state.battle, events)


def _entered_from(state: KDState, area: str, seat: str) -> list[str]:
    return sorted({a.came_from for a in own_armies(state, area, seat) if a.came_from})


def _no_resources(state: KDState, area: str, seat: str, events: list[Event]) -> None:
    options = retreats(state, area, seat, [])
    if options:
        target = best_retreat(state, area, seat, options)
        move_side(state, area, seat, target)
        events.append(Event(code="kd.no_resources_retreat", data={"area": area, "to": target}))
        return
    for army in own_armies(state, area, seat):
        step_loss(state, army, events, "no resources")
    events.append(Event(code="kd.no_resources_stay", data={"area": area}))


def _sides(state: KDState, battle: Battle) -> tuple[list[Army], list[Army]]:
    attackers = [a for a in friendly_armies(state, battle.area, battle.attacker)
                 if a.id not in battle.out]
    defenders = [a for a in friendly_armies(state, battle.area, battle.defender or "")
                 if a.id not in battle.out]
    return attackers, defenders


def _reveal(state: KDState, events: list[Event]) -> None:
    """Combat is declared: both sides see both stacks (6.1)."""
    battle = state.battle
    assert battle is not None
    attackers, defenders = _sides(state, battle)
    seats = sorted({s for s in (battle.attacker, battle.defender) if s})
    events.append(Event(code="kd.battle", data={
        "area": battle.area, "attacker": battle.attacker, "defender": battle.defender or "",
        "attackers": _describe(state, attackers), "defenders": _describe(state, defenders)},
        visible_to=seats))
    events.append(Event(code="kd.battle_declared", data={
        "area": battle.area, "attacker": battle.attacker, "defender": battle.defender or ""}))


def _describe(state: KDState, armies: list[Army]) -> str:
    return ", ".join(f"{a.id} {a.kind} {strength(state, a)} ({a.steps} step)" for a in armies)


def continue_combat(state: KDState, rng: SeededRng, events: list[Event]) -> None:
    """Fight rounds until the battle ends or a decision waits on a reaction window."""
    battle = state.battle
    assert battle is not None and battle.kind == "combat"
    while state.window is None and state.battle is not None:
        if battle.awaiting is None:
            _round(state, battle, rng, events)
            if _over(state, battle, rng, events):
                return
            battle.awaiting = "attacker"
        if not _decide(state, battle, rng, events):
            return


def _round(state: KDState, battle: Battle, rng: SeededRng, events: list[Event]) -> None:
    battle.round += 1
    terrain = state.scenario.area(battle.area).terrain
    attackers, defenders = _sides(state, battle)
    data: dict[str, object] = {"area": battle.area, "round": battle.round,
                               "attacker_track": battle.track_att,
                               "defender_track": battle.track_def}
    first = battle.first if battle.round == 1 else None
    order = ["defender", "attacker"] if first == "defender" else ["attacker", "defender"]
    losses: list[Event] = []
    if first is None:
        rolled = {side: _roll(state, battle, side, rng, events) for side in order}
        for side in order:
            _strike(state, battle, side, rolled[side], terrain, data, losses)
    else:
        for side in order:
            _strike(state, battle, side, _roll(state, battle, side, rng, events), terrain, data,
                    losses)
    gone = [a for a in attackers + defenders if a.steps <= 0]
    battle.eliminated += [f"{'attacker' if a in attackers else 'defender'} {a.kind}"
                          for a in gone]
    seats = sorted({s for s in (battle.attacker, battle.defender) if s})
    events.append(Event(code="kd.combat_round", data=data, visible_to=seats))
    events.extend(losses)


def _roll(state: KDState, battle: Battle, side: str, rng: SeededRng,
          events: list[Event]) -> list[tuple[Army, int, int, int]]:
    """(army, die, result) for each army of a side still in the fight, with die modifiers."""
    terrain = state.scenario.area(battle.area).terrain
    attackers, defenders = _sides(state, battle)
    mod = battle.mods.get(side, 0) + (2 if battle.ark == side and battle.round == 1 else 0)
    armies = attackers if side == "attacker" else defenders
    dice = [die_of(a.kind, terrain) for a in armies]
    raw = [rng.die(d, purpose=f"combat {a.id}") for a, d in zip(armies, dice, strict=True)]
    while act_of_god(state, battle, side, raw, dice, events):
        raw = [rng.die(d, purpose=f"act of god {a.id}") for a, d in zip(armies, dice,
                                                                         strict=True)]
    return [(a, d, max(0, r + mod), strength(state, a))
            for a, d, r in zip(armies, dice, raw, strict=True)]


def _strike(state: KDState, battle: Battle, side: str,
            rolled: list[tuple[Army, int, int, int]],
            terrain: str, data: dict[str, object], events: list[Event]) -> None:
    """Score one side's hits (dice, strengths and track) and apply them to the other side."""
    attackers, defenders = _sides(state, battle)
    track = battle.track_att if side == "attacker" else battle.track_def
    power = sum(s for _, _, _, s in rolled)
    hits = sum(r for _, _, r, _ in rolled) + power + track
    victims = defenders if side == "attacker" else attackers
    owner = battle.defender if side == "attacker" else battle.attacker

    def cost(army: Army) -> int:
        return die_of(army.kind, terrain)

    left = assign(state, battle, victims, hits, cost, _losses(state, owner), events)
    if side == "attacker":
        battle.track_att = left
    else:
        battle.track_def = left
    data |= {f"{side}_rolls": " ".join(f"{a.id}:D{d}={r}" for a, d, r, _ in rolled),
             f"{side}_strength": power, f"{side}_hits": hits, f"{side}_left": left}


def _losses(state: KDState, seat: str | None) -> list[str]:
    player = state.players.get(seat or "")
    return list(player.losses_battle) if player else []


def _over(state: KDState, battle: Battle, rng: SeededRng, events: list[Event]) -> bool:
    attackers, defenders = _sides(state, battle)
    if attackers and defenders:
        return False
    winner = battle.attacker if attackers else battle.defender
    events.append(Event(code="kd.battle_won", data={"area": battle.area,
                                                    "winner": winner or "nobody"}))
    leaders_alone(state, battle.area, rng, events)
    combat_over(state, battle, rng, events)
    state.battle = None
    return True


def _decide(state: KDState, battle: Battle, rng: SeededRng, events: list[Event]) -> bool:
    """The side whose turn it is decides (standing answer or default); True to fight on."""
    side = battle.awaiting
    seat = battle.attacker if side == "attacker" else battle.defender
    forbidden = battle.entered_from if side == "defender" else []
    options = retreats(state, battle.area, seat or "", forbidden) if seat else []
    answer = "stand"
    if seat is not None:
        answer = ask(state, seat, RETREAT, _facts(state, battle, side or ""),
                     retreat_choices(options), "stand", events)
    return apply_retreat_answer(state, answer, rng, events)


def _facts(state: KDState, battle: Battle, side: str) -> dict[str, object]:
    attackers, defenders = _sides(state, battle)
    mine, theirs = (attackers, defenders) if side == "attacker" else (defenders, attackers)
    ahead = sum(a.steps for a in mine) >= sum(a.steps for a in theirs)
    return {"side": side, "round": battle.round, "area": battle.area,
            "ahead": "yes" if ahead else "no", "armies": len(mine), "enemies": len(theirs)}

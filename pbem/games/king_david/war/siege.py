"""Siege (6.3): two rounds, a D6 per besieging army at six hits a step, a D10 per
fortification level at ten hits a level; the city falls at level zero."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.king_david.content import FORT_DIE, SIEGE_COST, SIEGE_DIE
from pbem.games.king_david.events.rules import act_of_god, siege_events
from pbem.games.king_david.land.stacks import enemy_armies, friendly_armies, own_armies, retreats
from pbem.games.king_david.state import Army, Battle, KDState
from pbem.games.king_david.war.battle_end import apply_retreat_answer, siege_held
from pbem.games.king_david.war.hits import assign
from pbem.games.king_david.windows import RETREAT, SIEGE, ask, retreat_choices, siege_choices

ROUNDS = 2


def can_besiege(state: KDState, area: str, seat: str) -> bool:
    """A city held by someone else, the seat's armies there, and no enemy armies."""
    spec = state.scenario.area(area)
    country = state.players[seat].country
    if area in state.frozen or country in state.halted:
        return False
    holder = state.seat_of(state.control.get(area, ""))
    return bool(spec.city and state.control.get(area) != country and holder != seat
                and not state.allied(seat, holder)
                and own_armies(state, area, seat) and not enemy_armies(state, area, seat))


def siege_wanted(state: KDState, area: str, seat: str, events: list[Event]) -> bool:
    """Whether `seat` besieges: its orders, else a standing reaction or the default (no)."""
    if area in state.sieges_ordered:
        return True
    facts = {"area": area, "city": state.scenario.area(area).city or "",
             "fort": city_level(state, area)}
    return ask(state, seat, SIEGE, facts, siege_choices(), "no", events) == "besiege"


def city_level(state: KDState, area: str) -> int:
    """A city's fortification level; a city without a marker counts as one (6.3)."""
    return max(1, state.forts.get(area, 0))


def start_siege(state: KDState, area: str, seat: str, events: list[Event]) -> None:
    """Pay one resource and open the siege (nothing happens without the resource)."""
    player = state.players[seat]
    if player.resources < SIEGE_COST:
        events.append(Event(code="kd.siege_unpaid", data={"area": area}, visible_to=[seat]))
        return
    player.resources -= SIEGE_COST
    holder = state.control.get(area, "")
    state.battle = Battle(kind="siege", area=area, attacker=seat,
                          defender=state.seat_of(holder), fort=city_level(state, area))
    events.append(Event(code="kd.siege", data={"area": area, "seat": seat,
                                               "city": state.scenario.area(area).city or "",
                                               "fort": state.battle.fort}))
    how = siege_events(state, state.battle, events)
    if how is not None:
        capture(state, area, seat, state.battle.fort if how == "secret" else 1, events)
        state.battle = None


def continue_siege(state: KDState, rng: SeededRng, events: list[Event]) -> None:
    """Play siege rounds until the city falls, the besieger leaves, or round two ends."""
    battle = state.battle
    assert battle is not None and battle.kind == "siege"
    while state.window is None and state.battle is not None:
        if battle.awaiting is None:
            siege_round(state, battle, rng, events)
            if _finished(state, battle, events):
                return
            battle.awaiting = "attacker"
        besiegers = friendly_armies(state, battle.area, battle.attacker)
        facts = {"side": "besieger", "round": battle.round, "area": battle.area,
                 "ahead": "yes", "armies": len(besiegers), "enemies": 0}
        answer = ask(state, battle.attacker, RETREAT, facts,
                     retreat_choices(retreats(state, battle.area, battle.attacker, [])),
                     "stand", events)
        apply_retreat_answer(state, answer, rng, events)


def siege_round(state: KDState, battle: Battle, rng: SeededRng, events: list[Event]) -> None:
    """One round: both roll, the besieger's hits take fortification levels, the city's take
    steps (both with their hit tracks)."""
    battle.round += 1
    attackers = friendly_armies(state, battle.area, battle.attacker)
    rolls_a = [rng.die(SIEGE_DIE, purpose=f"siege {a.id}") for a in attackers]
    while act_of_god(state, battle, "attacker", rolls_a, [SIEGE_DIE] * len(rolls_a), events):
        rolls_a = [rng.die(SIEGE_DIE, purpose=f"act of god {a.id}") for a in attackers]
    rolls_d = [rng.die(FORT_DIE, purpose=f"fort {battle.area}") for _ in range(battle.fort)]
    while act_of_god(state, battle, "defender", rolls_d, [FORT_DIE] * len(rolls_d), events):
        rolls_d = [rng.die(FORT_DIE, purpose=f"act of god {battle.area}") for _ in rolls_d]
    hits_a, hits_d = sum(rolls_a) + battle.track_att, sum(rolls_d) + battle.track_def
    data: dict[str, object] = {
        "area": battle.area, "round": battle.round, "fort_before": battle.fort,
        "attacker_rolls": " ".join(f"{a.id}:D6={r}" for a, r in zip(attackers, rolls_a,
                                                                     strict=True)),
        "city_rolls": " ".join(f"D10={r}" for r in rolls_d),
        "attacker_track": battle.track_att, "defender_track": battle.track_def,
        "attacker_hits": hits_a, "defender_hits": hits_d}
    levels = min(battle.fort, hits_a // FORT_DIE)
    battle.fort -= levels
    battle.track_att = 0 if battle.fort == 0 else hits_a - levels * FORT_DIE
    player = state.players[battle.attacker]

    def cost(_: Army) -> int:
        return SIEGE_DIE

    losses: list[Event] = []
    battle.track_def = assign(state, battle, attackers, hits_d, cost,
                              list(player.losses_siege), losses)
    data |= {"fort_after": battle.fort, "attacker_left": battle.track_att,
             "defender_left": battle.track_def}
    events.append(Event(code="kd.siege_round", data=data))
    events.extend(losses)


def _finished(state: KDState, battle: Battle, events: list[Event]) -> bool:
    if battle.fort == 0 and friendly_armies(state, battle.area, battle.attacker):
        capture(state, battle.area, battle.attacker, 1, events)
    elif friendly_armies(state, battle.area, battle.attacker) and battle.round < ROUNDS:
        return False
    else:
        siege_held(state, battle, events)
    state.battle = None
    return True


def capture(state: KDState, area: str, seat: str, level: int, events: list[Event]) -> None:
    """The city falls: the besieger's control marker, the given fortification level."""
    country = state.players[seat].country
    state.control[area] = country
    state.forts[area] = level
    for leader in state.leaders_in(area):
        if state.seat_of(leader.country) != seat:
            leader.area, leader.status = None, "captured"
            events.append(Event(code="kd.leader_fate", data={"leader": leader.name, "roll": 0,
                                                             "outcome": "captured in the city"}))
    events.append(Event(code="kd.city_taken", data={"area": area, "seat": seat,
                                                    "city": state.scenario.area(area).city or ""}))

"""Minor countries (11.0, 10.5): the control roll when invaded, their own setups, conquest,
and their builds."""

from __future__ import annotations

from functools import partial

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.king_david.content import KINDS
from pbem.games.king_david.land.stacks import borders, enemy_present
from pbem.games.king_david.realm.armies import (
    draw,
    draw_setup,
    held_cities,
    near_cities,
    place,
    place_tiers,
    place_wished,
)
from pbem.games.king_david.realm.placing import Wishes
from pbem.games.king_david.state import Army, KDState

# event 18's special modifiers to a control roll, by (country, minor)
SPECIAL = {("judah", "moab"): -1, ("judah", "edom"): -1, ("judah", "ammon"): -2,
           ("judah", "negev"): -2, ("aramea", "ammon"): 1}


def enter_minor(state: KDState, seat: str, area: str, rng: SeededRng,
                events: list[Event]) -> None:
    """Entering a quiet minor's area invades it: the other players roll for its control."""
    key = state.scenario.area(area).country
    minor = state.minors.get(key)
    if minor is None or minor.active or minor.conquered:
        return
    others = [s for s in state.order or sorted(state.players)
              if s != seat and not state.allied(seat, s)]  # it is run against the invader
    if not others:
        return
    winner = control_roll(state, others, key, rng, events)
    minor.active, minor.seat = True, winner
    minor.since = f"{state.turn}-{state.marker}"
    placed = set_up_minor(state, key, winner, rng)
    events.append(Event(code="kd.minor_invaded", data={
        "minor": state.scenario.country(key).name, "invader": seat, "controller": winner,
        "armies": placed}))


def set_up_minor(state: KDState, key: str, seat: str, rng: SeededRng) -> int:
    """Draw a minor's setup and place it in its own areas within stacking, for the seat that
    runs it (11.0, event 18): where its `place` line asks, then the cities first; armies
    without room go back to the pool. The number placed."""
    armies = draw_setup(state, key, state.scenario.country(key).setup, rng)
    tiers = _minor_tiers(state, key, seat)
    wished = state.players[seat].placing.get(key, [])
    rest = place_wished(state, armies, seat, wished, [a for tier in tiers for a in tier])
    left = place_tiers(state, rest, seat, tiers)
    for army in left:
        state.pool[key].append(f"{army.kind}:{army.strength}:{army.steps_max}")
    return len(armies) - len(left)


def intimidation(state: KDState, seat: str, minor: str) -> int:
    """Armies of `seat` in areas next to the minor country (each +1)."""
    inside = {a.id for a in state.scenario.areas if a.country == minor}
    near = {b for a in inside for b, _ in borders(state, a) if b not in inside}
    seats = state.country_seats()
    return sum(1 for a in state.armies
               if a.area in near and (a.raider or seats.get(a.country)) == seat)


def control_roll(state: KDState, seats: list[str], minor: str, rng: SeededRng,
                 events: list[Event]) -> str:
    """11.0: each rolls a D10 plus event 18's modifiers (their standing bribe for this minor,
    their armies next to it, the special modifiers); ties at the top roll again."""
    mods = {}
    for seat in sorted(seats):
        player = state.players[seat]
        bribe = min(5, player.bribes.get(minor, 0), player.resources)
        player.resources -= bribe
        mods[seat] = bribe + intimidation(state, seat, minor) + SPECIAL.get(
            (player.country, minor), 0)
    contenders = sorted(seats)
    while True:
        rolls = {s: rng.die(10, purpose=f"control {minor} {s}") + mods[s] for s in contenders}
        events.append(Event(code="kd.rolls", data={"purpose": f"control of {minor}", "rolls":
                                                   " ".join(f"{s}={r}" for s, r in
                                                            rolls.items())}))
        top = max(rolls.values())
        contenders = [s for s in contenders if rolls[s] == top]
        if len(contenders) == 1:
            return contenders[0]


def roll_off(seats: list[str], rng: SeededRng, purpose: str, events: list[Event]) -> str:
    """Each seat rolls a D10; ties at the top roll again among themselves (11.0, 4.3)."""
    contenders = sorted(seats)
    while True:
        rolls = {s: rng.die(10, purpose=f"{purpose} {s}") for s in contenders}
        events.append(Event(code="kd.rolls", data={"purpose": purpose, "rolls": " ".join(
            f"{s}={r}" for s, r in rolls.items())}))
        top = max(rolls.values())
        contenders = [s for s in contenders if rolls[s] == top]
        if len(contenders) == 1:
            return contenders[0]


def _minor_tiers(state: KDState, key: str, seat: str) -> list[list[str]]:
    """The minor's own areas it holds without counters of its runner's enemies in them (so
    never a besieged city, and a leader alone keeps them out as an army does: 6.1 shows a stack,
    never whether it holds armies): cities first (11.0)."""
    areas = [a for a in state.scenario.areas if a.country == key
             and state.control.get(a.id) == key and not enemy_present(state, a.id, seat)]
    return [[a.id for a in areas if a.city], [a.id for a in areas if not a.city]]


def free_cities(state: KDState, key: str, seat: str) -> list[str]:
    """The minor's cities it still holds and that are not besieged (10.5).

    A city counts as besieged while enemy counters stand in its area, leaders alone too:
    whether a stack there holds armies is hidden (6.1), and the minor's build is public, so
    counting armies only told everyone what the stack was made of."""
    return [c for c in held_cities(state, key) if not enemy_present(state, c, seat)]


def check_conquests(state: KDState, events: list[Event]) -> None:
    """A minor whose cities all belong to one invader is conquered; its armies leave (11.0)."""
    for key, minor in sorted(state.minors.items()):
        cities = [a.id for a in state.scenario.areas if a.country == key and a.city]
        holders = {state.control.get(c, "") for c in cities}
        if minor.conquered or not cities or len(holders) != 1 or holders == {key}:
            continue
        minor.conquered, minor.active, minor.allied = True, False, False
        for army in [a for a in state.armies if a.country == key and a.raider is None]:
            state.armies.remove(army)
            state.pool[key].append(f"{army.kind}:{army.strength}:{army.steps_max}")
        events.append(Event(code="kd.minor_conquered", data={
            "minor": state.scenario.country(key).name, "by": str(sorted(holders)[0])}))


def build_minors(state: KDState, rng: SeededRng, events: list[Event]) -> None:
    """Restore every minor ally's army and add two, while one of its cities holds and is
    not besieged; the new ones go in such a city or next to it, never beside enemies (10.5).
    The player who runs it chooses their kinds and where they go (`build`, `place`)."""
    for key, minor in sorted(state.minors.items()):
        if not minor.active or minor.seat is None:
            continue
        cities = free_cities(state, key, minor.seat)
        if not cities:
            continue
        for army in state.armies:
            if army.country == key:
                army.steps = army.steps_max
        _raise(state, key, minor.seat, cities, rng, events)


def _raise(state: KDState, key: str, seat: str, cities: list[str], rng: SeededRng,
           events: list[Event]) -> None:
    """Draw the two new armies and place them where `seat` asks, else round-robin over the
    free cities and the areas next to them without enemy units; no room: back to the pool."""
    new = _draw_new(state, key, seat, rng, events)
    near = [a for a in near_cities(state, key, cities)  # "enemy units" (10.5)
            if not enemy_present(state, a, seat)]
    wishes = Wishes.read(seat, state.players[seat].placing.get(key, []))
    why = partial(_minor_why, state, key, seat, cities)
    left = place(state, [a for a in new if not wishes.take(state, a, why)], seat,
                 cities + near)
    wishes.tell(events, key)
    for army in left:
        state.pool[key].append(f"{army.kind}:{army.strength}:{army.steps_max}")
    events.append(Event(code="kd.minor_built", data={
        "minor": state.scenario.country(key).name, "armies": len(new) - len(left)}))


def _draw_new(state: KDState, key: str, seat: str, rng: SeededRng,
              events: list[Event]) -> list[Army]:
    """The two new armies, of the kinds the runner's build line names (one kind named: two of
    it; `none`: no new army), else the first two kinds of the minor's setup; a kind with no
    counter left gives way to that default, and the runner is told."""
    kinds = [k for k in KINDS if state.scenario.country(key).setup.get(k)]
    default = (kinds * 2)[:2]
    named = state.players[seat].build.minors.get(key)
    chosen = default if named is None else (named * 2)[:2]
    new = []
    for wanted, fallback in zip(chosen, default, strict=False):
        army = draw(state, key, wanted, rng)
        if army is None and wanted != fallback:
            events.append(Event(code="kd.kind_missed", data={
                "seat": seat, "minor": key, "kind": wanted, "instead": fallback},
                visible_to=[seat]))
            army = draw(state, key, fallback, rng)
        if army is not None:
            new.append(army)
    return new


def _minor_why(state: KDState, key: str, seat: str, cities: list[str],
               area: str) -> str | None:
    """Why none of a minor's new armies may go to `area` (10.5), or None: only a city of it
    that holds and is not besieged, or an area of it next to one, without enemy units."""
    if enemy_present(state, area, seat):
        return "enemy"
    return None if area in cities + near_cities(state, key, cities) else "far"

"""What the rules hide from one seat, drawn afresh (the indistinguishability check, issue 24).

A seat sees its own stacks in full and every other stack as its number of counters (6.1: no
one examines another's stack until combat); the face-up phase markers but not the face-down
ones or what is left in the phase cup (4.4, 5.3); its own Event Markers and only how many
the others hold; nothing of the event cup but its size. `resample_hidden` keeps all of that
and draws the rest again:

* other sides' armies exchange their counters (kind, strength, steps) within each country's
  stacks, so every stack keeps its number of armies and every country its counter mix (what
  maintenance and builds charge, on the public Food/Resource Track, stays the same);
* other sides' leaders exchange places with each other or with an army of their country in
  another stack, where stacking still holds and an army could have stood unseen (each stack
  keeps its number of counters), so David may stand in any of Judah's stacks;
* the other players' Event Markers and the event cup are dealt again (each keeps its count);
* the face-down phase markers and the rest of the phase cup are mixed and laid again
  (on turn one, still no second Build on the track);
* whether the other players' standing instructions cover a retreat or siege question is
  changed where the answer stays the same (a catch-all `stand` or `no`, the defaults, added
  or dropped), so a question asked or not must not show it.

Stacks in or next to a battle being fought or about to be, and any stack in an area where
the seat's own counters stand, stay as they are: the battle and its retreats show them.
"""

from __future__ import annotations

from collections import Counter

from pbem.core.copying import deep_copy
from pbem.core.reactions import StandingReaction
from pbem.core.rng import SeededRng
from pbem.games.king_david.content import STACK_LIMIT
from pbem.games.king_david.land.stacks import borders
from pbem.games.king_david.phases import cup_for
from pbem.games.king_david.state import Army, KDState
from pbem.games.king_david.windows import RETREAT, SIEGE


def resample_hidden(state: KDState, seat: str, rng: SeededRng,
                    keep: frozenset[str] = frozenset()) -> KDState:
    """A state equal to `state` in all `seat` may know, with what is hidden drawn afresh;
    stacks in the areas `keep` names stay as they are (a test's choice)."""
    twin = deep_copy(state)
    kept = _in_sight(twin, seat) | keep
    _armies(twin, seat, kept, rng)
    _leaders(twin, seat, kept, rng)
    _leaders_for_armies(twin, seat, kept, rng)
    _hands(twin, seat, rng)
    _markers(twin, rng)
    _coverage(twin, seat, rng)
    return twin


def _in_sight(state: KDState, seat: str) -> set[str]:
    """Areas whose stacks stay as they are: a battle being fought or about to be (the action
    being resolved has reached them) and the areas next to it (its retreat choices tell
    where no enemy armies stand), wherever the seat's own counters stand, and the areas its
    open question offers to retreat to."""
    fights = {task.area for task in state.agenda if task.kind == "combat"}
    if state.battle is not None:
        fights.add(state.battle.area)
    found = fights | {b for area in fights for b, _ in borders(state, area)}  # retreats
    found |= state.army_areas(seat)
    seats = state.country_seats()
    found |= {ld.area or "" for ld in state.leaders if seats.get(ld.country) == seat}
    if state.window is not None and state.window.seat == seat:  # its retreat choices
        found |= {c.key.split()[-1] for c in state.window.choices}
    return found


def _armies(state: KDState, seat: str, seen: set[str], rng: SeededRng) -> None:
    """Exchange counters among a side's armies of one country (raiders among their raid)."""
    groups: dict[tuple[str, str, str, int], list[Army]] = {}
    seats = state.country_seats()
    for army in state.armies:
        side = army.raider or seats.get(army.country) or army.country
        if side == seat or army.area in seen:
            continue
        key = (side, army.country, army.raider or "", army.raid)
        groups.setdefault(key, []).append(army)
    for key, armies in sorted(groups.items()):
        faces = [(a.kind, a.strength, a.steps_max, a.steps) for a in armies]
        dealt = rng.shuffled(faces, purpose=f"hidden armies {'/'.join(map(str, key))}")
        for army, (kind, strength, steps_max, steps) in zip(armies, dealt, strict=True):
            army.kind, army.strength, army.steps_max, army.steps = kind, strength, steps_max, steps


def _leaders(state: KDState, seat: str, seen: set[str], rng: SeededRng) -> None:
    """Leaders of a country other than the seat's change places where stacking holds."""
    countries = sorted({ld.country for ld in state.leaders})
    for country in countries:
        side = state.seat_of(country) or country
        if side == seat:
            continue
        mine = [ld for ld in state.leaders if ld.country == country and ld.status == "map"
                and ld.area and ld.area not in seen]
        places = [ld.area for ld in mine]
        for _ in range(4):
            dealt = rng.shuffled(places, purpose=f"hidden leaders {country}")
            before = [ld.area for ld in mine]
            for leader, area in zip(mine, dealt, strict=True):
                leader.area = area
            if all(_stack_holds(state, area, side) for area in set(places)):
                break
            for leader, area in zip(mine, before, strict=True):
                leader.area = area


def _leaders_for_armies(state: KDState, seat: str, seen: set[str], rng: SeededRng) -> None:
    """Each leader of another side may change places with an army of its country elsewhere."""
    for leader in [ld for ld in state.leaders if ld.status == "map" and ld.area]:
        side = state.seat_of(leader.country) or leader.country
        if side == seat or leader.area in seen:
            continue
        armies = [a for a in state.armies if a.country == leader.country and not a.raider
                  and (state.side_of(a) or a.country) == side and a.area != leader.area
                  and a.area not in seen]
        here = leader.area or ""
        if (not armies or not _army_may_stand(state, here, leader.country)
                or rng.die(3, purpose=f"hidden leader {leader.name} moves") == 1):
            continue
        army = rng.choice(armies, purpose=f"hidden leader {leader.name} with")
        there = army.area
        leader.area, army.area = there, here
        if not (_stack_holds(state, here, side) and _stack_holds(state, there, side)):
            leader.area, army.area = here, there


def _army_may_stand(state: KDState, area: str, country: str) -> bool:
    """Whether an army of `country` could stand in `area` unseen: its country controls the
    area already, or it is a city held by another (6.2.6: armies alone there take control of
    an open area, which everyone would have seen)."""
    return state.control.get(area) == country or bool(state.scenario.area(area).city)


def _stack_holds(state: KDState, area: str | None, side: str) -> bool:
    """The side's armies in `area` within 6.1's limit with the leaders now there (allies
    count together, as stacking does)."""
    if area is None:
        return True
    friends = [a for a in state.armies_in(area)
               if (state.side_of(a) or a.country) == side or state.allied(side, state.side_of(a))]
    ratings = [ld.rating for ld in state.leaders_in(area)
               if (state.seat_of(ld.country) or ld.country) == side
               or state.allied(side, state.seat_of(ld.country))]
    return len(friends) <= STACK_LIMIT + max(ratings, default=0)


def _hands(state: KDState, seat: str, rng: SeededRng) -> None:
    """The other players' Event Markers and the event cup dealt again, counts kept."""
    others = [s for s in sorted(state.players) if s != seat]
    unseen = [m for s in others for m in state.players[s].events] + list(state.cup)
    dealt = rng.shuffled(unseen, purpose="hidden event markers")
    for other in others:
        count = len(state.players[other].events)
        state.players[other].events, dealt = dealt[:count], dealt[count:]
    state.cup = dealt


def _markers(state: KDState, rng: SeededRng) -> None:
    """The face-down phase markers and what is left in the phase cup, mixed and laid again."""
    if not state.markers:
        return
    shown = state.markers[:state.revealed]
    left = Counter(cup_for(state)) - Counter(state.markers)
    unseen = rng.shuffled(state.markers[state.revealed:] + sorted(left.elements()),
                          purpose="hidden phase markers")
    track = list(shown)
    while len(track) < len(state.markers) and unseen:
        picked = next((m for m in unseen if not _second_build(state, track, m)), None)
        if picked is None:
            break
        unseen.remove(picked)
        track.append(picked)
    if len(track) == len(state.markers):
        state.markers = track


def _coverage(state: KDState, seat: str, rng: SeededRng) -> None:
    """Whether another player's standing instructions cover a retreat or a siege question
    without changing a single answer: a last `on retreat do stand` or `on siege do no`
    (what the default answers anyway) added or taken away."""
    for other in [s for s in sorted(state.players) if s != seat]:
        standing = state.players[other].standing
        for rule in (StandingReaction(trigger=RETREAT, answer="stand"),
                     StandingReaction(trigger=SIEGE, answer="no")):
            if rng.die(2, purpose=f"hidden coverage {other} {rule.trigger}") == 1:
                continue
            if standing and standing[-1] == rule:
                standing.pop()
            elif not any(r.trigger == rule.trigger and not r.when for r in standing):
                standing.append(rule)


def _second_build(state: KDState, track: list[str], marker: str) -> bool:
    return state.turn == 1 and marker == "build" and "build" in track

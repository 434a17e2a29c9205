"""Event Markers played outside combat: Alliance with a minor country in the Event Phase
(event 18), Hand of Fate on the phase track as a turn begins (event 27), Royal Death as an
Action Phase begins (event 25), and Vacillating Force and the raids before a player moves
(events 3, 8-13)."""

from __future__ import annotations

from collections import Counter

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.king_david.events.play import play, plays_of
from pbem.games.king_david.events.raids import raids
from pbem.games.king_david.land.stacks import own_armies
from pbem.games.king_david.phases import cup_for
from pbem.games.king_david.realm.minors import SPECIAL, intimidation, set_up_minor
from pbem.games.king_david.state import KDState

ALLY_AT = 10


def alliances(state: KDState, rng: SeededRng, events: list[Event]) -> None:
    """Each player in order plays their standing Alliance lines on quiet minor countries."""
    for seat in state.order:
        for target in plays_of(state, seat, "alliance"):
            minor = state.minors.get(target[0]) if target else None
            if minor is None or minor.active or minor.conquered:
                continue
            bribe = min(5, int(target[1]) if len(target) > 1 else 0,
                        state.players[seat].resources)
            if not play(state, seat, "alliance", target[0], events):
                continue
            state.players[seat].resources -= bribe
            _try_alliance(state, seat, target[0], bribe, rng, events)


def _try_alliance(state: KDState, seat: str, minor: str, bribe: int, rng: SeededRng,
                  events: list[Event]) -> None:
    country = state.players[seat].country
    mods = bribe + intimidation(state, seat, minor) + SPECIAL.get((country, minor), 0)
    others = [other for other in state.order if other != seat]
    spent = _opposition(state, others, minor, events)
    against = sum(intimidation(state, other, minor) for other in others) + sum(spent.values())
    roll = rng.die(10, purpose=f"alliance {minor}")
    made = roll + mods - against >= ALLY_AT
    events.append(Event(code="kd.alliance_roll", data={
        "seat": seat, "minor": minor, "roll": roll, "modifier": mods - against,
        "opposed": against, "spent": " ".join(f"{s}={n}" for s, n in spent.items()),
        "result": "allied" if made else "failed"}))
    if not made:
        return
    entry = state.minors[minor]
    entry.active, entry.seat, entry.allied = True, seat, True
    set_up_minor(state, minor, seat, rng)


def _opposition(state: KDState, others: list[str], minor: str,
                events: list[Event]) -> dict[str, int]:
    """The resources each opposing player's `oppose` line spends against the roll, up to
    what they hold (event 18: 1-5, each -1); one who holds less is told, alone."""
    spent = {}
    for other in others:
        player = state.players[other]
        wanted = player.opposing.get(minor, 0)
        paid = min(wanted, player.resources)
        player.resources -= paid
        if paid:
            spent[other] = paid
        if paid < wanted:
            events.append(Event(code="kd.oppose_short", data={
                "seat": other, "minor": minor, "wanted": wanted, "spent": paid},
                visible_to=[other]))
    return spent


def hand_of_fate(state: KDState, rng: SeededRng, events: list[Event]) -> None:
    """Draw two new markers from the phase cup onto the boxes the player named (event 27)."""
    for seat in state.order:
        for target in plays_of(state, seat, "hand-of-fate"):
            boxes = [int(b) - 1 for b in (target[0].split("+") if target else ["11", "12"])]
            boxes = [b for b in boxes if state.marker < b < len(state.markers)][:2]
            if not boxes or not play(state, seat, "hand-of-fate", "+".join(
                    str(b + 1) for b in boxes), events):
                continue
            for box, marker in zip(boxes, new_markers(state, boxes, rng), strict=False):
                state.markers[box] = marker
            events.append(Event(code="kd.track_changed", data={"seat": seat, "boxes": " ".join(
                str(b + 1) for b in boxes)}))


def new_markers(state: KDState, boxes: list[int], rng: SeededRng) -> list[str]:
    """Markers drawn from what the turn's draw left in the cup, one for each box; on turn
    one a second Build is set aside and another drawn, as in 4.4."""
    pool = sorted((Counter(cup_for(state)) - Counter(state.markers)).elements())
    kept = [m for i, m in enumerate(state.markers) if i not in boxes]
    drawn: list[str] = []
    while pool and len(drawn) < len(boxes):
        picked = rng.choice(pool, purpose="hand of fate")
        pool.remove(picked)
        if not (state.turn == 1 and picked == "build" and "build" in kept + drawn):
            drawn.append(picked)
    return drawn


def action_start(state: KDState, seat: str, rng: SeededRng, events: list[Event]) -> None:
    """Before a player moves: other players' Vacillating Force on that country's largest
    stack (event 3), then the player's own raids (events 8-13). Under Royal Death (event 25)
    neither is played: the action can move and attack nothing, so the markers are kept."""
    country = state.players[seat].country
    if country in state.halted:
        return
    for other in state.order:
        if other == seat:
            continue
        for target in plays_of(state, other, "vacillating-force"):
            area = _wavering(state, seat, target[1:]) if target[:1] == [country] else None
            if area and play(state, other, "vacillating-force", area, events):
                state.frozen.append(area)
    raids(state, seat, rng, events)


def _wavering(state: KDState, seat: str, named: list[str]) -> str | None:
    """Where Vacillating Force goes (event 3): the first area named where the acting country
    has counters (all its player sees of them), else its largest stack of armies."""
    country = state.players[seat].country
    seen = {a.area for a in state.armies if a.country == country}
    found = next((area for area in named if area in seen or any(
        ld.country == country for ld in state.leaders_in(area))), None)
    stacks = sorted(seen, key=lambda a: (-len(own_armies(state, a, seat)), a))
    return found or (stacks[0] if stacks else None)


def royal_death(state: KDState, events: list[Event]) -> None:
    """At the start of an Action Phase: the named country may not move or attack (event 25)."""
    for seat in state.order:
        for target in plays_of(state, seat, "royal-death"):
            if target and target[0] not in state.halted and play(
                    state, seat, "royal-death", target[0], events):
                state.halted.append(target[0])

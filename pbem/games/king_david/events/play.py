"""Event Markers (7.0): the Event Phase draw, and markers played by standing instructions
('play surprise', 'play increase-harvest judah') when their section comes. Every played
marker may be negated by God's Intervention, which may itself be negated (event 26)."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.games.king_david.events.table import kind_of
from pbem.games.king_david.state import KDState

SHIFTS = {
    "harvest": ("increase-harvest", "decrease-harvest"),
    "resource": ("increase-resources", "decrease-resources"),
}
GOD = "gods-intervention"


def event_phase(state: KDState, events: list[Event]) -> None:
    """Each player in initiative order draws one marker from the cup, unseen by the others."""
    for seat in state.order:
        if not state.cup:
            events.append(Event(code="kd.cup_empty", data={"seat": seat}))
            continue
        marker, state.cup = state.cup[0], state.cup[1:]
        state.players[seat].events.append(marker)
        events.append(Event(code="kd.event_drawn", data={"seat": seat}))
        events.append(Event(code="kd.event_drawn_own", data={"name": kind_of(marker).name},
                            visible_to=[seat]))


def plays_of(state: KDState, seat: str, key: str) -> list[list[str]]:
    """The seat's standing play lines for event `key` it can play now (it holds a marker)."""
    player = state.players.get(seat)
    if player is None or not any(kind_of(m).key == key for m in player.events):
        return []
    return [line.split()[1:] for line in player.event_plays if line.split()[0] == key]


def take_marker(state: KDState, seat: str, key: str) -> str | None:
    """Remove a held marker of kind `key` from the seat's hand and discard it, or None."""
    player = state.players[seat]
    held = next((m for m in player.events if kind_of(m).key == key), None)
    if held is not None:
        player.events.remove(held)
        state.used_events.append(held)
    return held


def play(state: KDState, seat: str, key: str, target: str, events: list[Event]) -> bool:
    """Play one marker (it is revealed and spent); True unless God's Intervention negates it."""
    if take_marker(state, seat, key) is None:
        return False
    events.append(Event(code="kd.event_played", data={
        "seat": seat, "name": kind_of(key + ".1").name, "target": target or "-"}))
    return not _negated(state, seat, key, events)


def _negated(state: KDState, seat: str, key: str, events: list[Event]) -> bool:
    """Players holding God's Intervention with an instruction naming this kind (or 'any')
    negate it; a negation may itself be negated, and so on (the Q&A on event 26)."""
    negated, current, player = False, key, seat
    while True:
        other = next((s for s in state.order if s != player and any(
            t in ([current], ["any"]) for t in plays_of(state, s, GOD))), None)
        if other is None or take_marker(state, other, GOD) is None:
            return negated
        negated = not negated
        events.append(Event(code="kd.event_negated", data={
            "seat": other, "name": kind_of(current + ".1").name}))
        current, player = GOD, other


def production_shifts(state: KDState, phase: str, events: list[Event]) -> dict[str, int]:
    """Play standing Increase/Decrease markers; the majority per country shifts each area by
    one (the Q&A on events 14-17)."""
    up, down = SHIFTS[phase]
    tally: dict[str, int] = {}
    for seat in state.order:
        for key in (up, down):
            for target in plays_of(state, seat, key):
                if target and play(state, seat, key, target[0], events):
                    tally[target[0]] = tally.get(target[0], 0) + (1 if key == up else -1)
    return {c: (1 if n > 0 else -1) for c, n in sorted(tally.items()) if n}

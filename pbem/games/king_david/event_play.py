"""Event Markers (7.0): the Event Phase draw, and markers played by standing instructions
('play increase-harvest judah') when their phase comes; opposing markers cancel one for one."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.games.king_david.event_table import kind_of
from pbem.games.king_david.state import KDState

SHIFTS = {
    "harvest": ("increase-harvest", "decrease-harvest"),
    "resource": ("increase-resources", "decrease-resources"),
}


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


def take_marker(state: KDState, seat: str, key: str) -> str | None:
    """Remove a held marker of kind `key` from the seat's hand and discard it, or None."""
    player = state.players[seat]
    held = next((m for m in player.events if kind_of(m).key == key), None)
    if held is not None:
        player.events.remove(held)
        state.used_events.append(held)
    return held


def production_shifts(state: KDState, phase: str, events: list[Event]) -> dict[str, int]:
    """Play standing Increase/Decrease markers; the majority per country shifts each area by
    one (the Q&A on events 14-17)."""
    up, down = SHIFTS[phase]
    tally: dict[str, int] = {}
    for seat in state.order:
        for line in list(state.players[seat].event_plays):
            words = line.split()
            if len(words) != 2 or words[0] not in (up, down):
                continue
            if take_marker(state, seat, words[0]) is None:
                continue
            tally[words[1]] = tally.get(words[1], 0) + (1 if words[0] == up else -1)
            events.append(Event(code="kd.event_played", data={
                "seat": seat, "name": kind_of(words[0] + ".1").name, "target": words[1]}))
    return {c: (1 if n > 0 else -1) for c, n in sorted(tally.items()) if n}

"""Winter steps A and D: recall armies, then redetermine player order and deploy."""

from __future__ import annotations

from itertools import zip_longest

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.mighty_kingdoms.state import DEPLOY_LIMIT, SETTLEMENT_RANK, MKState, natural_key
from pbem.games.mighty_kingdoms.winter.checks import army_problem, settlement_problem
from pbem.games.mighty_kingdoms.winter.losses import remove_army
from pbem.games.mighty_kingdoms.winter.spend import skipped
from pbem.games.mighty_kingdoms.winter.text import deploy_line
from pbem.games.mighty_kingdoms.winter_inputs import Deployment


def recall_tile(state: MKState, seat: str, preference: str | None) -> str | None:
    """The capital; else a city, else a village (preference, else lowest id); else None."""
    owned = state.controlled(seat)
    capitals = [t for t in owned if state.settlement_kind(t) == "capital"]
    if capitals:
        return capitals[0]
    for kind in ("city", "village"):
        found = [t for t in owned if state.tiles[t].settlement == kind]
        if preference and preference.upper() in found:
            return preference.upper()
        if found:
            return found[0]
    return None


def recall(state: MKState, seat: str, preference: str | None) -> Event:
    """Bring every army of a seat home, or destroy them all if there is no home."""
    armies = state.armies_of(seat)
    home = recall_tile(state, seat, preference)
    for army in armies:
        if home is None:
            remove_army(state, army)
        else:
            army.tile = home
    data = {"seat": seat, "tile": home, "armies": [a.id for a in armies],
            "destroyed": home is None and bool(armies)}
    return Event(code="mk.winter.recall", data=data)


def new_player_order(state: MKState, rng: SeededRng) -> tuple[list[str], Event]:
    """Army count descending; ties broken by the seeded RNG."""
    previous = state.player_order or [s.id for s in state.seats]
    counts = {seat: len(state.armies_of(seat)) for seat in previous}
    order: list[str] = []
    for count in sorted(set(counts.values()), reverse=True):
        tied = [seat for seat in previous if counts[seat] == count]
        order.extend(rng.shuffled(tied, f"winter.order.{count}") if len(tied) > 1 else tied)
    return order, Event(code="mk.winter.order", data={"order": order, "armies": counts})


FORTRESS_FIRST = {"fortress": 0, "capital": 1, "city": 2, "village": 3}


def default_targets(state: MKState, seat: str) -> list[str]:
    """Settlement tiles in default fill order: capital, fortresses, cities, villages, by id.

    With the `deploy_default` setting `fortress`, fortresses come before the capital.
    """
    ranks = FORTRESS_FIRST if state.settings.deploy_default == "fortress" else SETTLEMENT_RANK
    tiles = [t for t in state.controlled(seat) if state.tiles[t].settlement]
    return sorted(tiles, key=lambda t: (ranks[state.settlement_kind(t) or ""], natural_key(t)))


def room_for(state: MKState, seat: str) -> dict[str, int]:
    """How many armies each of the seat's settlements may take."""
    return {t: DEPLOY_LIMIT[state.settlement_kind(t) or ""] for t in default_targets(state, seat)}


def plan_deployment(state: MKState, seat: str, plan: list[Deployment]) -> list[Event]:
    """Place one seat's armies: its plan first, then the default fill; destroy what has no room."""
    room = room_for(state, seat)
    placed: list[str] = []
    events: list[Event] = []
    for entry in plan:
        reason = _deploy_problem(state, seat, entry, placed, room)
        if reason:
            events.append(skipped(seat, "deploy", deploy_line(entry), reason))
            continue
        events.append(_place(state, entry.army, entry.tile.upper(), room, placed, "plan"))
    for army in state.armies_of(seat):
        if army.id not in placed:
            events.append(_place_default(state, army.id, room, placed))
    return events


def _deploy_problem(state: MKState, seat: str, entry: Deployment, placed: list[str],
                    room: dict[str, int]) -> str | None:
    reason = army_problem(state, seat, entry.army) or settlement_problem(state, seat, entry.tile)
    if reason:
        return reason
    if entry.army in placed:
        return "mk.E_DUPLICATE_DEPLOY"
    return None if room[entry.tile.upper()] > 0 else "mk.E_DEPLOY_FULL"


def _place(state: MKState, army_id: str, tile: str, room: dict[str, int], placed: list[str],
           how: str) -> Event:
    army = state.armies[army_id]
    army.tile = tile
    army.lying = False
    room[tile] -= 1
    placed.append(army_id)
    return Event(code="mk.winter.deploy", data={"seat": army.owner, "army": army_id,
                                                "tile": tile, "by": how})


def _place_default(state: MKState, army_id: str, room: dict[str, int], placed: list[str]) -> Event:
    free = next((t for t, left in room.items() if left > 0), None)
    if state.settings.deploy_default == "spread":  # the emptiest settlement first, in order
        here = {t: sum(1 for a in placed if state.armies[a].tile == t) for t in room}
        free = min((t for t, left in room.items() if left > 0), key=lambda t: here[t],
                   default=None)
    if free is not None:
        return _place(state, army_id, free, room, placed, "default")
    army = state.armies[army_id]
    remove_army(state, army)
    return Event(code="mk.winter.destroyed", data={"seat": army.owner, "army": army_id,
                                                   "reason": "no_room"})


def deploy_all(state: MKState, order: list[str], plans: dict[str, list[Deployment]]) -> list[Event]:
    """Deploy every kingdom; events interleave one army per player in the new player order."""
    for army in state.armies.values():
        army.tile = None  # the staging area
    per_seat = [plan_deployment(state, seat, plans.get(seat, [])) for seat in order]
    return [e for turn in zip_longest(*per_seat) for e in turn if e is not None]

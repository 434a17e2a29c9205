"""What one viewer may see: the one place Mighty Kingdoms decides secrecy."""

from __future__ import annotations

from typing import Any

from pbem.core.game import REFEREE, Event
from pbem.games.mighty_kingdoms.phases import due_now, phase_info
from pbem.games.mighty_kingdoms.planning import plan_for
from pbem.games.mighty_kingdoms.stage_orders import canonical_text, default_for
from pbem.games.mighty_kingdoms.state import Army, MKState, natural_key
from pbem.games.mighty_kingdoms.view_board import board_picture


def build_view(state: MKState, viewer: str | None, events: list[Event]) -> dict[str, Any]:
    """The JSON-ready view of `state` for `viewer` (None: the public; REFEREE: everything)."""
    return {
        "game": "mighty-kingdoms",
        "viewer": viewer,
        "phase": phase_info(state).model_dump(),
        "events": [e.model_dump() for e in events if e.seen_by(viewer)],
        "kingdoms": kingdoms(state),
        "position": position(state, viewer),
        "armies": [army_public(state, a, viewer) for a in _board_armies(state)],
        "board": board_picture(state, viewer, events).model_dump(),
        "due": due_now(state).model_dump(),
        "template": template(state, viewer),
        "plan": plan_for(state, viewer),
    }


def kingdoms(state: MKState) -> list[dict[str, Any]]:
    """Public facts about every kingdom, in seat order."""
    return [
        {
            "seat": seat.id,
            "name": state.kingdoms[seat.id].name,
            "race": state.kingdoms[seat.id].race,
            "tiles": len(state.controlled(seat.id)),
            "settlements": sum(1 for t in state.controlled(seat.id) if state.tiles[t].settlement),
            "armies": len(state.armies_of(seat.id)),
        }
        for seat in state.seats
    ]


def _board_armies(state: MKState) -> list[Army]:
    return sorted((a for a in state.armies.values() if a.tile), key=lambda a: natural_key(a.id))


def army_public(state: MKState, army: Army, viewer: str | None) -> dict[str, Any]:
    """An army as `viewer` sees it: points and list only if theirs or revealed by a battle."""
    shown: dict[str, Any] = {"id": army.id, "owner": army.owner, "tile": army.tile,
                             "lying": army.lying}
    if viewer in (REFEREE, army.owner) or army.list_revealed:
        shown["points"] = army.points
        if state.settings.battle_mode == "kow":
            shown["units"] = _units(army, viewer in (REFEREE, army.owner))
    return shown


def _units(army: Army, own: bool) -> list[dict[str, Any]]:
    """The list; artefacts are allocated in secret, so only the owner sees them between battles."""
    return [{"number": n, "name": u.name, "strength": u.current, "listed": u.strength,
             "points": u.points, "type": u.kind, "hero": u.hero, "item": u.item,
             **({"artefact": u.artefact} if own else {})}
            for n, u in enumerate(army.units, start=1)]


def position(state: MKState, viewer: str | None) -> dict[str, Any] | None:
    """The viewer's own kingdom in full (None for the public and the referee)."""
    if viewer is None or viewer not in state.kingdoms:
        return None
    kingdom = state.kingdoms[viewer]
    tiles = state.controlled(viewer)
    return {
        "seat": viewer,
        "race": kingdom.race,
        "gold": kingdom.gold,
        "food": kingdom.food,
        "tiles": tiles,
        "settlements": {t: state.settlement_kind(t) for t in tiles if state.tiles[t].settlement},
        "armies": [_own_army(state, a) for a in state.armies_of(viewer)],
        "artefacts_held": list(kingdom.artefacts_held),
    }


def _own_army(state: MKState, army: Army) -> dict[str, Any]:
    shown: dict[str, Any] = {"id": army.id, "tile": army.tile, "points": army.points,
                             "lying": army.lying, "status": "lying" if army.lying else "upright",
                             "allied": army.allied}
    if state.settings.battle_mode == "kow":
        shown["units"] = _units(army, own=True)
    return shown


def template(state: MKState, viewer: str | None) -> str:
    """The viewer's default input in canonical text, or '' when nothing is owed."""
    due = due_now(state)
    owes = viewer in due.players or (viewer == REFEREE and due.referee)
    if viewer is None or not owes:
        return ""
    return canonical_text(state, viewer, default_for(state, viewer))

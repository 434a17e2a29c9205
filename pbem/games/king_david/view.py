"""What each viewer may see; the only place secrecy is decided.

Others' stacks are their number of counters only, armies and leaders alike (6.1; their armies
are shown in full only inside a battle's own events, to the two sides); face-down phase
markers, the event cup and other players' event markers never enter a player's or the public
view."""

from __future__ import annotations

from typing import Any

from pbem.core.game import REFEREE, Event
from pbem.core.reactions import choices_text
from pbem.games.king_david.dropping import default_input
from pbem.games.king_david.events.table import kind_of
from pbem.games.king_david.land.stacks import home_bound, strength
from pbem.games.king_david.orders import build_text, canonical_orders, plan_lines, standing_text
from pbem.games.king_david.progress import due, phase
from pbem.games.king_david.realm.victory import points
from pbem.games.king_david.state import Army, KDState
from pbem.games.king_david.template import template_text
from pbem.games.king_david.view_board import board_picture, board_text, land_text
from pbem.games.king_david.view_events import named_events


def view_for(state: KDState, viewer: str | None, events: list[Event]) -> dict[str, Any]:
    """The board for all; the viewer's stacks, markers and question only for them."""
    template = ""
    if viewer is not None and viewer in due(state).players:
        template = template_text(state, viewer, canonical_orders(default_input(state, viewer)))
    view = build_view(state, viewer, events, phase(state).model_dump(), template)
    return {**view, "due": due(state).model_dump()}  # the window never: see Due


def build_view(state: KDState, viewer: str | None, events: list[Event],
               phase: dict[str, Any], template: str) -> dict[str, Any]:
    """The JSON-ready view for `viewer` (a seat, None for the public, or the referee)."""
    shown = [e.model_dump(mode="json") for e in events
             if e.seen_by(viewer)]
    view: dict[str, Any] = {
        "game": "king-david", "viewer": viewer, "phase": phase, "events": shown,
        "kingdoms": [{"seat": s.id, "name": _name(state, s.id, s.name)} for s in state.seats],
        "public": public(state),
        "board_text": board_text(state, viewer),
        "land": land_text(state) if template else [],  # for writing orders: asked reports only
        "board": board_picture(state, viewer, shown).model_dump(mode="json"),
        "template": template,
    }
    view["events"] = named_events(state, shown)  # after the map, which reads the recorded keys
    if viewer in state.players:
        view.update(_private(state, viewer or ""))
    if viewer == REFEREE:
        view["markers_all"] = list(state.markers)
        view["cup"] = [kind_of(m).name for m in state.cup]
        view["hands"] = {s: [kind_of(m).name for m in p.events]
                         for s, p in sorted(state.players.items())}
        view["armies_all"] = [a.model_dump(mode="json") for a in state.armies]
    return view


def _name(state: KDState, seat: str, name: str) -> str:
    country = state.players[seat].country
    return f"{name} ({state.scenario.country(country).name})" if country else name


def public(state: KDState) -> dict[str, Any]:
    """What everyone sees: the track (hidden markers as '?'), stores, control and stack counts."""
    track = [m if i < state.revealed else "?" for i, m in enumerate(state.markers)]
    return {
        "turn": state.turn, "turns": state.turns, "stage": state.stage,
        "track": track, "box": state.marker + 1, "order": list(state.order),
        "players": [{"seat": s, "country": p.country, "food": p.food,
                     "resources": p.resources, "events": len(p.events),
                     "points": points(state, s) if p.country else 0}
                    for s, p in sorted(state.players.items())],
        "control": dict(sorted(state.control.items())),
        "forts": dict(sorted(state.forts.items())),
        "stacks": stack_counts(state),
        "leaders": [{"name": ld.name, "status": ld.status} for ld in state.leaders],
        "minors": [{"key": m.key, "controller": m.seat, "active": m.active,
                    "conquered": m.conquered} for m in state.minors.values()],
        "events_played": [kind_of(m).name for m in state.used_events[-12:]],
        "cup_left": len(state.cup),
        "result": state.result, "note": state.note,
    }


def stack_counts(state: KDState) -> list[dict[str, Any]]:
    """Per area and side: how many counters stand there (armies and leaders alike), nothing
    more: which of them is a leader, David's stack among them, is hidden (6.1)."""
    counts: dict[tuple[str, str], int] = {}
    seats = state.country_seats()
    for army in state.armies:
        key = (army.area, army.raider or seats.get(army.country) or army.country)
        counts[key] = counts.get(key, 0) + 1
    for leader in state.leaders:
        if leader.status == "map" and leader.area:
            key = (leader.area, seats.get(leader.country) or leader.country)
            counts[key] = counts.get(key, 0) + 1
    return [{"area": a, "side": s, "counters": n} for (a, s), n in sorted(counts.items())]


def _note(state: KDState, army: Army, own: str) -> str:
    """What sets an army the seat runs apart from its own country's: a raider, or a minor's."""
    if army.country == own:
        return ""
    name = state.scenario.country(army.country).name
    if army.raider:
        return f"{name} raider, {army.raid} Action Phase(s) left"
    if home_bound(state, army):
        return f"{name}'s, stays in {name}"
    return f"{name}'s, your ally"


def _private(state: KDState, seat: str) -> dict[str, Any]:
    player = state.players[seat]
    seats = state.country_seats()
    found: dict[str, Any] = {
        "country": player.country,
        "seat_role": state.scenario.country(player.country).name if player.country else "",
        "my_armies": [{"id": a.id, "area": a.area, "kind": a.kind, "country": a.country,
                    "strength": strength(state, a), "steps": a.steps,
                    "steps_max": a.steps_max, "note": _note(state, a, player.country)}
                   for a in state.armies if (a.raider or seats.get(a.country)) == seat],
        "my_leaders": [ld.model_dump(mode="json") for ld in state.leaders
                       if seats.get(ld.country) == seat],
        "hand": [{"id": m, "name": kind_of(m).name, "key": kind_of(m).key}
                 for m in player.events],
        "standing": [standing_text(r) for r in player.standing],
        "losses": {"battle": list(player.losses_battle), "siege": list(player.losses_siege)},
        "build_plan": build_text(player.build),
        "plays": list(player.event_plays),
        "choices": {"unpaid": list(player.unpaid), "initiative": player.initiative,
                    "placing": [f"{who} {' '.join(wishes)}"
                                for who, wishes in sorted(player.placing.items())],
                    "minor_kinds": [f"{key}={'+'.join(kinds) or 'none'}"
                                    for key, kinds in sorted(player.build.minors.items())],
                    "opposing": [f"{key} {n}" for key, n in sorted(player.opposing.items())]},
    }
    if player.plans:  # the orders sent ahead for the next actions, one line each
        found["plans"] = ["; ".join(plan_lines(p)[1:]) for p in player.plans]
    window = state.window
    if window is not None and window.seat == seat:
        found["question"] = {"id": window.id, "trigger": window.trigger, "facts": window.facts,
                             "choices": choices_text(window), "default": window.default}
    return found

"""What each viewer may see: the shared board, their own hand (every hand when face up),
and their own open question. Nothing else builds reports."""

from __future__ import annotations

from typing import Any

from pbem.core.game import REFEREE, Event
from pbem.core.reactions import PASS, Window, choices_text
from pbem.games.kings_of_israel.bots import template_text
from pbem.games.kings_of_israel.cards.decks import kind
from pbem.games.kings_of_israel.cards.hands import MOST, default_kind
from pbem.games.kings_of_israel.cards.hands import TRIGGER as DISCARD
from pbem.games.kings_of_israel.content import DESTRUCTION_SUPPLY
from pbem.games.kings_of_israel.drop import default_input
from pbem.games.kings_of_israel.flow import owing
from pbem.games.kings_of_israel.order_text import act_line, canonical_orders, standing_line
from pbem.games.kings_of_israel.progress import due, phase
from pbem.games.kings_of_israel.state import KIState
from pbem.games.kings_of_israel.view_board import board_json, board_lines, map_lines


def view_for(state: KIState, viewer: str | None, events: list[Event]) -> dict[str, Any]:
    """The shared board for all; each player's own hand and question only for them."""
    template = ""
    if viewer is not None and owing(state) == viewer:
        default = canonical_orders(default_input(state, viewer))
        template = template_text(state, viewer, default)
    view = build_view(state, viewer, events, phase(state).model_dump(), template)
    return {**view, "due": due(state).model_dump()}  # the window never: see Due


def build_view(
    state: KIState, viewer: str | None, events: list[Event], phase: dict[str, Any], template: str
) -> dict[str, Any]:
    """The JSON-ready view for `viewer` (a seat, None for the public, or the referee)."""
    names = {s.id: s.name for s in state.seats}
    places = {p.id: p.name for p in state.board.places}
    shown = [
        _named(e.model_dump(mode="json"), names, places)
        for e in events
        if e.seen_by(viewer)
    ]
    view: dict[str, Any] = {
        "game": "kings-of-israel",
        "viewer": viewer,
        "phase": phase,
        "events": shown,
        "kingdoms": [{"seat": s.id, "name": s.name} for s in state.seats],
        "public": _public(state),
        "prophets": [_prophet(state, s.id, viewer) for s in state.seats],
        "board_lines": board_lines(state),
        "map_lines": map_lines(state),
        "board": board_json(state, viewer, [e for e in events if e.seen_by(viewer)]),
        "template": template,
    }
    if viewer in state.prophets:
        view.update(_private(state, viewer or ""))
        ability = state.board.ability(state.prophets[viewer or ""].ability)
        view["seat_role"] = f"the prophet {ability.name}"  # who the reader plays, for the welcome
    return view


NAMED = {"seat": "who", "to": "to_name"}


PLACED = ("place", "from", "to", "at", "nation", "path", "picked", "options")


def _named(event: dict[str, Any], names: dict[str, str], places: dict[str, str]) -> dict[str, Any]:
    """The event with players' names beside seat ids (who, to_name), places by their names."""
    data = event.get("data", {})
    for key, name_key in NAMED.items():
        if isinstance(data.get(key), str) and data[key] in names:
            data[name_key] = names[data[key]]
    if isinstance(data.get("good"), bool):
        data["goodness"] = "a good king" if data["good"] else "an evil king"
    if event.get("code") == "ki.skipped" and isinstance(data.get("problem"), str):
        event["code"] = f"ki.skipped.{data['problem']}"  # worded by its reason
    for key in PLACED:
        value = data.get(key)
        if isinstance(value, str) and value in places:
            data[key] = places[value]
        elif isinstance(value, list):
            data[key] = [places.get(v, v) if isinstance(v, str) else v for v in value]
    return event


def _public(state: KIState) -> dict[str, Any]:
    kings = state.board.kings
    n = len(state.seats)
    return {
        "round": state.round,
        "king": state.king(),
        "good_king": state.timeline < len(kings) and kings[state.timeline].good,
        "timeline": [
            {
                "name": k.name,
                "good": k.good,
                "now": i == state.timeline,
                "reigns": k.applies(n),
                "short": k.short,
            }
            for i, k in enumerate(kings)
        ],
        "starting_player": _seat_name(state, state.starting_seat()),
        "starting_seat": state.starting_seat(),
        "active": state.active_seat() if state.step == "work" else None,
        "actions_left": state.actions_left if state.step == "work" else 0,
        "altars": [state.board.place(p).name for p in state.altars],
        "altars_needed": state.rules.win_altars,
        "idols": [state.board.place(p).name for p in state.idols],
        "sin": {state.board.place(p).name: c for p, c in state.sin.items()},
        "sin_supply": state.sin_in_supply(),
        "idol_supply": 6 - len(state.idols),
        "destroyed": [state.board.place(p).name for p in state.destroyed],
        "destruction_supply": DESTRUCTION_SUPPLY - len(state.destroyed),
        "false_prophet": state.board.place(state.false_prophet).name
        if state.false_prophet
        else None,
        "face_up": [_title(state, c) for c in state.permanents],
        "foretold": [state.board.sin_card(c).title for c in state.decks.face_up],
        "deferred": len(state.deferred),
        "version": state.rules.version,
        "level": state.rules.level,
        "result": state.result,
        "reason": state.reason,
        "waiting_for_answer": state.window.seat if state.window else None,
    }


def _seat_name(state: KIState, seat: str) -> str:
    return next(s.name for s in state.seats if s.id == seat)


def effects(state: KIState, card_id: str) -> list[dict[str, Any]]:
    """A Blessing's effect steps as wording codes and their parameters, for the report."""
    found = []
    for step in state.board.blessing(card_id).steps:
        where = step.params.get("where")
        code = f"ki.effect.{step.op}" + (f".{where}" if where else "")
        found.append(
            {"code": code, "params": {"count": step.number("count"), "slug": kind(card_id)}}
        )
    return found


def _title(state: KIState, permanent: str) -> str:
    deck, card = permanent.split(":", 1)
    return (state.board.blessing(card) if deck == "b" else state.board.sin_card(card)).title


def _prophet(state: KIState, seat: str, viewer: str | None) -> dict[str, Any]:
    prophet = state.prophets[seat]
    ability = state.board.ability(prophet.ability)
    found: dict[str, Any] = {
        "seat": seat,
        "name": next(s.name for s in state.seats if s.id == seat),
        "ability": ability.name,
        "power": ability.power,
        "at": state.board.place(prophet.at).name,
        "cards": len(prophet.hand),
        "blessings": len(prophet.blessings),
        "planned_turns": len(prophet.plans),
    }
    if state.rules.hands_face_up or viewer == REFEREE:
        found["hand"] = sorted(kind(c) for c in prophet.hand)
        found["blessing_titles"] = [state.board.blessing(c).title for c in prophet.blessings]
    return found


def _private(state: KIState, seat: str) -> dict[str, Any]:
    prophet = state.prophets[seat]
    found: dict[str, Any] = {
        "hand": sorted(kind(c) for c in prophet.hand),
        "my_blessings": [
            {"slug": kind(c), "title": state.board.blessing(c).title, "effects": effects(state, c)}
            for c in prophet.blessings
        ],
        "standing": [standing_line(r) for r in prophet.standing],
        "plans": [[act_line(a) for a in turn] for turn in prophet.plans],
        "waiting": [act_line(q.act) for q in state.waiting if q.seat == seat and q.act],
    }
    window = state.window
    if window is not None and window.seat == seat:
        found["question"] = {
            "id": window.id,
            "trigger": window.trigger,
            "facts": window.facts,
            "choices": choices_text(as_held(state, window)),
            "default": window.default,
        }
    return found


def as_held(state: KIState, window: Window) -> Window:
    """The holder's own reading of their question: the Blessings they hold that answer an
    Idol, or how many of each kind a discard may take (the public window lists every kind)."""
    hand = [kind(c) for c in state.prophets[window.seat].hand]
    slugs = {kind(c) for c in state.prophets[window.seat].blessings}
    if window.trigger == "ki.idol":
        kept = [c for c in window.choices if c.key == PASS or c.key in slugs]
        return window.model_copy(update={"choices": kept})
    if window.trigger == DISCARD:
        most = default_kind(state, window.seat)
        kept = [
            c.model_copy(update={"label": f"{c.label} (you hold {hand.count(c.key)})"})
            if c.key != MOST
            else c.model_copy(update={"label": f"{c.label}: now {most}"})
            for c in window.choices
            if c.key == MOST or c.key in hand
        ]
        return window.model_copy(update={"choices": kept})
    return window

"""What each viewer may see: the public board, their own hand, their own open question.

The deck order and the other player's hand are never put in a view; nothing else builds reports.
"""

from __future__ import annotations

from typing import Any

from pbem.core.game import REFEREE, Event
from pbem.core.reactions import choices_text
from pbem.games.david_goliath.bots import template_text
from pbem.games.david_goliath.content import card_of
from pbem.games.david_goliath.orders import canonical_orders
from pbem.games.david_goliath.orders_text import standing_text
from pbem.games.david_goliath.progress import default_input, due, phase
from pbem.games.david_goliath.state import DGState
from pbem.games.david_goliath.turn import owing
from pbem.games.david_goliath.view_board import board_json, board_text


def view_for(state: DGState, viewer: str | None, events: list[Event]) -> dict[str, Any]:
    """Public board and counts for all; the viewer's own hand and question only for them."""
    template = ""
    if viewer is not None and owing(state) == viewer:
        default = canonical_orders(default_input(state, viewer))
        template = template_text(state, viewer, default)
    view = build_view(state, viewer, events, phase(state).model_dump(), template)
    return {**view, "due": due(state).model_dump()}  # the window never: see Due


def build_view(
    state: DGState, viewer: str | None, events: list[Event], phase: dict[str, Any], template: str
) -> dict[str, Any]:
    """The JSON-ready view for `viewer` (a seat, None for the public, or the referee)."""
    shown = [
        e.model_dump(mode="json")
        for e in events
        if e.seen_by(viewer)
    ]
    view: dict[str, Any] = {
        "game": "david-goliath",
        "viewer": viewer,
        "phase": phase,
        "events": shown,
        "kingdoms": [
            {"seat": s.id, "name": f"{s.name} ({state.roles[s.id].capitalize()})"}
            for s in state.seats
        ],
        "public": _public(state),
        "board_text": board_text(state),
        "board": board_json(state, viewer, shown),
        "template": template,
    }
    role = state.role_of(viewer) if viewer and viewer != REFEREE else None
    if role is not None:
        view["role"] = role
        view["seat_role"] = role.title()  # who the reader plays, for the welcome
        view.update(_private(state, role, viewer or ""))
    if viewer == REFEREE:
        view["hands"] = {r: _cards(f.hand) for r, f in sorted(state.figures.items())}
        view["deck_order"] = [card_of(c).name for c in state.deck]
    return view


def _public(state: DGState) -> dict[str, Any]:
    david, goliath = state.figures["david"], state.figures["goliath"]
    return {
        "turn": state.turn,
        "step": state.step,
        "terrain": dict(sorted(state.terrain.items())),
        "david": {
            "square": david.square,
            "wounds": david.wounds,
            "cards": len(david.hand),
            "stones": state.stones_held,
        },
        "goliath": {
            "square": goliath.square,
            "wounds": goliath.wounds,
            "cards": len(goliath.hand),
            "spear": state.spear_at is None,
        },
        "spear_at": state.spear_at,
        "stones_at": dict(sorted(state.stones_at.items())),
        "wound_tokens": state.wound_tokens,
        "deck_cards": len(state.deck),
        "discard": [card_of(c).name for c in state.discard[-10:]],
        "discard_cards": len(state.discard),
        "waiting_for_answer": state.window.seat if state.window else None,
        "winner": state.winner,
    }


def _cards(hand: list[str]) -> list[dict[str, str]]:
    return [{"id": c, "slug": card_of(c).slug, "name": card_of(c).name} for c in hand]


def _private(state: DGState, role: str, seat: str) -> dict[str, Any]:
    figure = state.figures[role]
    found: dict[str, Any] = {
        "hand": _cards(figure.hand),
        "standing": [standing_text(r) for r in figure.standing],
    }
    window = state.window
    if window is not None and window.seat == seat:
        found["question"] = {
            "id": window.id,
            "trigger": window.trigger,
            "facts": window.facts,
            "choices": choices_text(window),
            "default": window.default,
        }
    pending = state.pending
    if pending is not None and pending.kind in ("choose", "discard") and pending.actor == role:
        found["drawn"] = [card_of(c).name for c in pending.drawn]
    return found

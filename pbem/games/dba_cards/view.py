"""What one viewer may see: the one place the DBA card game decides secrecy.

A player sees the public board, the counts of every pile and hand, their own hand, their
own standing reactions and, when asked, their own reaction window. The deck order and the
other hand never appear; the referee sees everything.
"""

from __future__ import annotations

from typing import Any

from pbem.core.game import REFEREE, Due, Event, PhaseInfo
from pbem.core.reactions import choices_text
from pbem.games.dba_cards.content import CARDS, card_key
from pbem.games.dba_cards.inputs import Standing
from pbem.games.dba_cards.order_text import standing_lines
from pbem.games.dba_cards.orders import canonical
from pbem.games.dba_cards.play.deck import discard_top
from pbem.games.dba_cards.progress import default_input, due, phase
from pbem.games.dba_cards.state import DBAState
from pbem.games.dba_cards.template import template_text
from pbem.games.dba_cards.view_board import board_picture, board_text, legend

Now = tuple[PhaseInfo, Due, str]  # the phase open now, who owes it, the viewer's template


NAMED = {"seat": "who", "opponent": "opponent_name", "winner": "winner_name"}


def view_for(state: DBAState, viewer: str | None, events: list[Event]) -> dict[str, Any]:
    """What `viewer` may see, with the template of input it owes now."""
    template = ""
    if viewer is not None and viewer != REFEREE and viewer in due(state).players:
        default = canonical(state, viewer, default_input(state, viewer))
        template = template_text(state, viewer, default)
    return build_view(state, viewer, events, (phase(state), due(state), template))


def named(state: DBAState, event: Event) -> dict[str, Any]:
    """An event as JSON, with the players' names beside their seat ids (for the wording)."""
    shown = event.model_dump(mode="json")
    names = {s.id: one_line(s.name) for s in state.seats}
    data = dict(shown["data"])
    for key, name_key in NAMED.items():
        if key in data and shown["code"].startswith("dba."):
            data[name_key] = names.get(str(data[key]), str(data[key]))
    shown["data"] = data
    return shown


def one_line(name: str, limit: int = 40) -> str:
    """A player's name made safe for one line of a report: printable, spaces folded, short."""
    text = " ".join("".join(ch if ch.isprintable() else " " for ch in name).split())
    return text[:limit]


def _title(card: str | None) -> str | None:
    return CARDS[card_key(card)].title if card is not None else None


def hand_view(cards: list[str]) -> list[dict[str, str]]:
    """A hand as card ids and titles."""
    return [{"card": c, "name": CARDS[card_key(c)].title} for c in cards]


def sides(state: DBAState) -> list[dict[str, Any]]:
    """Public facts about each side, in seat order."""
    return [
        {
            "seat": s.id,
            "name": s.name,
            "army": state.sides[s.id].army,
            "army_title": _army_title(state, state.sides[s.id].army),
            "side": "attacker" if state.side_of(s.id) == 0 else "defender",
            "contingent": state.contingent(s.id),
            "lost": state.sides[s.id].lost,
            "hand_count": len(state.sides[s.id].hand),
        }
        for s in state.seats
    ]


def _army_title(state: DBAState, army: str | None) -> str | None:
    """The title of an army the scenario lists ("Wagon fort (sample)"), else its key."""
    return next((a.title for a in state.armies if a.key == army), army)


def _seat_role(state: DBAState, seat: str) -> str:
    """Who the reader plays, for the welcome: attacker or defender, and the army once chosen."""
    role = "the attacker" if state.side_of(seat) == 0 else "the defender"
    army = state.sides[seat].army
    return f"{role}, {army}" if army else role


def window_view(state: DBAState, viewer: str | None) -> dict[str, Any] | None:
    """The open window: in full for its seat (and the referee), else only who is asked where."""
    window = state.window
    if window is None:
        return None
    names = {s.id: s.name for s in state.seats}
    public = {
        "seat": window.seat,
        "name": names.get(window.seat, window.seat),
        "id": window.id,
        "square": window.facts.get("square"),
        "from": window.facts.get("from"),
    }
    if viewer not in (window.seat, REFEREE):
        return public
    return {
        **public,
        "facts": window.facts,
        "choices": choices_text(window),
        "default": window.default,
    }


def build_view(
    state: DBAState, viewer: str | None, events: list[Event], now: Now
) -> dict[str, Any]:
    """The JSON-ready view of `state` for `viewer` (None: the public; REFEREE: everything)."""
    phase, due, template = now
    shown = [named(state, e) for e in events if e.seen_by(viewer)]
    view: dict[str, Any] = {
        "game": "dba-cards",
        "viewer": viewer,
        "stage": state.stage,
        "turn": state.turn,
        "active": state.active,
        "phase": phase.model_dump(),
        "due": due.model_dump(),
        "events": shown,
        "sides": sides(state),
        "terrain": dict(state.terrain),
        "rivers": list(state.rivers),
        "units": [
            {
                "square": u.square,
                "owner": u.owner,
                "type": u.type,
                "elite": u.elite,
                "general": u.is_general(),
            }
            for u in sorted(state.units, key=lambda u: u.id)
        ],
        "deck_count": len(state.deck),
        "discard_count": len(state.discard),
        "discard_top": _title(discard_top(state)),
        "window": window_view(state, viewer),
        "board": board_picture(state, viewer, shown).model_dump(),
        "board_text": board_text(state, viewer),
        "has_allies": viewer in state.sides and len(state.allies(viewer)) > 1,
        "board_legend": legend(state),
        "winner": state.winner,
        "template": template,
    }
    if viewer in state.sides:
        side = state.sides[viewer]
        view["seat_role"] = _seat_role(state, viewer)
        view["hand"] = hand_view(side.hand)
        view["standing"] = standing_lines(Standing(add=side.standing))
    if viewer == REFEREE:
        view["hands"] = {s: hand_view(side.hand) for s, side in sorted(state.sides.items())}
        view["deck"] = list(state.deck)
    return view

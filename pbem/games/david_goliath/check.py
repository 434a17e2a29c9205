"""Whether orders that were understood are allowed now: 'illegal' problems with stable codes."""

from __future__ import annotations

from pbem.core.problems import Problem
from pbem.games.david_goliath.content import BY_SLUG, Role, usable_by
from pbem.games.david_goliath.deck import holds
from pbem.games.david_goliath.inputs import DGOrders
from pbem.games.david_goliath.legal import legal_attacks, legal_events, legal_moves, placements
from pbem.games.david_goliath.questions.divine_aid import TRIGGER as DIVINE_TRIGGER
from pbem.games.david_goliath.questions.divine_aid import problems as divine_problems
from pbem.games.david_goliath.state import STEP_ROLE, DGState

STEP_ACTION = {"place": "place", "event": "event", "move": "move", "attack": "attack"}


def _illegal(code: str, **params: str) -> list[Problem]:
    return [Problem(line=0, code=code, kind="illegal", params=params)]


def check_action(state: DGState, seat: str, orders: DGOrders) -> list[Problem]:
    """Problems with `orders` in `state` for `seat`; empty when they may be carried out."""
    role = state.roles[seat]
    if state.window is not None:
        return _check_window(state, seat, orders)
    if state.step == "over" or STEP_ROLE.get(state.step) != role:
        return _illegal("dg.E_NOT_YOUR_STEP", step=state.step)
    if orders.action == "react":
        return _illegal("dg.E_NO_WINDOW")
    if orders.action == "pass":
        return []
    kind = state.step.split("-")[0]
    if STEP_ACTION[kind] != orders.action:
        expected = STEP_ACTION[kind]
        return _illegal("dg.E_WRONG_STEP", action=orders.action, step=state.step, expected=expected)
    missing = _missing_cards(state, seat, orders)
    return missing or _check_play(state, role, orders)


def _check_window(state: DGState, seat: str, orders: DGOrders) -> list[Problem]:
    window = state.window
    assert window is not None
    if window.seat != seat:
        return _illegal("dg.E_NOT_YOUR_STEP", step="waiting for the other player's answer")
    if window.trigger == DIVINE_TRIGGER and state.pending is not None:
        answer = orders.answer if orders.action == "react" else None
        return divine_problems(state, state.pending, answer)
    if orders.action != "react" or window.choice(orders.answer or "") is None:
        return _illegal("dg.E_CHOICE", choices=", ".join(c.key for c in window.choices))
    return []


def _missing_cards(state: DGState, seat: str, orders: DGOrders) -> list[Problem]:
    role = state.roles[seat]
    for slug in orders.cards:
        if not holds(state, role, slug, orders.cards.count(slug)):
            return _illegal("dg.E_NOT_HELD", card=BY_SLUG[slug].name)
        if not usable_by(BY_SLUG[slug], role):
            return _illegal("dg.E_NOT_YOURS", card=BY_SLUG[slug].name)
    return []


def _check_play(state: DGState, r: Role, orders: DGOrders) -> list[Problem]:
    if orders.action == "place" and orders.square not in placements(state, r):
        return _illegal(
            "dg.E_PLACE", square=orders.square or "", squares=" ".join(placements(state, r))
        )
    if orders.action == "event" and orders.cards[0] not in legal_events(state, r):
        return _illegal("dg.E_NOT_EVENT", card=BY_SLUG[orders.cards[0]].name)
    if orders.action == "move":
        options = [p.dest for p in legal_moves(state, r) if p.card == orders.cards[0]]
        if orders.square not in options:
            return _illegal(
                "dg.E_MOVE",
                card=BY_SLUG[orders.cards[0]].name,
                square=orders.square or "",
                squares=" ".join(options) or "none",
            )
    if orders.action == "attack":
        options = [" + ".join(p.cards) for p in legal_attacks(state, r)]
        if not any(p.cards == orders.cards for p in legal_attacks(state, r)):
            return _illegal("dg.E_ATTACK", attacks="; ".join(options) or "none")
    return []

"""The canonical text of orders and standing reactions, as reports and replies write them."""

from __future__ import annotations

from pbem.games.dba_cards.inputs import (
    Attack,
    Discard,
    Dismount,
    Move,
    Order,
    Scout,
    Standing,
)


def order_line(order: Order) -> str:
    """The canonical text of one order."""
    if isinstance(order, Discard):
        return f"discard {order.card}"
    if isinstance(order, Scout):
        return "scout"
    if isinstance(order, Move):
        steps = ", ".join(f"{a}-{b}" for a, b in order.steps)
        return f"move {steps} with {order.card}"
    if isinstance(order, Dismount):
        return f"dismount {order.square}"
    if isinstance(order, Attack):
        tail = f" with {order.card}" if order.card else ""
        return f"attack {order.source} {order.target}{tail}"
    return f"trample {order.source} {order.via} {order.target}"


def standing_lines(standing: Standing) -> list[str]:
    """Canonical lines of standing-reaction changes."""
    lines = ["standing clear"] if standing.clear else []
    for rule in standing.add:
        when = "".join(f" when {k}={_fact_text(v)}" for k, v in sorted(rule.when.items()))
        lines.append(f"on attack{when} play {rule.answer}")
    return lines


def _fact_text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ",".join(_fact_text(v) for v in value)
    return str(value)

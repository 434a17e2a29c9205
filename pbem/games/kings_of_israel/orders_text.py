"""The canonical text of orders: one act per line, 'next turn' blocks, standing rules."""

from __future__ import annotations

from pbem.core.reactions import StandingReaction
from pbem.games.kings_of_israel.inputs import Act, KIOrders

TRIGGER_WORDS = {
    "idol": "ki.idol",
    "tie": "ki.tie",
    "fp-move": "ki.fp_move",
    "fp-return": "ki.fp_return",
    "turn": "ki.turn",
}
WORD_OF_TRIGGER = {v: k for k, v in TRIGGER_WORDS.items()}


def act_line(act: Act) -> str:
    """One act as its order line, e.g. 'move shiloh bethel with grain if idol bethel'."""
    args = list(act.args)
    if act.verb == "move" and args and args[-1] in ("cattle", "grain"):
        args = [*args[:-1], "with", args[-1]]
    line = " ".join([act.verb, *args])
    return f"{line} if {' '.join(act.when)}" if act.when else line


def standing_line(rule: StandingReaction) -> str:
    """A standing rule as its order line: 'on idol when place=shiloh play fire-from-heaven'."""
    when = " ".join(f"{k}={v}" for k, v in sorted(rule.when.items()))
    trigger = WORD_OF_TRIGGER.get(rule.trigger, rule.trigger)
    verb = "play" if rule.trigger in ("ki.idol", "ki.turn") else "answer"
    return " ".join(
        w for w in ("on", trigger, f"when {when}" if when else "", verb, rule.answer) if w
    )


def canonical_orders(orders: KIOrders) -> str:
    """The one text form of `orders` (parse(canonical) gives them back)."""
    lines = [act_line(a) for a in orders.acts]
    if orders.later is not None:
        if not orders.later:
            lines.append("plans clear")
        for turn in orders.later:
            lines.append("next turn")
            lines += [act_line(a) for a in turn]
    if orders.answer is not None:
        lines.append(f"answer {orders.answer}")
    if orders.standing is not None:
        lines += [standing_line(r) for r in orders.standing] or ["standing clear"]
    return "\n".join(lines) if lines else "end"

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
    "discard": "ki.discard",
}
WORD_OF_TRIGGER = {v: k for k, v in TRIGGER_WORDS.items()}


def act_line(act: Act) -> str:
    """One act as its order line, e.g. 'move shiloh bethel with grain if idol bethel'."""
    args = list(act.args)
    if act.verb in ("move", "sacrifice") and args and args[-1] in ("cattle", "grain"):
        args = [*args[:-1], "with", args[-1]]
    if act.after_move:
        args += ["after", "move"]
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
    return "\n".join(line for _, line in order_lines(orders))


def order_lines(orders: KIOrders) -> list[tuple[str, str]]:
    """The canonical lines, each with what it is: answer, now, end, plans, later (a later
    turn's line; 'next turn' opens one) or standing. The answer comes first."""
    lines = [("answer", f"answer {orders.answer}")] if orders.answer is not None else []
    lines += [("now", act_line(a)) for a in orders.acts]
    action = any(a.verb != "play" for a in orders.acts)
    if not (orders.no_turn or action or orders.answer is not None or orders.later):
        lines.append(("end", "end"))
    if orders.later is not None:
        if not orders.later:
            lines.append(("plans", "plans clear"))
        for turn in orders.later:
            lines.append(("later", "next turn"))
            lines += [("later", act_line(a)) for a in turn]
    if orders.standing is not None:
        rules = [standing_line(r) for r in orders.standing] or ["standing clear"]
        lines += [("standing", line) for line in rules]
    return lines

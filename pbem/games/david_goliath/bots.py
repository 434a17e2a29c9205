"""Random legal play for bots, demos and the contract suite; the options a template lists."""

from __future__ import annotations

from pbem.core.reactions import StandingReaction
from pbem.core.rng import SeededRng
from pbem.games.david_goliath.content import Role, card_of
from pbem.games.david_goliath.inputs import DGOrders
from pbem.games.david_goliath.legal import legal_attacks, legal_events, legal_moves, placements
from pbem.games.david_goliath.orders import canonical_orders
from pbem.games.david_goliath.questions.divine_aid import TRIGGER as DIVINE_TRIGGER
from pbem.games.david_goliath.questions.divine_aid import completed, discard_count
from pbem.games.david_goliath.state import STEP_ROLE, DGState

STANDING_SAMPLES: dict[Role, tuple[StandingReaction, ...]] = {
    "david": (
        StandingReaction(trigger="dg.defend", answer="dodge", when={"type": ["thrust", "chop"]}),
        StandingReaction(trigger="dg.defend", answer="duck", when={"type": ["ts"]}),
        StandingReaction(trigger="dg.defend", answer="staff-parry"),
        StandingReaction(trigger="dg.negate", answer="trip"),
    ),
    "goliath": (
        StandingReaction(trigger="dg.defend", answer="shield", when={"type": ["fast"]}),
        StandingReaction(trigger="dg.defend", answer="block", when={"type": ["curved"]}),
        StandingReaction(trigger="dg.defend", answer="armor"),
        StandingReaction(trigger="dg.negate", answer="trip"),
    ),
}


def options(state: DGState, seat: str) -> list[DGOrders]:
    """Every legal input of `seat` now, 'pass' first (empty when the seat owes nothing)."""
    if state.step == "over":
        return []
    if state.window is not None:
        if state.window.seat != seat:
            return []
        keys = [c.key for c in state.window.choices]
        found = [completed(state, DGOrders(action="react", answer=k)) for k in keys]
        return list({o.answer: o for o in found}.values())  # Divine Aid: each written out
    role = state.role_of(seat)
    if role is None or STEP_ROLE.get(state.step) != role:
        return []
    kind = state.step.split("-")[0]
    if kind == "place":
        return [DGOrders(action="place", square=s) for s in placements(state, role)]
    found = [DGOrders(action="pass")]
    if kind == "event":
        found += [DGOrders(action="event", cards=[c]) for c in legal_events(state, role)]
    if kind == "move":
        found += [
            DGOrders(action="move", cards=[p.card], square=p.dest) for p in legal_moves(state, role)
        ]
    if kind == "attack":
        found += [DGOrders(action="attack", cards=p.cards) for p in legal_attacks(state, role)]
    return found


def random_orders(state: DGState, seat: str, rng: SeededRng) -> DGOrders:
    """A random legal input: attacks and plays preferred over passing; sometimes standing rules."""
    choices = options(state, seat)
    if not choices:
        return DGOrders(action="pass")
    plays = [c for c in choices if c.action != "pass"] or choices
    picked = rng.choice(plays, purpose=f"bot {seat}")
    roll = rng.die(6, purpose=f"bot {seat} extras")
    if roll == 6:
        count = rng.die(3, purpose=f"bot {seat} standing") - 1
        samples = STANDING_SAMPLES[state.roles[seat]]
        rules = [samples[rng.die(len(samples), purpose="bot rule") - 1] for _ in range(count)]
        picked = picked.model_copy(update={"standing": list({r.answer: r for r in rules}.values())})
    return picked


def private_strings(state: DGState, seat: str) -> list[str]:
    """The instance ids of `seat`'s hand (views show them only to their holder)."""
    role = state.role_of(seat)
    if role is None:
        return []
    return list(state.figures[role].hand)


def template_text(state: DGState, seat: str, canonical: str) -> str:
    """The default orders with every legal play listed as a comment."""
    lines = [canonical]
    if state.window is not None and state.window.trigger == DIVINE_TRIGGER:
        return "\n".join(lines + _divine_hint(state))
    legal = options(state, seat)
    if legal:
        lines.append("# Legal now (keep one line):")
        lines += [f"#   {_line(o)}" for o in legal[:40]]
    return "\n".join(lines)


def _divine_hint(state: DGState) -> list[str]:
    """What Divine Aid lets the player write instead of the default discards above."""
    assert state.pending is not None
    hand = state.figures[state.pending.actor].hand
    count = discard_count(state, state.pending)
    example = " ".join(card_of(c).slug for c in hand[:count])
    return [
        f"# Divine Aid: the lines above discard your {count} newest cards (the default).",
        f"# Discard any {count} of your {len(hand)} cards instead, one per line or all on one:",
        f"#   discard {example}",
        "# Name fewer and the rest are your newest cards.",
    ]


def _line(orders: DGOrders) -> str:
    return canonical_orders(orders)


def card_names(ids: list[str]) -> list[str]:
    """Card names of instance ids."""
    return [card_of(c).name for c in ids]

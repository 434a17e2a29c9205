"""How a battle or siege ends when a side retreats (6.2, 6.3.6): the retreat answer carried
out, and a besieged city left at the level the siege combat brought it to."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.king_david.events.rules import combat_over
from pbem.games.king_david.land.stacks import best_retreat, move_side, retreats
from pbem.games.king_david.state import Battle, KDState


def apply_retreat_answer(state: KDState, answer: str, rng: SeededRng,
                         events: list[Event]) -> bool:
    """Carry out 'stand' or 'retreat [AREA]' for the side awaited; True to fight on."""
    battle = state.battle
    assert battle is not None
    side = battle.awaiting
    seat = (battle.attacker if side == "attacker" else battle.defender) or ""
    if answer.startswith("retreat"):
        forbidden = battle.entered_from if side == "defender" else []
        options = retreats(state, battle.area, seat, forbidden)
        target = answer.split()[1] if " " in answer else best_retreat(
            state, battle.area, seat, options)
        move_side(state, battle.area, seat, target, leave=list(battle.bribed))
        battle.retreated[seat] = target
        events.append(Event(code="kd.retreated", data={"seat": seat, "area": battle.area,
                                                       "to": target, "side": side or ""}))
        if battle.kind == "combat":
            combat_over(state, battle, rng, events)
        else:
            siege_held(state, battle, events)
        state.battle = None
        return False
    events.append(Event(code="kd.stands", data={"seat": seat, "area": battle.area,
                                                "side": side or ""}))
    if battle.kind == "siege":
        battle.awaiting = None
        return True
    battle.awaiting = "defender" if side == "attacker" else None
    return True


def siege_held(state: KDState, battle: Battle, events: list[Event]) -> None:
    """The city stays its holder's at the level the siege combat left it, whether the
    besieger stays beside it or leaves (6.3.6)."""
    state.forts[battle.area] = max(battle.fort, 1) if battle.fort else 0
    events.append(Event(code="kd.siege_held", data={"area": battle.area, "fort": battle.fort}))

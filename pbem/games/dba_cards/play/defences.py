"""Defence cards: which ones a target may play against an attack, and where a unit recoils."""

from __future__ import annotations

from pbem.core.reactions import PASS, Choice
from pbem.games.dba_cards.content import ABILITIES, CARDS, DEFENCE_CARDS, MISSILE
from pbem.games.dba_cards.play.deck import holds
from pbem.games.dba_cards.squares import distance, neighbours, step
from pbem.games.dba_cards.state import DBAState, Unit
from pbem.games.dba_cards.terrain import can_enter, crosses_river, difficult, on_hill

EFFECT = {
    "push": "the unit is not destroyed",
    "recoil": "the unit moves back to {back} and is not destroyed",
    "reinforced": "a friendly unit is next to it: not destroyed",
    "rally": "your General is within 2 squares: not destroyed",
    "rally-self": "the General rallies where it stands: not destroyed",
    "rough": "it has Rough ground on its side: not destroyed",
    "elite": "it is Elite: not destroyed",
    "special": "its special ability ({ability}) saves it",
}


def recoil_square(state: DBAState, unit: Unit) -> str | None:
    """Where `unit` moves back to: straight back, else back and left, else back and right."""
    back = -state.facing(unit.owner)
    for delta in ((0, back), (-1, back), (1, back)):
        square = step(unit.square, delta, state.size)
        if square is None or state.unit_at(square) is not None:
            continue
        if not can_enter(state, unit.type, square):
            continue
        if state.german() and _next_to_enemy(state, unit.owner, square):
            continue
        return square
    return None


def _next_to_enemy(state: DBAState, seat: str, square: str) -> bool:
    return any(
        (u := state.unit_at(s)) is not None and state.enemies(u.owner, seat)
        for s in neighbours(square, state.size)
    )


def allowed(state: DBAState, kind: str, target: Unit, attacker: Unit) -> bool:
    """True when the card `kind` meets its condition for `target` attacked by `attacker`."""
    if kind == "recoil":
        return recoil_square(state, target) is not None
    if kind == "reinforced":  # a friendly unit: one's own or an allied contingent's
        friends = [
            u for u in state.units if u.id != target.id and not state.enemies(u.owner, target.owner)
        ]
        return any(distance(u.square, target.square) == 1 for u in friends)
    if kind == "rally":
        return rally(state, target)
    if kind == "rough":
        return rough_ground(state, target, attacker)
    if kind == "elite":
        return target.elite
    if kind == "special":
        return special_defence(state, target, attacker)
    return kind == "push"


def rally(state: DBAState, target: Unit) -> bool:
    """The Rally card's condition: one's own General within 2 squares of the target; the
    General itself stands 0 squares from itself, so it may rally itself."""
    return any(
        u.is_general() and distance(u.square, target.square) <= 2
        for u in state.units_of(target.owner)
    )


def rough_ground(state: DBAState, target: Unit, attacker: Unit) -> bool:
    """The Rough Ground card's condition: the target on difficult ground; under the German
    rules also on a hill against an attacker below it, or attacked across a river."""
    if difficult(state, target.square):
        return True
    if not state.german():
        return False
    uphill = on_hill(state, target.square) and not on_hill(state, attacker.square)
    return uphill or crosses_river(state, attacker.square, target.square)


def special_defence(state: DBAState, target: Unit, attacker: Unit) -> bool:
    """True when the target's own defensive ability applies, or its General rallies it."""
    return own_ability(state, target, attacker) or general_rallies(state, target)


def own_ability(state: DBAState, target: Unit, attacker: Unit) -> bool:
    """The target's own defence ability: Shield Wall, Strong Defense, Open Formation, Pikes."""
    kind = target.type
    if kind == "auxilia":
        return difficult(state, target.square)
    if kind == "pikes":
        return attacker.type not in MISSILE
    return kind in ("blades", "war-wagons")


def general_rallies(state: DBAState, target: Unit) -> bool:
    """The General's Rally: it saves any adjacent unit of its own side (not itself)."""
    return any(
        u.is_general() and distance(u.square, target.square) == 1
        for u in state.units_of(target.owner)
        if u.id != target.id
    )


def defence_choices(state: DBAState, target: Unit, attacker: Unit) -> list[Choice]:
    """The defender's legal answers: each card they hold whose condition holds, and pass."""
    choices = [Choice(key=PASS, label="play no card: the unit is destroyed")]
    for kind in DEFENCE_CARDS:
        if holds(state, target.owner, kind) and allowed(state, kind, target, attacker):
            choices.append(
                Choice(
                    key=kind,
                    label=f"{CARDS[kind].title}: " + _effect(state, kind, target, attacker),
                )
            )
    return choices


def _effect(state: DBAState, kind: str, target: Unit, attacker: Unit) -> str:
    back = recoil_square(state, target) or "-"
    ability = "the General's Rally"
    if own_ability(state, target, attacker):
        ability = ABILITIES[target.type][0]
    if kind == "rally" and target.is_general():
        kind = "rally-self"
    return EFFECT[kind].format(back=back, ability=ability)

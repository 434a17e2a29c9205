"""The battle phase: an attack strikes, the defender may answer, the target dies or recoils."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.reactions import PASS, Resolution, Window
from pbem.games.dba_cards.content import (
    CARDS,
    TRIGGER,
    UNITS,
    VICTORY_POINTS,
    immune,
    loss_value,
)
from pbem.games.dba_cards.inputs import Attack, Trample
from pbem.games.dba_cards.play.attacks import attacker_and_target, check_attack
from pbem.games.dba_cards.play.deck import holds, play
from pbem.games.dba_cards.play.defences import defence_choices, recoil_square
from pbem.games.dba_cards.play.moves import own_unit
from pbem.games.dba_cards.play.reach import in_range
from pbem.games.dba_cards.play.standing import standing_decision
from pbem.games.dba_cards.refusal import Refused
from pbem.games.dba_cards.squares import distance
from pbem.games.dba_cards.state import DBAState, Unit
from pbem.games.dba_cards.terrain import can_enter

PURSUERS = frozenset({"knights", "scythed-chariots", "horde", "warband"})


def strike(state: DBAState, seat: str, order: Attack | Trample) -> list[Event]:
    """Start an attack; if the defender must be asked, leave the window open in `state`."""
    unit, target, card, events = start_attack(state, seat, order)
    events.append(_attack_event(unit, target, card))
    if card is not None and immune(target.type, unit.type):
        return events + _immune(state, unit, target)
    return events + _ask_or_kill(state, unit, target, card)


def start_attack(
    state: DBAState, seat: str, order: Attack | Trample
) -> tuple[Unit, Unit, str | None, list[Event]]:
    """Check an attack (after a Trample's step), play its card and mark the unit as having
    attacked, resolving nothing: the attacker, the target, the card and the step's events."""
    events: list[Event] = []
    if isinstance(order, Trample):
        events += _trample_move(state, seat, order)
        order = Attack(source=order.via, target=order.target, card="special")
        unit, target = attacker_and_target(state, seat, order)
        if not in_range(state, unit, target.square, 1):
            raise Refused("dba.E_OUT_OF_RANGE", source=unit.square, target=target.square, range="1")
    else:
        unit, target = check_attack(state, seat, order)
    if order.card is not None and play(state, seat, order.card) is None:
        raise Refused("dba.E_NO_CARD", card=CARDS[order.card].title)
    unit.attacked = True
    return unit, target, order.card, events


def _attack_event(unit: Unit, target: Unit, card: str | None) -> Event:
    return Event(
        code="dba.attack",
        data={
            "seat": unit.owner,
            "unit": unit.type,
            "from": unit.square,
            "target": target.type,
            "to": target.square,
            "card": CARDS[card].title if card else "automatic kill",
        },
    )


def _trample_move(state: DBAState, seat: str, order: Trample) -> list[Event]:
    unit = own_unit(state, seat, order.source)
    if unit.type != "elephants":
        raise Refused("dba.E_NOT_ELEPHANTS", square=order.source, unit=unit.type)
    if unit.moved or unit.attacked:
        raise Refused("dba.E_MOVED", square=order.source)
    if not holds(state, seat, "special"):
        raise Refused("dba.E_NO_CARD", card=CARDS["special"].title)
    free = state.unit_at(order.via) is None and can_enter(state, unit.type, order.via)
    if distance(unit.square, order.via) != 1 or not free:
        raise Refused("dba.E_TRAMPLE_STEP", source=order.source, square=order.via)
    unit.square, unit.moved = order.via, True
    return [Event(code="dba.trample", data={"seat": seat, "from": order.source, "to": order.via})]


def _immune(state: DBAState, unit: Unit, target: Unit) -> list[Event]:
    back = recoil_square(state, target)
    events = [
        Event(
            code="dba.immune",
            data={
                "target": target.type,
                "square": target.square,
                "unit": unit.type,
                "to": back or "-",
            },
        )
    ]
    if back is not None:
        vacated, target.square = target.square, back
        events += _pursue(state, unit, vacated)
    return events


def _ask_or_kill(state: DBAState, unit: Unit, target: Unit, card: str | None) -> list[Event]:
    """Ask the target's owner whenever they hold any card (the hand's size is public, its
    contents are not), unless one of their standing lines applies; an empty hand loses the unit."""
    if not state.sides[target.owner].hand:
        return kill(state, unit, target)
    state.windows_opened += 1
    window = Window(
        id=f"w{state.windows_opened}",
        seat=target.owner,
        trigger=TRIGGER,
        default=PASS,  # silence plays no card: only an answer or a standing reaction does
        choices=defence_choices(state, target, unit),
        facts={
            "attacker": unit.type,
            "target": "general" if target.is_general() else target.type,
            "from": unit.square,
            "square": target.square,
            "card": card or "auto",
            "elite": target.elite,
        },
    )
    found = standing_decision(window, state.sides[target.owner].standing)
    if found is not None:
        standing = Event(
            code="core.reaction.standing",
            visible_to=[window.seat],
            data={"window": window.id, "seat": window.seat, "answer": found.answer},
        )
        return [standing, *answer(state, window, found)]
    state.window, state.stage = window, "react"
    return [
        Event(
            code="dba.asked",
            data={"seat": target.owner, "square": target.square, "window": window.id},
        )
    ]


def answer(state: DBAState, window: Window, resolution: Resolution) -> list[Event]:
    """Apply the defender's answer to the attack the window asked about."""
    state.window, state.stage = None, "turn"
    unit = state.unit_at(str(window.facts["from"]))
    target = state.unit_at(str(window.facts["square"]))
    if unit is None or target is None:
        return []
    # No event of the game says how the question closed: the engine's public
    # core.reaction.closed does (answered or default), the seat's own core.reaction.standing
    # tells it alone of a standing reaction, and the card played says the rest.
    card = resolution.answer
    if card == PASS or play(state, target.owner, card) is None:
        return kill(state, unit, target)
    events = [
        Event(
            code="dba.defended",
            data={"seat": target.owner, "square": target.square, "card": CARDS[card].title},
        ),
    ]
    if card == "recoil":
        back = recoil_square(state, target)
        if back is not None:
            events.append(Event(code="dba.recoil", data={"from": target.square, "to": back}))
            vacated, target.square = target.square, back
            events += _pursue(state, unit, vacated)
    return events


def kill(state: DBAState, unit: Unit, target: Unit) -> list[Event]:
    """Destroy `target`, count the loss and check for victory."""
    state.units = [u for u in state.units if u.id != target.id]
    side = state.sides[target.owner]
    side.lost += loss_value(target.type)
    events = [
        Event(
            code="dba.destroyed",
            data={
                "seat": target.owner,
                "unit": target.type,
                "square": target.square,
                "lost": side.lost,
            },
        )
    ]
    main_general = target.is_general() and state.contingent(target.owner) == 0
    broken = state.side_lost(target.owner) >= VICTORY_POINTS * len(state.allies(target.owner))
    if main_general or broken:
        state.stage, state.window, state.pending = "over", None, []
        state.winner = state.opponent(target.owner)  # the winning side's main player
        state.end_note = "general" if main_general else "losses"
        return [
            *events,
            Event(code="dba.victory", data={"seat": state.winner, "how": state.end_note}),
        ]
    return events + _pursue(state, unit, target.square)


def _pursue(state: DBAState, unit: Unit, vacated: str) -> list[Event]:
    """German house rules: Knights, Scythed Chariots, Horde and Warband follow up."""
    if not state.german() or unit.type not in PURSUERS or UNITS[unit.type].move == 0:
        return []
    if distance(unit.square, vacated) != 1 or state.unit_at(vacated) is not None:
        return []
    if not can_enter(state, unit.type, vacated):
        return []
    source, unit.square = unit.square, vacated
    return [Event(code="dba.pursue", data={"unit": unit.type, "from": source, "to": vacated})]

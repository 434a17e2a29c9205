"""The order template of a report: the default orders, then the legal orders as comments.

Only the seat that owes input gets a template, and it is built from that seat's own hand and
the public board, never from anything the rules hide from it.
"""

from __future__ import annotations

from typing import NamedTuple

from pbem.core.copying import deep_copy
from pbem.games.dba_cards.content import ATTACK_CARDS, CARDS, HAND_LIMIT, MOVE_CARDS, card_key
from pbem.games.dba_cards.inputs import Attack, Move
from pbem.games.dba_cards.play.attacks import check_attack, could_attack
from pbem.games.dba_cards.play.moves import KNIGHT_MOVERS, do_move, reach_of, reachable
from pbem.games.dba_cards.play.reach import in_range
from pbem.games.dba_cards.refusal import Refused
from pbem.games.dba_cards.squares import knight_squares, neighbours, sort_key
from pbem.games.dba_cards.state import DBAState, Unit
from pbem.games.dba_cards.terrain import can_enter

LIMIT = 60  # listed lines; a long list says how many more there are


class Listed(NamedTuple):
    """One line of the list: a complete order, and orders of the same kind written after it."""

    order: str
    others: tuple[str, ...] = ()  # complete order lines, e.g. the same move to other squares
    hint: str = ""  # the others in short, e.g. "or to c3 c4"


def template_text(state: DBAState, seat: str, default: str) -> str:
    """The default orders, then every legal order now as a comment to copy."""
    listed = legal_now(state, seat)
    if not listed:
        return default
    lines = [default, _HEADERS[state.stage]]
    for item in listed[:LIMIT]:
        lines.append(f"#   {item.order}" + (f"   # {item.hint}" if item.hint else ""))
    if len(listed) > LIMIT:
        lines.append(f"#   ... and {len(listed) - LIMIT} more (see HELP)")
    return "\n".join(lines)


_HEADERS = {
    "react": "# Legal now (keep one line):",
    "turn": "# Legal now, before any move (one order a line, as many as you like):",
    "deploy": "# Legal now (one line), or your own army as above:",
}


def every_order(listed: list[Listed]) -> list[str]:
    """Every complete order line a list names, the others included."""
    return [line for item in listed for line in (item.order, *item.others)]


def legal_now(state: DBAState, seat: str) -> list[Listed]:
    """The legal orders of `seat` in the stage now (none when it owes nothing)."""
    if state.stage == "react" and state.window is not None and state.window.seat == seat:
        return [Listed(f"react {c.key}") for c in state.window.choices]
    if state.stage == "deploy" and not state.sides[seat].deployed:
        return [Listed(f"army {a.key}", hint=a.title) for a in state.armies]
    if state.stage == "turn" and state.active == seat:
        return turn_orders(state, seat)
    return []


def turn_orders(state: DBAState, seat: str) -> list[Listed]:
    """Discards, Scout, moves, Special Ability orders and attacks from the board as it is."""
    state = deep_copy(state)  # moves are tried on it, and undone
    kinds = sorted({card_key(c) for c in state.sides[seat].hand}, key=list(CARDS).index)
    found = _discards(state, seat, kinds)
    found += [Listed("scout")] if "scout" in kinds else []
    units = sorted(state.units_of(seat), key=lambda u: sort_key(u.square))
    for unit in units:
        for kind in [k for k in kinds if k in MOVE_CARDS] + ["special"] * ("special" in kinds):
            found += _move(state, seat, unit, kind)
    if "special" in kinds:
        found += [Listed(f"dismount {u.square}") for u in units if u.type == "knights"]
        found += [t for u in units if u.type == "elephants" for t in _tramples(state, u)]
    cards = [None, *[k for k in kinds if k in ATTACK_CARDS]]
    enemies = sorted(
        (u for u in state.units if state.enemies(u.owner, seat)), key=lambda u: sort_key(u.square)
    )
    return found + [a for u in units for a in _attacks(state, seat, u, enemies, cards)]


def _discards(state: DBAState, seat: str, kinds: list[str]) -> list[Listed]:
    excess = len(state.sides[seat].hand) - HAND_LIMIT
    if excess <= 0:
        return []
    lines = tuple(f"discard {k}" for k in kinds)
    others = "; or " + ", ".join(kinds[1:]) if len(kinds) > 1 else ""
    return [Listed(lines[0], lines[1:], f"{excess} over the hand limit{others}")]


def _move(state: DBAState, seat: str, unit: Unit, kind: str) -> list[Listed]:
    squares = _destinations(state, unit, kind)
    if not squares:
        return []
    lines = tuple(f"move {unit.square}-{s} with {kind}" for s in squares)
    source, moved = unit.square, unit.moved
    try:  # the card's own conditions (move limit, ability), tried on the first square
        do_move(state, seat, Move(card=kind, steps=[(source, squares[0])]))
    except Refused:
        return []
    finally:
        unit.square, unit.moved = source, moved
    hint = "or to " + " ".join(squares[1:]) if len(squares) > 1 else ""
    return [Listed(lines[0], lines[1:], hint)]


def _destinations(state: DBAState, unit: Unit, kind: str) -> list[str]:
    if kind in ("quick", "special"):
        if kind == "special" and unit.type not in KNIGHT_MOVERS:
            return []
        free = [s for s in knight_squares(unit.square, state.size) if _free(state, unit, s)]
        return sorted(free, key=sort_key)
    return sorted(reachable(state, unit, reach_of(state, unit, kind)), key=sort_key)


def _free(state: DBAState, unit: Unit, square: str) -> bool:
    return state.unit_at(square) is None and can_enter(state, unit.type, square)


def _tramples(state: DBAState, unit: Unit) -> list[Listed]:
    found = []
    for via in [s for s in neighbours(unit.square, state.size) if _free(state, unit, s)]:
        for near in neighbours(via, state.size):
            enemy = state.unit_at(near)
            if enemy is not None and state.enemies(enemy.owner, unit.owner):
                moved = unit.model_copy(update={"square": via})
                if in_range(state, moved, near, 1):
                    found.append(Listed(f"trample {unit.square} {via} {near}"))
    return found


def _attacks(
    state: DBAState, seat: str, unit: Unit, enemies: list[Unit], cards: list[str | None]
) -> list[Listed]:
    found = []
    for enemy in enemies:
        if not could_attack(state, unit, enemy.square):
            continue
        legal = [c for c in cards if _may(state, seat, unit, enemy, c)]
        if legal:
            lines = tuple(_attack_line(unit, enemy, c) for c in legal)
            hint = "or with " + ", ".join(str(c) for c in legal[1:]) if legal[1:] else ""
            found.append(Listed(lines[0], lines[1:], hint))
    return found


def _attack_line(unit: Unit, enemy: Unit, card: str | None) -> str:
    return f"attack {unit.square} {enemy.square}" + (f" with {card}" if card else "")


def _may(state: DBAState, seat: str, unit: Unit, enemy: Unit, card: str | None) -> bool:
    try:
        check_attack(state, seat, Attack(source=unit.square, target=enemy.square, card=card))
    except Refused:
        return False
    return True

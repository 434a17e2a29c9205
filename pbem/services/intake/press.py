"""PRESS: a player's message relayed to other players, addressed by seat or name, never by
address (an address gets the same answer whether or not a player has it: no oracle), its text
cleaned of bidi and control characters as names are. Words before the target ask for a kind of
press (`PRESS GREY p2`, `PRESS FAKE p2`); whether the campaign allows it is press_rules.py's."""

from __future__ import annotations

from dataclasses import dataclass, replace

from pbem.ledger.models import Player
from pbem.validation import without_controls

EVERYONE = ("all", "everyone", "*")
MODIFIERS = {"grey": "grey", "gray": "grey", "white": "white", "fake": "fake"}
NOT_AN_ADDRESS = "mail.E_PRESS_ADDRESS"
NO_SUCH_PLAYER = "mail.E_PRESS_TARGET"
BROADCAST_ONLY = "mail.E_PRESS_BROADCAST"  # the campaign relays press to everyone or no one


@dataclass(frozen=True)
class Addressed:
    """Who a PRESS mail goes to and the message, or the code of why it goes nowhere."""

    targets: list[Player]
    text: str
    refusal: str = ""
    to_all: bool = False  # PRESS ALL: every other player
    asked: frozenset[str] = frozenset()  # the kinds written before the target: grey, white, fake
    target: str = ""  # the target as written, for a notice naming it


def addressed(
    players: list[Player], sender: Player, line: str, following: str, broadcast_only: bool = False
) -> Addressed:
    """Read `PRESS [GREY|WHITE] [FAKE] <seat | number | name | ALL> message` against the
    campaign's other players (`broadcast_only`: the campaign's press_to=all, so only ALL is
    relayed)."""
    asked, line = _modifiers(line)
    found = _addressed(players, sender, line, following, broadcast_only)
    return replace(found, asked=asked, target=target_word(line))


def _addressed(
    players: list[Player], sender: Player, line: str, following: str, broadcast_only: bool
) -> Addressed:
    others = [p for p in players if p.id != sender.id and p.status != "replaced"]
    first = line.split(maxsplit=1)[0].lower() if line.strip() else ""
    if "@" in first:
        return Addressed([], "", NOT_AN_ADDRESS)
    word = first.rstrip(":,")  # PRESS p2: or PRESS ALL, as well as PRESS p2
    if word in EVERYONE:
        return Addressed(others, _message(line, len(first), following), to_all=True)
    if broadcast_only:
        return Addressed([], "", BROADCAST_ONLY)
    seat = f"p{word}" if word.isdigit() else word
    by_seat = [p for p in others if p.seat.lower() == seat]
    if by_seat:
        return Addressed(by_seat, _message(line, len(first), following))
    for player in sorted(others, key=lambda p: -len(p.name)):
        if _starts_with_name(line, player.name):
            return Addressed([player], _message(line, len(player.name), following))
    return Addressed([], "", NO_SUCH_PLAYER)


def _modifiers(line: str) -> tuple[frozenset[str], str]:
    """The kinds of press written before the target, and the line after them."""
    asked: set[str] = set()
    rest = line.strip()
    while rest:
        head, _, tail = rest.partition(" ")
        kind = MODIFIERS.get(head.rstrip(":,").lower())
        if kind is None:
            break
        asked.add(kind)
        rest = tail.strip()
    return frozenset(asked), rest


def _starts_with_name(line: str, name: str) -> bool:
    """Whether the command line begins with `name` as whole words (any case)."""
    head = line.strip()[: len(name)]
    rest = line.strip()[len(name) :]
    return bool(name) and head.lower() == name.lower() and (not rest or not rest[0].isalnum())


def _message(line: str, cut: int, following: str) -> str:
    """The message: the command line after its target, then the lines below, made safe."""
    first = line.strip()[cut:].lstrip(" :,-")
    joined = "\n".join(part for part in (first.strip(), following) if part.strip())
    return without_controls(joined)


def target_word(line: str) -> str:
    """The target as the player wrote it, for the reply naming what was not found."""
    return without_controls(line.split(maxsplit=1)[0]) if line.strip() else ""

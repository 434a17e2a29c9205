"""Mail commands in the first line of a player's cleaned text; anything else is orders.

Keywords (case-insensitive, an optional trailing ":" allowed): HELP, STATUS, RESEND,
ORDERS, REFEREE <message>, PRESS <seat|all> <message>, PREVIEW (orders below: those to try).
"ORDERS" alone asks for the orders on file ("show_orders"); "ORDERS" followed by lines marks
those lines as orders.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

CommandKind = Literal[
    "help", "status", "resend", "show_orders", "referee", "press", "preview", "orders"
]

_SIMPLE: dict[str, CommandKind] = {"help": "help", "status": "status", "resend": "resend"}


@dataclass(frozen=True)
class Command:
    """What the player asked for, its argument, and the text that goes with it."""

    kind: CommandKind
    argument: str = ""
    text: str = ""
    line: str = field(default="", compare=False)  # the rest of the command's own line
    below: str = field(default="", compare=False)  # the lines under the command's line


def detect_command(text: str) -> Command:
    """Read the first non-blank line as a command; otherwise the whole text is orders."""
    lines = text.replace("\r\n", "\n").split("\n")
    index = next((i for i, line in enumerate(lines) if line.strip()), None)
    if index is None:
        return Command("orders", "", "")
    words = lines[index].split()
    keyword = words[0].rstrip(":").lower()
    rest_of_line = " ".join(words[1:])
    following = "\n".join(lines[index + 1 :]).strip("\n")
    if keyword in _SIMPLE:
        return Command(_SIMPLE[keyword], rest_of_line, following)
    if keyword == "orders":
        return _orders(rest_of_line, following)
    if keyword == "preview":
        return Command("preview", "", _join(rest_of_line, following))
    if keyword == "referee":
        return Command("referee", "", _join(rest_of_line, following))
    if keyword == "press":
        return Command("press", words[1].lower() if len(words) > 1 else "",
                       _join(" ".join(words[2:]), following), rest_of_line, following)  # fmt: skip
    return Command("orders", "", text.strip("\n"))


def _orders(rest_of_line: str, following: str) -> Command:
    """ORDERS alone asks for the orders on file; with text after it, the text is orders."""
    body = _join(rest_of_line, following)
    return Command("orders", "", body) if body.strip() else Command("show_orders")


def _join(first: str, following: str) -> str:
    """A message made of the rest of the command line and the lines after it."""
    return "\n".join(part for part in (first.strip(), following) if part.strip())

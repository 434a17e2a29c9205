"""What a mail to the community desk asks for: its first non-blank line, read as a command."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

AskKind = Literal["list", "signon", "resign", "observe", "record", "absence", "extend"]
SEAT_KINDS = ("absence", "extend")  # a player's own: answered once the mail authenticates
_ONE_WORD: dict[str, AskKind] = {
    "list": "list",
    "signon": "signon",
    "resign": "resign",
    "observe": "observe",
    "absence": "absence",
    "extend": "extend",
}
MAX_PREFERENCE = 200  # characters of a preference line kept


@dataclass(frozen=True)
class Ask:
    """A community command: its kind, the campaign it names, and the rest of its line."""

    kind: AskKind
    campaign: str = ""
    rest: str = ""


def read_ask(text: str) -> Ask | None:
    """The community command in the mail's first non-blank line, or None when it has none."""
    line = next((ln.strip() for ln in text.replace("\r\n", "\n").split("\n") if ln.strip()), "")
    words = line.split()
    if not words:
        return None
    keyword = words[0].rstrip(":").lower()
    if keyword == "status" and [w.lower() for w in words[1:]] == ["me"]:
        return Ask("record")
    kind = _ONE_WORD.get(keyword)
    if kind is None:
        return None
    campaign = words[1] if len(words) > 1 else ""
    return Ask(kind, campaign, " ".join(words[2:])[:MAX_PREFERENCE])

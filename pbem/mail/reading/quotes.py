"""Cut quoted reply history, forwarded blocks and signatures from a player's mail text.

What is kept: the text before the first quote block, plus any unquoted text the player
wrote between or after quote blocks (interleaved replies), up to the first signature
delimiter, mobile trailer or unquoted history block (Outlook, forwards). Attribution
lines such as "On <date>, <name> wrote:" are dropped; so are lines starting with ">",
and a closing sign-off ("Thanks,", "Cheers," ...) followed by at most two short lines.
"""

from __future__ import annotations

import re

_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u200e\u200f\u2060\ufeff\u00ad"))
_SPACES = dict.fromkeys(map(ord, "\u00a0\u202f\u2007"), " ")

_ATTRIBUTION = re.compile(
    r"^(?:on\b.*\bwrote"
    r"|le\b.*\ba\s+écrit"
    r"|am\b.*\bschrieb\b.*"
    r"|el\b.*\bescribió"
    r"|il\b.*\bha\s+scritto"
    r"|op\b.*\bschreef\b.*"
    r"|em\b.*\bescreveu"
    r")\s*:$",
    re.IGNORECASE,
)
_ATTRIBUTION_START = re.compile(r"^(?:on|le|am|el|il|op|em)\b", re.IGNORECASE)

_HISTORY_MARKER = re.compile(
    r"^(?:-{2,}\s*(?:original message|forwarded message|ursprüngliche nachricht"
    r"|weitergeleitete nachricht|message d'origine|message transféré|mensaje original"
    r"|mensaje reenviado|messaggio originale|messaggio inoltrato)\s*-{2,}"
    r"|begin forwarded message:"
    r"|anfang der weitergeleiteten nachricht:"
    r"|début du message réexpédié\s?:)$",
    re.IGNORECASE,
)
_SEPARATOR = re.compile(r"^_{10,}$")
_FROM_LINE = re.compile(r"^\*?(?:from|von|de|da|van|od)\s?:\*?\s", re.IGNORECASE)
_BLOCK_FIELD = re.compile(
    r"^\*?(?:sent|date|to|cc|subject|gesendet|datum|an|betreff|envoyé|à|objet|enviado"
    r"|fecha|para|asunto|inviato|data|oggetto)\s?:",
    re.IGNORECASE,
)
_SIGN_OFF = re.compile(
    r"^(?:thanks|thank you|many thanks|thx|cheers|regards|best|best regards|kind regards"
    r"|best wishes|yours|greetings|merci|cordialement|bien à vous|grüße|gruß|viele grüße"
    r"|liebe grüße|lg|mfg|saludos|un saludo|ciao|saluti)[\s,.!]*$",
    re.IGNORECASE,
)
_TRAILER = re.compile(
    r"^(?:sent from my \S.*|get outlook for \S.*|sent from (?:mail|outlook|yahoo mail)\b.*"
    r"|von meinem \S.* gesendet|envoyé de mon \S.*|enviado desde mi \S.*"
    r"|inviato da(?:l mio)? \S.*)$",
    re.IGNORECASE,
)


def normalise(text: str) -> str:
    """Unify line ends, drop zero-width characters, turn no-break spaces into spaces."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = text.translate(_INVISIBLE).translate(_SPACES)
    return "\n".join(line.rstrip() for line in text.split("\n"))


def strip_reply(text: str) -> str:
    """Return only what the player wrote: no quoted history, no signature."""
    lines = normalise(text).split("\n")
    kept: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index].strip()
        if _ends_player_text(lines, index):
            break
        skip = _attribution_length(lines, index)
        if skip:
            index += skip
            continue
        if not line.startswith(">"):
            kept.append(lines[index])
        index += 1
    return _tidy(_drop_sign_off(kept))


def _drop_sign_off(lines: list[str]) -> list[str]:
    """Cut a closing such as "Thanks,\nAnna" that ends the text.

    Only after some text, and only when at most two short lines without digits
    (a name, not orders such as "hold c3") follow it.
    """
    for index, line in enumerate(lines):
        if not _SIGN_OFF.match(line.strip()) or not any(x.strip() for x in lines[:index]):
            continue
        tail = [rest.strip() for rest in lines[index + 1 :] if rest.strip()]
        if len(tail) <= 2 and all(_looks_like_name(rest) for rest in tail):
            return lines[:index]
    return lines


def _looks_like_name(line: str) -> bool:
    """A short line without digits, as a name under a sign-off is."""
    return len(line) <= 40 and not any(ch.isdigit() for ch in line)


def _ends_player_text(lines: list[str], index: int) -> bool:
    """True at a signature, a mobile trailer, or unquoted history that runs to the end."""
    line = lines[index].strip()
    if line == "--" or _TRAILER.match(line) or _HISTORY_MARKER.match(line):
        return True
    if _SEPARATOR.match(line):
        following = _next_nonblank(lines, index + 1)
        return following is not None and bool(_FROM_LINE.match(following))
    return _is_header_block(lines, index)


def _is_header_block(lines: list[str], index: int) -> bool:
    """True at an Outlook-style "From: / Sent: / To: / Subject:" block."""
    if not _FROM_LINE.match(lines[index].strip()):
        return False
    window = [line.strip() for line in lines[index + 1 : index + 7]]
    return sum(1 for line in window if _BLOCK_FIELD.match(line)) >= 2


def _attribution_length(lines: list[str], index: int) -> int:
    """How many lines an attribution ("On ... wrote:") takes at `index`: 0, 1 or 2."""
    line = lines[index].strip()
    if not line or line.startswith(">"):
        return 0
    if _ATTRIBUTION.match(line) or _introduces_quote(lines, index):
        return 1
    if index + 1 < len(lines) and _ATTRIBUTION_START.match(line):
        joined = f"{line} {lines[index + 1].strip()}"
        if _ATTRIBUTION.match(joined):
            return 2
    return 0


def _introduces_quote(lines: list[str], index: int) -> bool:
    """True for a line ending in ':' that is followed directly by a quoted line."""
    if not lines[index].rstrip().endswith(":") or index + 1 >= len(lines):
        return False
    return lines[index + 1].lstrip().startswith(">") and " " in lines[index].strip()


def _next_nonblank(lines: list[str], start: int) -> str | None:
    """The first non-blank line from `start`, stripped, or None."""
    for line in lines[start:]:
        if line.strip():
            return line.strip()
    return None


def _tidy(lines: list[str]) -> str:
    """Collapse runs of blank lines and trim blank lines at both ends."""
    out: list[str] = []
    for line in lines:
        if line.strip() or (out and out[-1].strip()):
            out.append(line if line.strip() else "")
    while out and not out[-1]:
        out.pop()
    return "\n".join(out)

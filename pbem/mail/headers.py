"""Header names and values pbem writes and reads, plus safe raw header access."""

from __future__ import annotations

import base64
import binascii
import codecs
import hashlib
import re
from email.message import Message

LOOP_HEADER = "X-Pbem-Loop"
LOOP_PREFIX = "pbem"

AUTO_SUBMITTED = "Auto-Submitted"
AUTO_NO = "no"
AUTO_REPLIED = "auto-replied"
AUTO_GENERATED = "auto-generated"
AUTO_SUBMITTED_VALUES = (AUTO_NO, AUTO_GENERATED, AUTO_REPLIED, "auto-notified")

HEADERS_OF_INTEREST = (
    "Auto-Submitted",
    "Precedence",
    "List-Id",
    "List-Unsubscribe",
    "Return-Path",
    "Reply-To",
    "X-Autoreply",
    "X-Autorespond",
    "X-Auto-Response-Suppress",
    "X-Failed-Recipients",
    LOOP_HEADER,
)

_FOLD = re.compile(r"[ \t]*\r?\n[ \t]*")
_WORD = r"=\?[^?\s]+\?[bBqQ]\?[^?\s]*\?="
_ENCODED_WORD = re.compile(r"=\?([^?\s]+)\?([bBqQ])\?([^?\s]*)\?=")
_BETWEEN_WORDS = re.compile(rf"({_WORD})\s+(?={_WORD})")


def loop_value(referee_address: str) -> str:
    """The loop header value pbem stamps on mail sent from `referee_address`."""
    return f"{LOOP_PREFIX}; {referee_address.strip().lower()}"


def raw_values(msg: Message, name: str) -> list[str]:
    """Every raw value of header `name`, unfolded, without any policy parsing."""
    wanted = name.lower()
    values: list[str] = []
    for key, value in msg.raw_items():
        if key.lower() == wanted:
            values.append(_FOLD.sub(" ", str(value)).strip())
    return values


def raw_value(msg: Message, name: str) -> str:
    """The first raw value of header `name`, or "" when absent."""
    values = raw_values(msg, name)
    return values[0] if values else ""


def decode_words(value: str) -> str:
    """Decode RFC 2047 encoded words and stray 8-bit bytes in a header; never raises."""
    text = repair_surrogates(value)
    # whitespace between two adjacent encoded words is not part of the text (RFC 2047 6.2)
    text = _BETWEEN_WORDS.sub(r"\1", text)
    return _ENCODED_WORD.sub(_decode_word, text)


def _decode_word(match: re.Match[str]) -> str:
    """Decode one =?charset?B|Q?text?= word; leave it as it was when it is broken."""
    charset, encoding, payload = match.group(1), match.group(2).lower(), match.group(3)
    try:
        if encoding == "q":
            data = binascii.a2b_qp(payload.replace("_", " ").encode("ascii"))
        else:
            data = base64.b64decode(payload + "=" * (-len(payload) % 4))
    except (ValueError, UnicodeEncodeError):
        return match.group(0)
    return decode_bytes(data, charset)


def decode_bytes(data: bytes, charset: str | None) -> str:
    """Decode bytes in a declared charset, else UTF-8, else windows-1252; never raises."""
    declared = _known_charset(charset)
    for candidate in (declared, "utf-8"):
        if candidate:
            try:
                return data.decode(candidate)
            except (UnicodeError, LookupError):
                pass
    if declared:
        return data.decode(declared, errors="replace")
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def repair_surrogates(text: str) -> str:
    """Turn surrogate-escaped raw bytes (from 8-bit headers) back into text."""
    if not any("\udc80" <= ch <= "\udcff" for ch in text):
        return text
    try:
        data = text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        data = text.encode("utf-8", "replace")
    return decode_bytes(data, None)


# Text labelled Latin-1 or ASCII is, in practice, usually windows-1252 (as browsers assume).
_CHARSET_ALIASES = {"iso-8859-1": "cp1252", "latin-1": "cp1252", "latin1": "cp1252"}


def _known_charset(charset: str | None) -> str | None:
    """A Python codec name for a declared charset, or None when unknown."""
    if not charset:
        return None
    name = charset.strip().strip('"').lower().split("*")[0]
    name = _CHARSET_ALIASES.get(name, name)
    try:
        info = codecs.lookup(name)
    except (LookupError, ValueError):
        return None
    # bytes-to-bytes codecs such as base64_codec are not text encodings
    return info.name if getattr(info, "_is_text_encoding", True) else None


_ENCODED_WORD_BYTES = 45  # 60 base64 characters: "=?utf-8?b?" + 60 + "?=" is 72 <= 75


def fold_words(name: str, value: str, width: int = 78) -> list[str]:
    """Header lines for an unstructured value, RFC 2047 encoding only the words that need it.

    Spaces between encoded words travel inside them, so decoding restores them exactly.
    """
    tokens = _encoded_tokens(value)
    lines = [f"{name}:"]
    for token in tokens:
        if len(lines[-1]) + 1 + len(token) > width and lines[-1] != f"{name}:":
            lines.append("")
        lines[-1] += " " + token
    return lines


def _encoded_tokens(value: str) -> list[str]:
    """Plain words as they are; runs of words that need encoding as encoded words."""
    tokens: list[str] = []
    run: list[str] = []
    for word in value.split(" "):
        if _needs_encoding(word):
            run.append(word)
            continue
        if run:
            tokens += _encode_run(" ".join(run))
            run = []
        tokens.append(word)
    if run:
        tokens += _encode_run(" ".join(run))
    return tokens


def _needs_encoding(word: str) -> bool:
    """True for a word that is not plain printable ASCII, or that looks like an encoded word."""
    printable = all(" " < ch < "\x7f" for ch in word)
    return not printable or "=?" in word or len(word) > 70


def _encode_run(text: str) -> list[str]:
    """Encoded words for `text`, split on character boundaries."""
    words: list[str] = []
    chunk = b""
    for ch in text:
        data = ch.encode("utf-8", "surrogatepass")
        if len(chunk) + len(data) > _ENCODED_WORD_BYTES:
            words.append(_encoded_word(chunk))
            chunk = b""
        chunk += data
    return [*words, _encoded_word(chunk)]


def _encoded_word(data: bytes) -> str:
    """One base64 encoded word."""
    return "=?utf-8?b?" + base64.b64encode(data).decode("ascii") + "?="


# Control characters and lone surrogates: never stored, never sent on.
_UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_UNSAFE_IN_TEXT = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")
MESSAGE_ID_MAX_BYTES = 512  # far below the PostgreSQL btree row limit (about 2700 bytes)
HEADER_MAX_CHARS = 998  # the RFC 5322 line limit; nothing longer is kept from a header


def safe_header(value: str, max_chars: int = HEADER_MAX_CHARS) -> str:
    """A decoded header value fit to store and quote: no controls, surrogates or NULs; capped."""
    cleaned = _UNSAFE.sub(_replacement, value)
    return cleaned[:max_chars]


def safe_text(value: str) -> str:
    """Body text fit to store: line breaks and tabs kept, other controls and surrogates gone."""
    return _UNSAFE_IN_TEXT.sub(_replacement, value)


def _replacement(match: re.Match[str]) -> str:
    """A space for line breaks and tabs, U+FFFD for surrogates, nothing for other controls."""
    char = match.group(0)
    if char in "\r\n\t":
        return " "
    return "\ufffd" if "\ud800" <= char <= "\udfff" else ""


def safe_message_id(value: str) -> str:
    """A Message-ID fit for both backends' indexes; a stable hash stands in when too long."""
    cleaned = _UNSAFE.sub(_replacement, value).replace(" ", "")
    encoded = cleaned.encode("utf-8")
    if len(encoded) <= MESSAGE_ID_MAX_BYTES:
        return cleaned
    return "sha256-" + hashlib.sha256(encoded).hexdigest() + "@long-id.invalid"

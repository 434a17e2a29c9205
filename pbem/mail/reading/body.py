"""Find the player's order text in a parsed mail, or a stable reason why there is none."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from email.message import Message
from typing import Literal

from pbem.mail.headers import decode_bytes
from pbem.mail.reading import mimeparts
from pbem.mail.reading.flowed import unflow
from pbem.mail.reading.html_text import html_to_text
from pbem.mail.reading.quotes import normalise, strip_reply

E_TOO_LARGE = "mail.E_TOO_LARGE"
E_TOO_DEEP = "mail.E_TOO_DEEP"
E_ENCRYPTED = "mail.E_ENCRYPTED"
E_TOO_MANY_PARTS = "mail.E_TOO_MANY_PARTS"
E_NO_TEXT = "mail.E_NO_TEXT"
E_UNPARSEABLE = "mail.E_UNPARSEABLE"

Source = Literal["plain", "html", "attachment", "none"]

ENCRYPTED_TYPES = frozenset(
    {
        "multipart/encrypted",
        "application/pgp-encrypted",
        "application/pkcs7-mime",
        "application/x-pkcs7-mime",
    }
)
PGP_MESSAGE = "-----BEGIN PGP MESSAGE-----"
PGP_SIGNED = "-----BEGIN PGP SIGNED MESSAGE-----"
PGP_SIGNATURE = "-----BEGIN PGP SIGNATURE-----"


@dataclass(frozen=True)
class Body:
    """The order text of a mail, where it came from, and a refusal code if unusable."""

    text: str
    source: Source
    refusal: str | None = None
    attachment_name: str | None = None
    unread_attachment: str | None = None  # an order file left unread: the mail had text


@dataclass(frozen=True)
class _Tree:
    """What a walk over the MIME tree found."""

    leaves: list[Message]
    too_deep: bool
    encrypted: bool


def extract_body(msg: Message, max_depth: int = 10) -> Body:
    """The cleaned order text of `msg`: plain text, else HTML, else an attached .txt file."""
    tree = _walk(msg, max_depth)
    if tree.too_deep:
        return Body("", "none", E_TOO_DEEP)
    text, source = _main_text(tree.leaves)
    order_file = _order_file(tree.leaves)
    encrypted = tree.encrypted or _has_inline_pgp(text)
    cleaned = strip_reply(unwrap_clearsigned(text))
    name = unread = None
    if not cleaned and order_file is not None:
        name, raw_file = order_file
        encrypted = encrypted or _has_inline_pgp(raw_file)
        cleaned, source = normalise(raw_file).strip("\n"), "attachment"
    elif order_file is not None:
        unread = order_file[0] or "text file"  # the mail's own text is read; the reply says
        # the file was not
    if encrypted:
        return Body("", source, E_ENCRYPTED, name)
    if not cleaned.strip():
        return Body("", source, E_NO_TEXT, name)
    return Body(cleaned, source, None, name, unread)


def _walk(msg: Message, max_depth: int) -> _Tree:
    """Visit every part without recursion, noting depth, encryption and body leaves."""
    leaves: list[Message] = []
    encrypted = False
    stack: list[tuple[Message, int, bool]] = [(msg, 0, False)]
    while stack:
        part, depth, embedded = stack.pop()
        if depth > max_depth:
            return _Tree(leaves, True, encrypted)
        content_type = mimeparts.content_type(part)
        encrypted = encrypted or (content_type in ENCRYPTED_TYPES and not embedded)
        if not part.is_multipart():
            if not embedded:
                leaves.append(part)
            continue
        inner = embedded or content_type.startswith("message/")
        children = mimeparts.children(part)
        stack.extend((child, depth + 1, inner) for child in reversed(children))
    return _Tree(leaves, False, encrypted)


def _is_attachment(part: Message) -> bool:
    """True for a part sent as a file rather than as the message body."""
    return mimeparts.disposition(part) == "attachment" or bool(mimeparts.filename(part))


def _main_text(leaves: list[Message]) -> tuple[str, Source]:
    """The body text: inline text/plain parts joined, else inline HTML made into text."""
    inline = [part for part in leaves if not _is_attachment(part)]
    plain = _joined(part for part in inline if mimeparts.content_type(part) == "text/plain")
    if plain.strip():
        return plain, "plain"
    html = _joined(part for part in inline if mimeparts.content_type(part) == "text/html")
    if html.strip():
        return html_to_text(html), "html"
    return "", "none"


def _joined(parts: Iterable[Message]) -> str:
    """Decoded text of several parts, one after another."""
    return "\n".join(part_text(part) for part in parts)


def _order_file(leaves: list[Message]) -> tuple[str, str] | None:
    """(filename, text) of the first attached order file, if any."""
    for part in leaves:
        if not _is_attachment(part):
            continue
        name = mimeparts.filename(part)
        if name.lower().endswith(".txt") or mimeparts.content_type(part) == "text/plain":
            return name, part_text(part)
    return None


def part_text(part: Message) -> str:
    """Decode one leaf part's payload to text: transfer encoding, charset, format=flowed."""
    try:
        payload = part.get_payload(decode=True)
    except Exception:
        payload = None
    data = payload if isinstance(payload, bytes) else b""
    text = decode_bytes(data, mimeparts.charset(part)).replace("\r\n", "\n")
    if mimeparts.param(part, "format").lower() == "flowed":
        text = unflow(text, mimeparts.param(part, "delsp").lower() == "yes")
    return text


def _has_inline_pgp(text: str) -> bool:
    """True when unquoted text carries an inline PGP-encrypted block."""
    return any(line.strip() == PGP_MESSAGE for line in text.splitlines())


def unwrap_clearsigned(text: str) -> str:
    """Replace an inline PGP clear-signed block by the text it signs."""
    lines = text.split("\n")
    starts = [i for i, line in enumerate(lines) if line.strip() == PGP_SIGNED]
    if not starts:
        return text
    start = starts[0]
    body_start = start + 1
    while body_start < len(lines) and lines[body_start].strip():
        body_start += 1  # armor headers such as "Hash: SHA256"
    body_start += 1  # the blank line after them
    end = body_start
    while end < len(lines) and lines[end].strip() != PGP_SIGNATURE:
        end += 1
    signed = [line[2:] if line.startswith("- ") else line for line in lines[body_start:end]]
    return "\n".join(lines[:start] + signed + _after_signature(lines, end))


def _after_signature(lines: list[str], start: int) -> list[str]:
    """The lines after the PGP signature's END marker."""
    for index in range(start, len(lines)):
        if lines[index].strip().startswith("-----END PGP SIGNATURE"):
            return lines[index + 1 :]
    return []

"""MIME bytes written directly: the bytes the email package writes for compose, without it.

Headers are folded by the SMTP policy itself (memoised per value), except short plain
addresses and dates, written as given. Bodies: quoted-printable escaped as quoprimime escapes
and wrapped by its line loop, ported here; base64 cut at 76 columns; boundaries and part
headers as outbound's email-package path leaves them, for plain types, file names and content
ids. Every shortcut is tested against the email package (tests/mail/test_compose_fast.py).
Anything else raises `NotCovered`, and compose builds the message with the email package.
"""

from __future__ import annotations

import binascii
import re
from dataclasses import dataclass
from datetime import datetime
from email.utils import format_datetime
from functools import lru_cache
from typing import Any

from pbem.mail.policies import MEMO_CHARS, SEND

CRLF = b"\r\n"
MAX_LINE = 78  # policy.SMTP's max_line_length: longer header lines fold, qp lines wrap
BASE64_COLUMNS = 76  # 57 bytes a line, as email.contentmanager._encode_base64 on policy.SMTP

# Bytes quoprimime leaves as they are in a body: printable ASCII but "=", tab, line ends.
_QP_ESCAPED = re.compile(rb"[^\t\n -~]+")  # "=" is escaped before
_EQUALS = ord("=")
_QP_LONG_LINE = re.compile(rb"(?m)^[^\n]{%d}" % (MAX_LINE + 1))
_BASE64_LINE = re.compile(rb".{1,%d}" % BASE64_COLUMNS, re.DOTALL)

# Plain addresses, written as given: "local@domain" or "Display Name <local@domain>".
_ADDR_SPEC = r"[A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*"
_DISPLAY = r"[A-Za-z0-9_'+-]+(?: [A-Za-z0-9_'+-]+)*"
_PLAIN_ADDRESS = re.compile(rf"{_ADDR_SPEC}|{_DISPLAY} <{_ADDR_SPEC}>")
_DATE = re.compile(
    r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), [0-3][0-9] "
    r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [1-9][0-9]{3} "
    r"[0-2][0-9]:[0-5][0-9]:[0-6][0-9] [+-][0-9]{4}"
)
_TYPE_TOKEN = re.compile(r"[a-z0-9][a-z0-9.+-]*")
_FILENAME = re.compile(r"[A-Za-z0-9 _.,+()'@!#$%&~-]+")
_CONTENT_ID = re.compile(r"<[A-Za-z0-9_.+-]+(?:@[A-Za-z0-9_.+-]+)?>")
_NOT_BINARY = ("multipart", "message")  # the generator has its own handlers for these

_QP_CTE = b"Content-Transfer-Encoding: quoted-printable\r\n"
TEXT_HEAD = b'Content-Type: text/plain; charset="utf-8"\r\n' + _QP_CTE
HTML_HEAD = b'Content-Type: text/html; charset="utf-8"\r\n' + _QP_CTE


class NotCovered(Exception):
    """The fast writer cannot be sure of the email package's bytes for this input."""


@dataclass(frozen=True)
class Leaf:
    """A single part: its header lines (each ending CRLF) and its encoded body."""

    head: bytes
    body: bytes


@dataclass(frozen=True)
class Multipart:
    """A multipart/<subtype> part holding `parts`."""

    subtype: str
    parts: tuple[Leaf | Multipart, ...]


def render(head: bytes, tree: Leaf | Multipart, seed: str) -> bytes:
    """The message: `head` then the tree, with outbound's boundaries `=_pbem_<seed>_<index>`."""
    out: list[bytes] = []
    _render(tree, head, seed, out, [0])
    return b"".join(out)


def _render(
    node: Leaf | Multipart, head: bytes, seed: str, out: list[bytes], counter: list[int]
) -> None:
    """Append one part; `counter` numbers parts in email.message.walk order."""
    index = counter[0]
    counter[0] += 1
    if isinstance(node, Leaf):
        out += (head, node.head, CRLF, node.body)
        return
    if not node.parts:
        raise NotCovered("empty multipart")
    boundary = f"=_pbem_{seed}_{index}".encode("ascii")
    type_line = b'Content-Type: multipart/%s; boundary="%s"' % (
        node.subtype.encode("ascii"),
        boundary,
    )
    if len(type_line) > MAX_LINE:
        raise NotCovered("the Content-Type line would fold")
    out += (head, type_line, CRLF, CRLF)
    delimiter = b"--" + boundary + CRLF
    for number, part in enumerate(node.parts):
        out.append(delimiter if number == 0 else CRLF + delimiter)
        _render(part, b"", seed, out, counter)
    out.append(CRLF + b"--" + boundary + b"--" + CRLF)


def qp_body(text: str) -> bytes:
    """`text` as set_content(cte="quoted-printable") and the SMTP generator write it.

    quoprimime.body_encode escapes bytes, then wraps each line on its own: a line of at most
    78 characters not ending in a blank stays as it is; _qp_line wraps any other as it does.
    """
    data = text.encode("utf-8")
    if b"\r" in data:
        data = b"\n".join(data.splitlines()) + b"\n"
    elif not data.endswith(b"\n"):
        data += b"\n"
    encoded = _QP_ESCAPED.sub(_qp_escape, data.replace(b"=", b"=3D"))
    lines = encoded.split(b"\n")  # the last one is empty: the body ends in a line end
    if b" \n" in encoded or b"\t\n" in encoded or _QP_LONG_LINE.search(encoded):
        lines = [_qp_line(line) for line in lines]
    return CRLF.join(lines)


def _qp_escape(match: re.Match[bytes]) -> bytes:
    """=XX for every byte of a run quoprimime escapes."""
    return b"=" + binascii.hexlify(match.group(0), b"=").upper()


def _qp_line(line: bytes) -> bytes:
    """One escaped line wrapped as quoprimime.body_encode(maxlinelen=78) wraps it, CRLF ends."""
    if len(line) <= MAX_LINE and not line.endswith((b" ", b"\t")):
        return line
    pieces: list[bytes] = []
    start = 0
    last_start = len(line) - 1 - MAX_LINE
    while start <= last_start:
        stop = start + MAX_LINE - 1
        if line[stop - 2] == _EQUALS:  # never split an =XX escape
            pieces.append(line[start : stop - 1])
            start = stop - 2
        elif line[stop - 1] == _EQUALS:
            pieces.append(line[start:stop])
            start = stop - 1
        else:
            pieces.append(line[start:stop] + b"=")
            start = stop
    if line.endswith((b" ", b"\t")):
        room = start - last_start
        quoted = b"=%02X" % line[-1]
        if room >= 3:
            tail = quoted
        elif room == 2:
            tail = line[-1:] + b"=" + CRLF
        else:
            tail = b"=" + CRLF + quoted
        pieces.append(line[start:-1] + tail)
    else:
        pieces.append(line[start:])
    return CRLF.join(pieces)


def base64_body(data: bytes) -> bytes:
    """`data` as set_content's base64 on policy.SMTP, lines ending CRLF.

    57 bytes a line make 76 characters with no padding, so cutting one encoding at 76
    columns gives the lines _encode_base64 encodes one by one.
    """
    if not data:
        return b""
    lines = _BASE64_LINE.findall(binascii.b2a_base64(data, newline=False))
    lines.append(b"")
    return CRLF.join(lines)


def folded(name: str, value: str) -> bytes:
    """The header line(s) the SMTP generator writes for `msg[name] = value` (memoised)."""
    if len(value) > MEMO_CHARS:
        return _fold(name, value)
    return _folded(name, value)


@lru_cache(maxsize=1024)
def _folded(name: str, value: str) -> bytes:
    """One header folded by the email package, remembered."""
    return _fold(name, value)


def _fold(name: str, value: str) -> bytes:
    """One header stored and folded by the email package, as the generator does."""
    stored_name, stored = SEND.header_store_parse(name, value)
    return SEND.fold_binary(stored_name, stored)


def fold_own(header: Any) -> bytes:
    """A header object that folds itself (outbound's `_Unstructured`, `_MessageIds`)."""
    return SEND.fold_binary(header.name, header)


def address_line(name: str, value: str) -> bytes:
    """From, To or Reply-To: a short plain address as given, anything else folded."""
    if _PLAIN_ADDRESS.fullmatch(value) and len(name) + 2 + len(value) <= MAX_LINE:
        return b"%s: %s\r\n" % (name.encode("ascii"), value.encode("ascii"))
    return folded(name, value)


def date_line(date: datetime) -> bytes:
    """The Date header for `date` (format_datetime, as outbound sets it)."""
    text = format_datetime(date)
    if _DATE.fullmatch(text) and not text.endswith("-0000"):
        return b"Date: " + text.encode("ascii") + CRLF
    return _fold("Date", text)  # not memoised: every date is new


def binary_head(
    mime_type: tuple[str, str], disposition: str, filename: str, cid: str | None
) -> bytes:
    """Header lines of a base64 file part, as add_related or add_attachment write them."""
    maintype, subtype = mime_type
    plain_type = _TYPE_TOKEN.fullmatch(maintype) and _TYPE_TOKEN.fullmatch(subtype)
    if not plain_type or maintype in _NOT_BINARY or not _FILENAME.fullmatch(filename):
        raise NotCovered("type or file name needs the email package")
    lines = [
        f"Content-Type: {maintype}/{subtype}",
        "Content-Transfer-Encoding: base64",
        f'Content-Disposition: {disposition}; filename="{filename}"',
    ]
    if cid is not None:
        if not _CONTENT_ID.fullmatch(cid):
            raise NotCovered("content id needs the email package")
        lines.append(f"Content-ID: {cid}")
    if any(len(line) > MAX_LINE for line in lines):
        raise NotCovered("a header line would fold")
    return "".join(line + "\r\n" for line in lines).encode("ascii")

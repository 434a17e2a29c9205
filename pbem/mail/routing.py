"""Per-seat reply tokens, so a plain reply to any pbem mail reaches the right seat.

A token looks like "mk1.p2.k3q9x7m2ab": campaign slug, seat slug, and ten base32
characters of an HMAC keyed by the seat's secret. It uses only lowercase letters,
digits, "-" and ".", so servers that lowercase local parts do not break it. The
token travels in the reply address ("referee+TOKEN@domain") and in the subject
("[pbem TOKEN]"); a player may instead start the mail with "campaign seat secret".
This module only finds candidates: the caller looks the seat up in the ledger and
checks the token (or the secret) with `secrets_match`.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from typing import Literal, Protocol

Where = Literal["address", "subject", "body"]

MAC_LENGTH = 10
SECRET_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"  # no 0/o, 1/l: easy to read aloud

_SLUG = r"[a-z0-9](?:[a-z0-9-]*[a-z0-9])?"
_TOKEN = re.compile(rf"^({_SLUG})\.({_SLUG})\.([a-z2-7]{{{MAC_LENGTH}}})$")
_SUBJECT_TAG = re.compile(rf"\[pbem\s+({_SLUG}\.{_SLUG}\.[a-z2-7]{{{MAC_LENGTH}}})\]", re.I)
_AUTH_LINE = re.compile(r"^([A-Za-z0-9_-]{1,40})\s+([A-Za-z0-9_-]{1,40})\s+([A-Za-z0-9]{4,64})$")


class HasRouting(Protocol):
    """What find_tokens reads from an inbound mail (pbem.mail.reading.inbound.Inbound fits)."""

    @property
    def to_addresses(self) -> tuple[str, ...]:
        """Recipient addresses, lower-cased."""
        ...

    @property
    def subject(self) -> str:
        """Decoded subject."""
        ...

    @property
    def body_text(self) -> str:
        """Cleaned order text."""
        ...


@dataclass(frozen=True)
class Token:
    """A routing candidate: campaign and seat slugs plus a token or secret to verify."""

    campaign: str
    seat: str
    value: str
    where: Where
    found_in: str


def slug(name: str) -> str:
    """The token form of a campaign or seat id: lowercase letters, digits and "-"."""
    cleaned = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return cleaned or "x"


def token_for(campaign: str, seat: str, secret: str) -> str:
    """The reply token of a seat: slugs plus an HMAC of them keyed by the seat's secret."""
    head = f"{slug(campaign)}.{slug(seat)}"
    mac = hmac.new(secret.encode("utf-8"), head.encode("utf-8"), hashlib.sha256).digest()
    code = base64.b32encode(mac).decode("ascii").lower()[:MAC_LENGTH]
    return f"{head}.{code}"


def plus_address(referee_address: str, token: str) -> str:
    """The referee address with the token as a +detail: "local+TOKEN@domain"."""
    local, at, domain = referee_address.strip().rpartition("@")
    if not at:
        raise ValueError(f"not an address: {referee_address!r}")
    return f"{local}+{token}@{domain}"


def subject_tag(token: str) -> str:
    """The subject form of a token: "[pbem TOKEN]"."""
    return f"[pbem {token}]"


def parse_token(text: str) -> tuple[str, str] | None:
    """(campaign slug, seat slug) of a well-formed token, else None."""
    match = _TOKEN.match(text.strip().lower())
    return (match.group(1), match.group(2)) if match else None


def find_tokens(inbound: HasRouting) -> list[Token]:
    """Every routing candidate in the recipients, the subject and the first body line."""
    found = _address_tokens(inbound.to_addresses)
    found += _subject_tokens(inbound.subject)
    auth = auth_line(inbound.body_text)
    return found + ([auth] if auth else [])


def _address_tokens(addresses: tuple[str, ...]) -> list[Token]:
    """Tokens in the +detail of recipient addresses."""
    found: list[Token] = []
    for address in addresses:
        local = address.lower().rpartition("@")[0]
        for detail in local.split("+")[1:]:
            found += _as_token(detail, "address", address)
    return found


def _subject_tokens(subject: str) -> list[Token]:
    """Tokens in "[pbem TOKEN]" subject tags."""
    found: list[Token] = []
    for match in _SUBJECT_TAG.finditer(subject):
        found += _as_token(match.group(1), "subject", match.group(0))
    return found


def _as_token(text: str, where: Where, found_in: str) -> list[Token]:
    """A one-element list with the token in `text`, or an empty list."""
    parsed = parse_token(text)
    if parsed is None:
        return []
    return [Token(parsed[0], parsed[1], text.strip().lower(), where, found_in)]


def auth_line(text: str) -> Token | None:
    """A "campaign seat secret" first line as a candidate (value = the secret)."""
    first = _first_line(text)
    match = _AUTH_LINE.match(first) if first is not None else None
    if first is None or match is None:
        return None
    campaign, seat, secret = match.groups()
    # secrets are issued in lowercase; some phones capitalise the first letter typed
    return Token(slug(campaign), slug(seat), secret.lower(), "body", first)


def drop_auth_line(text: str) -> str:
    """The text without its first non-blank line; call after the secret was verified."""
    lines = text.split("\n")
    for index, line in enumerate(lines):
        if line.strip():
            return "\n".join(lines[index + 1 :]).strip("\n")
    return text


def _first_line(text: str) -> str | None:
    """The first non-blank line, stripped."""
    for line in text.split("\n"):
        if line.strip():
            return line.strip()
    return None


def secrets_match(given: str, expected: str) -> bool:
    """Constant-time comparison of a presented token or secret with the stored one."""
    return hmac.compare_digest(given.encode("utf-8"), expected.encode("utf-8"))


def new_secret(length: int = 10) -> str:
    """A fresh random seat secret of lowercase letters and digits."""
    return "".join(secrets.choice(SECRET_ALPHABET) for _ in range(length))

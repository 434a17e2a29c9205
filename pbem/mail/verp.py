"""VERP: each outgoing mail's envelope sender names its outbox row, signed, so bounces match.

The envelope sender of a letter to a player is "referee+bounce-<row>-<mac>@domain", where
<mac> is twelve base32 characters of an HMAC over the row number keyed by the player's
secret. Only the receiving mail system sees this address (as Return-Path), and bounces go
back to it, so a bounce to a valid VERP address is evidence that row's mail failed. Headers
inside a bounce can be written by anyone; the VERP address cannot be guessed.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from collections.abc import Iterable
from dataclasses import dataclass

MAC_LENGTH = 12
_DETAIL = re.compile(rf"\+bounce-([0-9]{{1,18}})-([a-z2-7]{{{MAC_LENGTH}}})$")


@dataclass(frozen=True)
class BounceToken:
    """The outbox row a VERP address names, and the MAC it carries (not yet checked)."""

    row_id: int
    mac: str


def _mac(row_id: int, key: str) -> str:
    """The MAC of a row number under a player's secret."""
    digest = hmac.new(key.encode("utf-8"), f"bounce:{row_id}".encode(), hashlib.sha256).digest()
    return base64.b32encode(digest).decode("ascii").lower()[:MAC_LENGTH]


def bounce_address(referee_address: str, row_id: int, key: str) -> str:
    """The envelope sender for outbox row `row_id`: "local+bounce-ROW-MAC@domain"."""
    local, _, domain = referee_address.strip().rpartition("@")
    local = local.split("+", 1)[0]
    return f"{local}+bounce-{row_id}-{_mac(row_id, key)}@{domain}"


def find_bounce_token(referee_address: str, addresses: Iterable[str]) -> BounceToken | None:
    """The VERP token in the first recipient that is the referee's bounce address, if any."""
    local, _, domain = referee_address.strip().lower().rpartition("@")
    base = local.split("+", 1)[0]
    for address in addresses:
        their_local, _, their_domain = address.strip().lower().rpartition("@")
        if their_domain != domain or not their_local.startswith(base + "+"):
            continue
        match = _DETAIL.search(their_local[len(base) :])
        if match and their_local[len(base) :] == match.group(0):
            return BounceToken(int(match.group(1)), match.group(2))
    return None


def is_bounce_address(referee_address: str, addresses: Iterable[str]) -> bool:
    """Whether any recipient has the shape of a VERP address, valid or not."""
    local = referee_address.strip().lower().rpartition("@")[0].split("+", 1)[0]
    return any(a.strip().lower().startswith(f"{local}+bounce-") for a in addresses)


def token_matches(token: BounceToken, key: str) -> bool:
    """Whether the token's MAC was made with `key` for its row."""
    return hmac.compare_digest(token.mac, _mac(token.row_id, key))

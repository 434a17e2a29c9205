"""Where a campaign's randomness comes from: a secret kept only in the ledger.

Each campaign gets 256 random bits from `secrets` when it is created (Campaign.seed_secret).
Every seed it uses, and the thread root its mail refers to, is an HMAC-SHA256 keyed by that
secret; a referee's --seed is only mixed into the message, so knowing or guessing it gives a
player nothing. Tests and demos may fix the secret with PBEM_FIXED_CAMPAIGN_SECRET.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import secrets

from pbem.errors import ConfigError
from pbem.ledger.models import Campaign

FIXED_SECRET_VARIABLE = "PBEM_FIXED_CAMPAIGN_SECRET"
SECRET_BYTES = 32  # 256 bits
_HEX_SECRET = re.compile(rf"^[0-9a-f]{{{2 * SECRET_BYTES},}}$")


def new_campaign_secret() -> str:
    """A fresh 256-bit secret as hex, or the fixed one tests and demos set in the environment."""
    fixed = os.environ.get(FIXED_SECRET_VARIABLE, "").strip().lower()
    if not fixed:
        return secrets.token_hex(SECRET_BYTES)
    if not _HEX_SECRET.match(fixed):
        raise ConfigError(
            "config.E_FIXED_SECRET", variable=FIXED_SECRET_VARIABLE, digits=2 * SECRET_BYTES
        )
    return fixed


def keyed_seed(secret: str, master_seed: int | None, label: str) -> int:
    """A 63-bit seed: HMAC-SHA256 keyed by the secret over the referee's seed and a label."""
    message = f"seed:{'none' if master_seed is None else master_seed}:{label}"
    return int.from_bytes(_mac(secret, message)[:8], "big") >> 1


def start_seed(secret: str, master_seed: int | None) -> int:
    """The seed the opening (setup, deal, first shuffle) is drawn with."""
    return keyed_seed(secret, master_seed, "start")


def phase_seed(campaign: Campaign, seq: int) -> int:
    """The seed of phase `seq`: keyed by the campaign's secret, or fresh for an older campaign."""
    if campaign.seed_secret is None:  # created before migration 0011: no secret to key with
        return secrets.randbits(63)
    return keyed_seed(campaign.seed_secret, campaign.master_seed, f"phase-{seq}")


def expected_start_seed(campaign: Campaign) -> int:
    """The opening's seed as the secret gives it (an older campaign's as recorded)."""
    if campaign.seed_secret is None:
        return campaign.start_seed
    return start_seed(campaign.seed_secret, campaign.master_seed)


def keyed_phase_seeds(campaign: Campaign, last_seq: int) -> frozenset[int] | None:
    """The seeds the secret gives phases 1..last_seq (None for an older campaign). A phase
    re-run by a rollback keeps its first seed under a later number, so replay checks that a
    recorded seed is among these rather than the one of its own number."""
    if campaign.seed_secret is None:
        return None
    secret, master = campaign.seed_secret, campaign.master_seed
    return frozenset(keyed_seed(secret, master, f"phase-{seq}") for seq in range(1, last_seq + 1))


def thread_key(campaign: Campaign) -> str:
    """What the thread root's Message-ID is made from: an HMAC of the name under the secret."""
    if campaign.seed_secret is None:  # older campaigns keep their thread, hashed as before
        return f"thread:{campaign.name}:{campaign.start_seed}"
    return "thread:" + _mac(campaign.seed_secret, f"thread:{campaign.name}").hex()


def _mac(secret: str, message: str) -> bytes:
    return hmac.new(bytes.fromhex(secret), message.encode("utf-8"), hashlib.sha256).digest()

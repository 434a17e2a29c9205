"""Raw mail as the ledger keeps it: whole when small enough, else its head and a hash."""

from __future__ import annotations

import re

from pbem.ledger.models import InboundMessage
from pbem.mail.reading.body import E_TOO_LARGE
from pbem.mail.reading.inbound import Inbound, read_message
from pbem.services.base.runtime import Runtime
from pbem.services.intake.intake_limits import KEPT_BODY_BYTES, MAX_HEADER_BYTES, max_message_bytes

_HEADER_END = re.compile(rb"\r?\n\r?\n")


def kept_raw(raw: bytes, limit: int) -> tuple[bytes, bool]:
    """The bytes to store and whether they are truncated: the header block and a body prefix."""
    if len(raw) <= limit:
        return raw, False
    match = _HEADER_END.search(raw, 0, MAX_HEADER_BYTES)
    head_end = match.end() if match else min(len(raw), MAX_HEADER_BYTES)
    return raw[: head_end + KEPT_BODY_BYTES], True


def read_stored(rt: Runtime, row: InboundMessage, parsed: Inbound | None = None) -> Inbound:
    """The stored message read back; a truncated one is refused as too large, its digest whole.

    `parsed` is the record read when the message was stored, reused when it is of these bytes.
    """
    if parsed is not None and same_bytes(row, parsed):
        return parsed
    inbound = read_message(row.raw, max_bytes=max_message_bytes(rt))
    if not row.truncated:
        return inbound
    return inbound.model_copy(
        update={
            "refusal": E_TOO_LARGE,
            "body_text": "",
            "body_source": "none",
            "digest": row.digest,
            "size": row.raw_size,
        }
    )


def same_bytes(row: InboundMessage, parsed: Inbound) -> bool:
    """Whether `parsed` was read from exactly the bytes the row keeps whole."""
    return not row.truncated and parsed.digest == row.digest and parsed.size == len(row.raw)

"""MIME accessors that never raise: broken parameters give defaults instead of errors."""

from __future__ import annotations

from collections.abc import Iterator
from email.message import Message
from email.utils import collapse_rfc2231_value


def content_type(part: Message) -> str:
    """The part's lower-case content type; text/plain when it cannot be read."""
    try:
        return part.get_content_type()
    except Exception:
        return "text/plain"


def param(part: Message, name: str) -> str:
    """A Content-Type parameter as text, or "" when absent or unreadable."""
    try:
        value = part.get_param(name)
    except Exception:
        return ""
    if isinstance(value, tuple):
        value = collapse_rfc2231_value(value)
    return str(value) if value else ""


def charset(part: Message) -> str | None:
    """The declared charset, or None."""
    return param(part, "charset").lower() or None


def filename(part: Message) -> str:
    """The attachment filename, or ""."""
    try:
        return part.get_filename() or ""
    except Exception:
        return ""


def disposition(part: Message) -> str:
    """The Content-Disposition type ("inline", "attachment"), or ""."""
    try:
        return part.get_content_disposition() or ""
    except Exception:
        return ""


def children(part: Message) -> list[Message]:
    """The sub-parts of a multipart or message/* part (empty when broken)."""
    try:
        payload = part.get_payload()
    except Exception:
        return []
    if not isinstance(payload, list):
        return []
    return [child for child in payload if isinstance(child, Message)]


def iter_parts(msg: Message, max_depth: int = 50) -> Iterator[Message]:
    """Every part of `msg` in document order, without recursion, to at most `max_depth`."""
    stack: list[tuple[Message, int]] = [(msg, 0)]
    while stack:
        part, depth = stack.pop()
        yield part
        if depth < max_depth:
            stack.extend((child, depth + 1) for child in reversed(children(part)))


def count_parts(msg: Message, stop_at: int) -> int:
    """How many parts `msg` has, counting no further than `stop_at`."""
    count = 0
    for _ in iter_parts(msg):
        count += 1
        if count >= stop_at:
            break
    return count


def has_long_mime_header(msg: Message, limit: int = 2048) -> bool:
    """True when some Content-* header is longer than `limit` (slow for policy.default)."""
    for part in iter_parts(msg):
        for name, value in part.raw_items():
            if name.lower().startswith("content-") and len(str(value)) > limit:
                return True
    return False

"""Limits intake applies to hostile input, read from settings when they are set there."""

from __future__ import annotations

from pbem.services.base.runtime import Runtime

MAX_MESSAGE_BYTES = 1_000_000  # larger mail is stored truncated and answered as too large
KEPT_BODY_BYTES = 16 * 1024  # how much of an oversized body is kept for the referee
MAX_HEADER_BYTES = 256 * 1024  # how much of a header block is kept at most
MAX_PROBLEMS_LISTED = 20  # an acknowledgement lists at most this many problems


def max_message_bytes(rt: Runtime) -> int:
    """The configured raw-mail size limit, else the default."""
    return int(getattr(rt.settings, "max_message_bytes", MAX_MESSAGE_BYTES))


def max_problems_listed(rt: Runtime) -> int:
    """How many problems an acknowledgement lists before "and M more"."""
    return int(getattr(rt.settings, "max_problems_listed", MAX_PROBLEMS_LISTED))

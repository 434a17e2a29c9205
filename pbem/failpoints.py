"""Named crash points for tests: PBEM_FAILPOINTS=name[,name…] kills the process there."""

from __future__ import annotations

import os

CRASH_EXIT = 77


def hit(name: str) -> None:
    """Die at once, as a crash would, if this failpoint is switched on."""
    active = os.environ.get("PBEM_FAILPOINTS", "")
    if name in {part.strip() for part in active.split(",") if part.strip()}:
        os._exit(CRASH_EXIT)

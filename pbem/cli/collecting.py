"""How a `pbem` run collects garbage: less often than Python's default.

A tick makes many short-lived objects (states, views, rows, pictures) and frees nearly all of
them by reference counting; the cyclic collector's default (a young collection every 700 new
objects, each old collection walking the whole heap) cost some 5-10% of a busy tick's CPU
(bench.busy_tick, 40 Mighty Kingdoms campaigns) and found little. The modules loaded at start
are frozen out of its walks, and it runs every 50,000 new objects. Garbage with cycles waits a
little longer: a few megabytes at most.
"""

from __future__ import annotations

import gc

THRESHOLDS = (50_000, 20, 100)  # young, middle and old generations


def collect_less() -> None:
    """Freeze what is loaded so far out of the collector's walks, and collect less often (no
    collection first: loading leaves no garbage to find, and one would cost a run 30 ms)."""
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)

"""Count the SQL statements a `pbem` process runs, by the tick's step, for `bench.rss_probe`.

When PBEM_BENCH_STATEMENTS names a file, `install()` listens to every SQLAlchemy engine of the
process and tags each statement with the step `pbem tick --timings` is timing in the main
thread (intake, answers, adjudicating, drawing, sending) or with the name of the thread that ran
it. At exit it writes, per step, the statement count and the statements run most often (their
text with literals as the driver's placeholders), so a statement made once per row shows up
with the row count beside it.
"""

from __future__ import annotations

import atexit
import json
import os
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bench.rss_probe import STATEMENTS_FILE

TOP = 25  # the most frequent statements kept per step
_step = {"now": "outside"}  # the main thread's current step
_counts: dict[str, Counter[str]] = {}


def install() -> None:
    """Start counting when PBEM_BENCH_STATEMENTS is set; write the counts at exit."""
    target = os.environ.get(STATEMENTS_FILE)
    if not target:
        return
    from sqlalchemy import event
    from sqlalchemy.engine import Engine

    event.listen(Engine, "before_cursor_execute", _record)
    _tag_tick_steps()
    atexit.register(_write, Path(target))


def _record(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
    thread = threading.current_thread()
    step = _step["now"] if thread is threading.main_thread() else f"thread {thread.name}"
    _counts.setdefault(step, Counter())[" ".join(statement.split())[:160]] += 1


def _tag_tick_steps() -> None:
    """Wrap TickReport.timed so that the main thread's statements carry its step."""
    from pbem.services.tick import tick

    timed = tick.TickReport.timed

    @contextmanager
    def tagged(report: Any, step: str) -> Iterator[None]:
        outer, _step["now"] = _step["now"], step
        try:
            with timed(report, step):
                yield
        finally:
            _step["now"] = outer

    tick.TickReport.timed = tagged  # type: ignore[method-assign]


def _write(target: Path) -> None:
    summary = {
        step: {"statements": sum(counts.values()), "top": counts.most_common(TOP)}
        for step, counts in _counts.items()
    }
    target.write_text(json.dumps(summary, indent=1), encoding="utf-8")

"""The peak memory of a process and all its descendants together, sampled.

A tick runs beside helper processes of its own (its sender and its draw helpers); each one's
peak alone says little about what the host must hold, and the kernel keeps no peak for a
group. `TreeSampler` adds up the proportional resident memory (PSS) of the whole tree every
`interval` seconds and keeps the largest sum (a sample can miss a peak between two samples,
never overstate one).
"""

from __future__ import annotations

import threading
from pathlib import Path
from types import TracebackType

PROC = Path("/proc")


def _children(pid: int) -> list[int]:
    """The direct children of `pid` (all of its threads'), from /proc."""
    found: list[int] = []
    try:
        for task in (PROC / str(pid) / "task").iterdir():
            text = (task / "children").read_text(encoding="ascii")
            found += [int(p) for p in text.split()]
    except OSError:
        return found
    return found


def _rss_kb(pid: int) -> int:
    """One process's proportional share of resident memory in kB (pages it shares with the
    others, the interpreter's and libraries', count once in the sum), or its whole resident
    memory where the kernel gives no share; 0 once it has gone."""
    for name, field in (("smaps_rollup", "Pss:"), ("status", "VmRSS:")):
        try:
            text = (PROC / str(pid) / name).read_text(encoding="ascii")
        except OSError:
            continue
        for line in text.splitlines():
            if line.startswith(field):
                return int(line.split()[1])
    return 0


def tree_rss_kb(roots: list[int]) -> int:
    """The memory of `roots` and every process below them, in kB (see _rss_kb)."""
    total, seen, todo = 0, set(), list(roots)
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        total += _rss_kb(pid)
        todo += _children(pid)
    return total


class TreeSampler:
    """Samples tree_rss_kb(roots) in a thread for the length of a `with` block."""

    def __init__(self, roots: list[int], interval: float = 0.1) -> None:
        self.roots, self.interval = roots, interval
        self.peak_kb = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> TreeSampler:
        self._thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._stop.set()
        self._thread.join()

    @property
    def peak_mb(self) -> float:
        """The largest sum seen, in MB."""
        return self.peak_kb / 1024

    def _run(self) -> None:
        while not self._stop.is_set():
            self.peak_kb = max(self.peak_kb, tree_rss_kb(self.roots))
            self._stop.wait(self.interval)

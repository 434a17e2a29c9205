"""`python -m bench.rss_probe MODULE ARGS…`: run MODULE as `python -m MODULE ARGS…` would, then
write this process's own peak resident memory to the file PBEM_BENCH_RSS_FILE names (and,
with PBEM_BENCH_STATEMENTS, its SQL statements by step: bench/statements.py).

The kernel's `ru_maxrss` for a child counts the pages it shared with its parent before `exec`,
so a child of a large bench process looks as large as the bench. VmHWM, read at exit, is the
high-water mark of the program's own memory since it started.
"""

from __future__ import annotations

import atexit
import os
import runpy
import sys
from pathlib import Path

RSS_FILE = "PBEM_BENCH_RSS_FILE"


def peak_kb() -> int:
    """This process's peak resident memory in kB (VmHWM), or 0 where /proc has none."""
    try:
        status = Path("/proc/self/status").read_text(encoding="ascii")
    except OSError:
        return 0
    for line in status.splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


def _record() -> None:
    target = os.environ.get(RSS_FILE)
    if target:
        Path(target).write_text(str(peak_kb()), encoding="ascii")


def main() -> None:
    """Run the module named first on the command line as __main__, recording its peak."""
    module = sys.argv[1]
    sys.argv = [module, *sys.argv[2:]]
    atexit.register(_record)
    from bench.statements import install

    install()  # counts SQL statements only when bench/statements.py's variable is set
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()

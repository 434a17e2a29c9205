"""Helper processes that draw drafted reports beside the tick, on a host with cores to spare.

With `[turns] draw_processes = N`, the tick starts N-1 helpers. Helper i of N draws the drafts
of the campaigns whose id leaves i when divided by N (the tick itself draws share 0), polling
for new drafts while the tick adjudicates, until the tick closes the helper's standard input:
then it draws what is left of its share and exits. Drawing is idempotent (services/drafts.py),
so a helper that dies loses nothing: the tick draws every draft still left once its helpers
have ended.
"""

from __future__ import annotations

import os
import select
import subprocess
import sys
from types import TracebackType

from pbem.config import DEFAULTS
from pbem.services.budget import TimeBudget
from pbem.services.drafts import Shard, drafts_waiting, draw_drafts
from pbem.services.runtime import Runtime, open_runtime

POLL_SECONDS = 0.2  # how often a helper looks for new drafts while the tick adjudicates
WORTH_A_HELPER = 4  # drafts per process below which starting helpers costs more than it saves


class DrawHelpers:
    """`count - 1` helper processes for the length of a `with` block; `shard` is the tick's."""

    def __init__(self, rt: Runtime, count: int, worth: int = WORTH_A_HELPER) -> None:
        self.rt, self.count, self.worth = rt, max(1, count), worth
        self.shard = Shard(0, self.count) if self.count > 1 else None
        self.exit_codes: list[int] = []
        self._children: list[subprocess.Popen[bytes]] = []

    def __enter__(self) -> DrawHelpers:
        if self.count > 1 and drafts_waiting(self.rt) >= self.worth * self.count:
            self._children = [self._start(index) for index in range(1, self.count)]
        else:
            self.shard = None  # the tick draws them all
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.finish()

    def finish(self) -> list[int]:
        """Tell every helper the tick is done drafting, wait for them; their exit codes."""
        for child in self._children:
            if child.stdin is not None and not child.stdin.closed:
                child.stdin.close()  # end of input: draw what is left, then exit
        self.exit_codes += [child.wait() for child in self._children]
        self._children = []
        return self.exit_codes

    def _start(self, index: int) -> subprocess.Popen[bytes]:
        env = dict(os.environ)
        if self.rt.settings.source != DEFAULTS:
            env["PBEM_CONFIG"] = self.rt.settings.source
        command = [sys.executable, "-m", "pbem.services.draw_helpers", str(index), str(self.count)]
        return subprocess.Popen(command, stdin=subprocess.PIPE, env=env)


def run_helper(rt: Runtime, shard: Shard) -> int:
    """Draw `shard` until standard input ends, then once more; return how many were drawn."""
    budget = TimeBudget(rt.settings.tick_seconds)
    drawn = 0
    while not budget.spent():
        drawn += draw_drafts(rt, budget, shard=shard)
        if _input_ended(POLL_SECONDS):
            break
    return drawn + draw_drafts(rt, budget, shard=shard)


def _input_ended(seconds: float) -> bool:
    """Whether standard input has ended (waiting up to `seconds` to find out)."""
    stdin = sys.stdin.fileno()
    ready, _, _ = select.select([stdin], [], [], seconds)
    return bool(ready) and not os.read(stdin, 1)


def main(argv: list[str]) -> int:
    """`python -m pbem.services.draw_helpers INDEX COUNT`: one helper's life."""
    index, count = int(argv[0]), int(argv[1])
    run_helper(open_runtime(os.environ.get("PBEM_CONFIG")), Shard(index, count))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""Helper processes that draw whole campaigns' drafted reports beside the tick.

With `[turns] draw_processes = N` (0: one fewer than the cores, at most 4; 1: none), a tick
that drafts the reports of a few campaigns starts N helpers. The tick hands each helper a
campaign at a time over its standard input, as soon as the campaign's reports are committed
and the helper has room, and the helper names the campaign on its standard output once it has
drawn it. The tick goes on adjudicating and sending meanwhile, then hands out the rest to
whichever helper frees up first, so the work balances itself however the campaigns differ; the
tick itself draws only what no live helper can take. Drawing is idempotent
(services/reports/drafts.py), so a helper that dies loses nothing: once its helpers have ended
the tick draws every draft still left.
"""

from __future__ import annotations

import os
import select
import subprocess
import sys
from dataclasses import dataclass, field
from types import TracebackType
from typing import IO

from pbem.services.base.runtime import Runtime, open_runtime
from pbem.services.base.time_budget import TimeBudget
from pbem.services.outbox.child_pipe import child_env, private_answers
from pbem.services.reports.drafts import draw_drafts, keep_few_drawings

MAX_AUTO = 4  # helpers `draw_processes = 0` starts at most, however many cores
WORTH_A_HELPER = 3  # campaigns drafted in one tick before starting helpers pays for itself
DEPTH = 2  # campaigns a helper holds at once, so it never waits for the tick to hand it more
ANSWER_WAIT_SECONDS = 0.05  # the tick's longest wait for a helper to free up
HELPER_NICENESS = 10  # below the sender and the tick, which are on the mail's critical path


def processes_for(setting: int, cores: int | None = None) -> int:
    """The helper processes a `draw_processes` setting asks for: 0 means one fewer than the
    cores (the tick's sender keeps one busy), at most 4; 1 or fewer means none, and the tick
    draws by itself."""
    wanted = setting if setting > 0 else min((cores or os.cpu_count() or 1) - 1, MAX_AUTO)
    return wanted if wanted > 1 else 0


@dataclass
class _Helper:
    """One helper process and the campaigns it holds."""

    process: subprocess.Popen[bytes]
    holding: set[int] = field(default_factory=set)
    unread: bytes = b""

    def hand(self, campaign_id: int) -> None:
        """Give the helper one campaign to draw."""
        assert self.process.stdin is not None
        self.process.stdin.write(b"%d\n" % campaign_id)
        self.process.stdin.flush()
        self.holding.add(campaign_id)

    def collect(self) -> None:
        """Forget the campaigns the helper has reported drawn (never waits)."""
        assert self.process.stdout is not None
        try:
            chunk = os.read(self.process.stdout.fileno(), 4096)
        except BlockingIOError:
            return
        if not chunk:  # the helper has ended: what it held is left to the tick's last pass
            self.holding.clear()
            return
        *lines, self.unread = (self.unread + chunk).split(b"\n")
        self.holding.difference_update(int(line) for line in lines if line.strip().isdigit())


class DrawHelpers:
    """Helper processes for the length of a `with` block, started by `start` or once `worth`
    campaigns have been offered; `offer` and `delegate` hand them whole campaigns."""

    def __init__(self, rt: Runtime, count: int, worth: int = WORTH_A_HELPER) -> None:
        self.rt, self.count, self.worth = rt, max(0, count), worth
        self.exit_codes: list[int] = []
        self._helpers: list[_Helper] = []
        self._waiting: list[int] = []  # offered while no helper had room
        self._handed: set[int] = set()  # campaigns a helper draws
        self._kept: set[int] = set()  # campaigns the tick draws itself

    def __enter__(self) -> DrawHelpers:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.finish()

    @property
    def started(self) -> bool:
        """Whether helper processes are running."""
        return bool(self._helpers)

    def start(self) -> None:
        """Start the helpers now, if there are to be any (a busy tick: they get ready while
        it reads its mail)."""
        if not self._helpers and self.count:
            self._helpers = [_Helper(self._start(index)) for index in range(self.count)]

    def offer(self, campaign_id: int) -> None:
        """A campaign's reports are drafted: hand it to a helper with room, or keep it waiting
        for one (the tick's own drawing pass takes what no helper took)."""
        self._waiting.append(campaign_id)
        if len(self._waiting) >= self.worth:
            self.start()
        self._hand_waiting()

    def delegate(self, campaign_id: int) -> bool:
        """Whether a helper draws `campaign_id`: handed out before, or now to the first helper
        with room (waiting for one while any lives); otherwise the tick draws it itself."""
        if campaign_id in self._handed:
            return True
        if campaign_id in self._kept:
            return False
        helper = self._with_room()
        while helper is None and self._live():
            self._await_answer()
            helper = self._with_room()
        if helper is None:
            self._kept.add(campaign_id)
            return False
        self._hand(helper, campaign_id)
        return True

    def _live(self) -> bool:
        return any(h.process.poll() is None for h in self._helpers)

    def _await_answer(self) -> None:
        """Wait a little for any helper to name a campaign it has drawn (or to end)."""
        answers = [h.process.stdout for h in self._helpers if h.process.stdout is not None]
        select.select(answers, [], [], ANSWER_WAIT_SECONDS)

    def finish(self) -> list[int]:
        """Tell every helper no more is coming, wait for them; their exit codes."""
        for helper in self._helpers:
            stdin = helper.process.stdin
            if stdin is not None and not stdin.closed:
                stdin.close()  # end of input: the helper draws what it holds, then exits
        self.exit_codes += [helper.process.wait() for helper in self._helpers]
        for helper in self._helpers:
            if helper.process.stdout is not None:
                helper.process.stdout.close()
        self._helpers = []
        return self.exit_codes

    def _hand_waiting(self) -> None:
        while self._waiting:
            room = self._with_room()
            if room is None:
                return
            campaign_id = self._waiting.pop(0)
            if campaign_id not in self._handed and campaign_id not in self._kept:
                self._hand(room, campaign_id)

    def _with_room(self) -> _Helper | None:
        """The live helper holding fewest campaigns, if it holds fewer than DEPTH."""
        for each in self._helpers:
            each.collect()
        live = [h for h in self._helpers if h.process.poll() is None]
        fewest = min(live, key=lambda h: len(h.holding), default=None)
        return fewest if fewest is not None and len(fewest.holding) < DEPTH else None

    def _hand(self, helper: _Helper, campaign_id: int) -> None:
        try:
            helper.hand(campaign_id)
        except OSError:  # the helper has died: the tick's last pass draws what it would have
            return
        self._handed.add(campaign_id)

    def _start(self, index: int) -> subprocess.Popen[bytes]:
        env = child_env(self.rt)
        command = [sys.executable, "-m", "pbem.services.reports.draw_helpers", str(index)]
        process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
        assert process.stdout is not None
        os.set_blocking(process.stdout.fileno(), False)
        return process


def run_helper(rt: Runtime, requests: IO[bytes], answers: IO[bytes]) -> int:
    """Draw each campaign named on `requests` and name it on `answers` once drawn, until the
    requests end; return how many reports were drawn."""
    budget = TimeBudget(rt.settings.tick_seconds)
    drawn = 0
    for line in requests:
        campaign_id = int(line)
        drawn += draw_drafts(rt, budget, campaign=campaign_id)
        answers.write(b"%d\n" % campaign_id)
        answers.flush()
    return drawn


def _get_ready() -> None:
    """Load what drawing needs while the tick is still reading its mail."""
    from pbem.render import png, pngfile, report  # noqa: F401  (their start-up cost)
    from pbem.render.templating import environment
    from pbem.services.reports import notify  # noqa: F401

    environment()
    keep_few_drawings()  # a campaign at a time


def main(argv: list[str]) -> int:
    """`python -m pbem.services.reports.draw_helpers INDEX`: one helper's life."""
    del argv  # the index only tells helpers apart in a process list
    os.nice(HELPER_NICENESS)  # drawing fills the cores the sending and the tick leave idle
    _get_ready()
    with private_answers() as answers:
        run_helper(open_runtime(os.environ.get("PBEM_CONFIG")), sys.stdin.buffer, answers)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""A tick's sending, in threads of its own, so mail goes out while the tick works on.

Sending is mostly waiting for the SMTP server; drawing reports is mostly CPU. The tick wakes
the sender whenever it has made mail sendable (an acknowledgement queued, a report drawn), and
the sender runs outbox passes until the tick is done, then one last pass. Answers to players
are sent whatever the tick's time budget says; reports only while it lasts. Each pass is the
ordinary `outbox.flush`, with its claims and its record of every send, so a crash anywhere
leaves what it always did: mail queued, or sent and re-sent once with the same Message-ID.

With `[mail] smtp_connections = N` the sender runs N lanes, each a thread with an SMTP session
of its own sending the mail of its share of the campaigns (`outbox.Lane`): while the server
delivers one lane's mail, another lane records and sends the next, and each campaign's mail
still goes out in the order it was queued.
"""

from __future__ import annotations

import threading
from types import TracebackType

from pbem.mail.transport.mailers import Mailer, sending, side_by_side
from pbem.services.base.runtime import Runtime
from pbem.services.base.time_budget import TimeBudget
from pbem.services.outbox import outbox

IDLE_WAIT_SECONDS = 0.25  # unwoken, a pass runs this often (an answer just committed, a retry)


class _LaneThread:
    """One lane: its thread, mailer, wake-up and the newest settle() ticket it served."""

    def __init__(self, owner: BackgroundSender, mailer: Mailer, lane: outbox.Lane) -> None:
        self.mailer, self.lane = mailer, lane
        self.wake = threading.Event()
        self.served = 0
        self.thread = threading.Thread(
            target=owner._run, args=(self,), name=f"pbem-sender-{lane.index}", daemon=True
        )


class BackgroundSender:
    """Send passes in lane threads for the length of a `with` block; `result` adds them up."""

    def __init__(self, rt: Runtime, mailer: Mailer, budget: TimeBudget, lanes: int = 1) -> None:
        self.rt, self.budget = rt, budget
        self.result = outbox.FlushResult()
        self._done = threading.Event()
        self._passes = threading.Condition()  # guards tickets, `result` and the stop flag
        self._asked = 0  # settle() tickets asked for
        self._stopped = False
        self._error: BaseException | None = None
        count = max(1, lanes)
        self._lanes = [
            _LaneThread(self, lane_mailer, outbox.Lane(index, count))
            for index, lane_mailer in enumerate(side_by_side(mailer, count))
        ]

    def __enter__(self) -> BackgroundSender:
        for lane in self._lanes:
            lane.thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.finish()
        if self._error is not None and error is None:
            raise self._error

    def finish(self) -> None:
        """Run one last pass in every lane, then end them (again: nothing)."""
        self._done.set()
        self.wake()
        for lane in self._lanes:
            if lane.thread.is_alive():
                lane.thread.join()

    def wake(self) -> None:
        """Say that mail may have become sendable."""
        for lane in self._lanes:
            lane.wake.set()

    def settle(self) -> None:
        """Wait until every lane has ended a pass that began after this call: what was sendable
        before it has gone out (or been put off for a retry)."""
        with self._passes:
            self._asked += 1
            ticket = self._asked
            self.wake()
            self._passes.wait_for(
                lambda: self._stopped or all(lane.served >= ticket for lane in self._lanes)
            )

    def _run(self, lane: _LaneThread) -> None:
        try:
            with sending(lane.mailer):  # one SMTP session for every pass of the lane
                while True:
                    finishing = self._done.is_set()
                    lane.wake.clear()
                    with self._passes:
                        serving = self._asked
                    self._pass(lane)
                    with self._passes:
                        lane.served = serving
                        self._passes.notify_all()
                    if finishing:
                        return
                    lane.wake.wait(IDLE_WAIT_SECONDS)
        except BaseException as exc:  # handed to the tick's thread, which raises it
            with self._passes:
                self._error = self._error or exc
        finally:
            with self._passes:
                self._stopped = True  # nobody waits for a pass that will never come
                self._passes.notify_all()

    def _pass(self, lane: _LaneThread) -> None:
        """Replies first, whatever the budget says; then reports while it lasts."""
        replies = outbox.flush(self.rt, lane.mailer, replies_only=True, lane=lane.lane)
        reports = outbox.flush(self.rt, lane.mailer, self.budget, lane=lane.lane)
        with self._passes:
            for passed in (replies, reports):
                self.result.sent += passed.sent
                self.result.retrying += passed.retrying
                self.result.dead += passed.dead

"""A tick's sending, in a thread of its own, so mail goes out while the tick works on.

Sending is mostly waiting for the SMTP server; drawing reports is mostly CPU. The tick wakes
the sender whenever it has made mail sendable (an acknowledgement queued, a report drawn), and
the sender runs outbox passes until the tick is done, then one last pass. Answers to players
are sent whatever the tick's time budget says; reports only while it lasts. Each pass is the
ordinary `outbox.flush`, with its claims and its record of every send, so a crash anywhere
leaves what it always did: mail queued, or sent and re-sent once with the same Message-ID.
"""

from __future__ import annotations

import threading
from types import TracebackType

from pbem.mail.mailers import Mailer, sending
from pbem.services import outbox
from pbem.services.budget import TimeBudget
from pbem.services.runtime import Runtime

IDLE_WAIT_SECONDS = 0.25  # unwoken, a pass runs this often (an answer just committed, a retry)


class BackgroundSender:
    """Send passes in a thread for the length of a `with` block; `result` adds them up."""

    def __init__(self, rt: Runtime, mailer: Mailer, budget: TimeBudget) -> None:
        self.rt, self.mailer, self.budget = rt, mailer, budget
        self.result = outbox.FlushResult()
        self._wake, self._done = threading.Event(), threading.Event()
        self._passes = threading.Condition()
        self._asked, self._served = 0, 0  # settle() tickets asked for and served
        self._stopped = False
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="pbem-sender", daemon=True)

    def __enter__(self) -> BackgroundSender:
        self._thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._done.set()
        self._wake.set()
        self._thread.join()
        if self._error is not None and error is None:
            raise self._error

    def wake(self) -> None:
        """Say that mail may have become sendable."""
        self._wake.set()

    def settle(self) -> None:
        """Wait until a pass that began after this call has ended: what was sendable before
        it has gone out (or been put off for a retry)."""
        with self._passes:
            self._asked += 1
            ticket = self._asked
            self._wake.set()
            self._passes.wait_for(lambda: self._served >= ticket or self._stopped)

    def _run(self) -> None:
        try:
            with sending(self.mailer):  # one SMTP session for every pass
                while True:
                    finishing = self._done.is_set()
                    self._wake.clear()
                    with self._passes:
                        serving = self._asked
                    self._add(outbox.flush(self.rt, self.mailer, replies_only=True))  # any time
                    self._add(outbox.flush(self.rt, self.mailer, self.budget))
                    with self._passes:
                        self._served = serving
                        self._passes.notify_all()
                    if finishing:
                        return
                    self._wake.wait(IDLE_WAIT_SECONDS)
        except BaseException as exc:  # handed to the tick's thread, which raises it
            self._error = exc
        finally:
            with self._passes:
                self._stopped = True  # nobody waits for a pass that will never come
                self._passes.notify_all()

    def _add(self, passed: outbox.FlushResult) -> None:
        self.result.sent += passed.sent
        self.result.retrying += passed.retrying
        self.result.dead += passed.dead

"""A tick's sending in a process of its own, so that it never waits for the tick's interpreter.

The tick's intake, adjudication and bookkeeping are CPU in one Python interpreter; sender
threads in that interpreter take turns with them for its lock, so mail went out only as fast as
the tick left them room. `SenderProcess` runs the same sender lanes (`sender.BackgroundSender`)
in a child that works beside the tick on another core, steered over a pipe: the tick writes
`wake` when mail may have become sendable, and `finish` for one last pass; the child answers
`result SENT RETRYING DEAD` and exits.

The child outlives a tick that dies: it sees its input end, runs its last pass all the same and
exits, so the answers to the mail the tick read go out even if an adjudication crashes it. It
inherits the tick's run lock (on SQLite, the lock file's descriptor), so no other run starts
until it is done; on PostgreSQL its row claims keep other workers off the rows it sends.
A failpoint that kills the child ends the tick with the same crash code: a crash of the sender
is a crash of the tick.
"""

from __future__ import annotations

import os
import subprocess
import sys
from types import TracebackType
from typing import IO

from pbem.failpoints import CRASH_EXIT
from pbem.services.base.runtime import Runtime
from pbem.services.base.time_budget import TimeBudget
from pbem.services.outbox import outbox
from pbem.services.outbox.child_pipe import child_env, private_answers
from pbem.services.outbox.sender import BackgroundSender


class SenderFailed(RuntimeError):
    """The sender process ended without reporting what it sent."""


class SenderProcess:
    """BackgroundSender's interface, served by a child process for a `with` block."""

    def __init__(
        self, rt: Runtime, budget: TimeBudget, lanes: int, inherit: tuple[int, ...] = ()
    ) -> None:
        self.rt, self.budget, self.lanes, self.inherit = rt, budget, max(1, lanes), inherit
        self.result = outbox.FlushResult()
        self._child: subprocess.Popen[bytes] | None = None
        self._finished = False

    def __enter__(self) -> SenderProcess:
        env = child_env(self.rt)
        command = [
            sys.executable, "-m", "pbem.services.outbox.sender_process", repr(self.budget.left()),
            str(self.lanes),
        ]  # fmt: skip
        self._child = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env,
            pass_fds=self.inherit,
        )  # fmt: skip
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if error is None:
            self.finish()
        elif self._child is not None:
            self._child.kill()  # the tick failed: the next one sends what is left
            self._child.wait()

    def wake(self) -> None:
        """Say that mail may have become sendable."""
        self._tell(b"wake")

    def finish(self) -> None:
        """One last pass, then the child's count of what it sent (again: nothing)."""
        if self._finished or self._child is None:
            return
        self._finished = True
        self._tell(b"finish")
        answer = self._answer()
        code = self._child.wait()
        if code == CRASH_EXIT:
            os._exit(CRASH_EXIT)  # a failpoint killed the sender: the tick crashed
        if code != 0 or not answer.startswith(b"result "):
            raise SenderFailed(f"the sender process ended with code {code}")
        sent, retrying, dead = (int(n) for n in answer.split()[1:4])
        self.result.sent, self.result.retrying, self.result.dead = sent, retrying, dead

    def _tell(self, command: bytes) -> None:
        """Write one command (to a child that is gone: nothing)."""
        child = self._child
        if child is None or child.stdin is None or child.stdin.closed:
            return
        try:
            child.stdin.write(command + b"\n")
            child.stdin.flush()
        except OSError:
            return

    def _answer(self) -> bytes:
        """The child's next line (empty once it has ended)."""
        assert self._child is not None and self._child.stdout is not None
        return self._child.stdout.readline().strip()


def serve(sender: BackgroundSender, commands: IO[bytes]) -> None:
    """Carry out the tick's commands until `finish` or the end of input (the tick died)."""
    for line in commands:
        command = line.strip()
        if command == b"wake":
            sender.wake()
        elif command == b"finish":
            return


def main(argv: list[str]) -> int:
    """`python -m pbem.services.outbox.sender_process SECONDS LANES`: send for one tick."""
    from pbem.services.base.runtime import open_runtime
    from pbem.services.outbox.mailer import default_mailer

    seconds, lanes = float(argv[0]), int(argv[1])
    answers = private_answers()
    rt = open_runtime(os.environ.get("PBEM_CONFIG"))
    with BackgroundSender(rt, default_mailer(rt), TimeBudget(seconds), lanes) as sender:
        serve(sender, sys.stdin.buffer)  # then one last pass, even if the tick has died
    done = sender.result
    answers.write(b"result %d %d %d\n" % (done.sent, done.retrying, done.dead))
    answers.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""Opt-in pytest plugin: the CPU each test takes, to find where the suite's time goes.

Set PBEM_TEST_CPU=FILE and every test's process CPU (user + system, from setup to the end of
teardown, so a module-scoped fixture counts for the test that first builds it) is measured in
the process that runs it, parallel workers included, with the processes it started and waited
for (a `pbem` or a bench run; not the mail servers or PostgreSQL). At the end FILE gets the
total and the 40 costliest tests, and FILE.tsv every test. CPU rather than wall time: it does
not change when other work shares the machine.
"""

from __future__ import annotations

import os
import resource
from collections.abc import Iterator
from pathlib import Path

import pytest

VARIABLE = "PBEM_TEST_CPU"
SHOWN = 40
_STARTED = pytest.StashKey[float]()
_PROPERTY = "cpu_seconds"


def cpu_seconds() -> float:
    """User plus system CPU this process and its finished children have used so far."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _target() -> Path | None:
    value = os.environ.get(VARIABLE, "")
    return Path(value) if value else None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    """Note the CPU used before the test's setup."""
    if _target():
        item.stash[_STARTED] = cpu_seconds()
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Attach the test's CPU to its teardown report, which parallel workers send back."""
    outcome = yield
    if call.when == "teardown" and _STARTED in item.stash:
        report = outcome.get_result()
        report.user_properties.append((_PROPERTY, cpu_seconds() - item.stash[_STARTED]))


def pytest_configure(config: pytest.Config) -> None:
    """Keep a table of each test's CPU in the main process, when asked for one."""
    if _target() is not None and not hasattr(config, "workerinput"):
        config.pluginmanager.register(CpuTable(), "pbem-cpu-table")


class CpuTable:
    """Test id -> CPU seconds, filled from every worker's reports, written at the end."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """Note a test's CPU from its teardown report."""
        if report.when != "teardown":
            return
        for name, value in report.user_properties:
            if name == _PROPERTY:
                self.seconds.setdefault(report.nodeid, float(value))

    def pytest_sessionfinish(self) -> None:
        """Write the total and the costliest tests to FILE, and every test to FILE.tsv."""
        target = _target()
        if target is None:
            return
        table = self.seconds
        ranked = sorted(table.items(), key=lambda pair: -pair[1])
        lines = [f"{len(table)} tests, {sum(table.values()):.1f} s CPU in all"]
        lines += [f"{seconds:8.2f}  {nodeid}" for nodeid, seconds in ranked[:SHOWN]]
        target.write_text("\n".join(lines) + "\n", encoding="utf-8")
        every = [f"{seconds:.3f}\t{nodeid}" for nodeid, seconds in ranked]
        tsv = target.with_name(target.name + ".tsv")
        tsv.write_text("\n".join(every) + "\n", encoding="utf-8")

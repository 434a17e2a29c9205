"""PBEM_TEST_CPU=FILE: the CPU each test takes, written as a total, the costliest tests, and
every test (tests/support/cpu_report.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

SPENDING = '''
def test_spends():
    assert sum(i * i for i in range(300_000)) > 0

def test_idles():
    assert True
'''


def test_each_test_s_cpu_is_written_costliest_first(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    target = tmp_path / "cpu.txt"
    monkeypatch.setenv("PBEM_TEST_CPU", str(target))
    pytester.makepyfile(test_two=SPENDING)
    pytester.runpytest_inprocess("-p", "tests.support.cpu_report", "-p", "no:randomly",
                                 "-p", "no:cacheprovider").assert_outcomes(passed=2)
    head, first, second = target.read_text(encoding="utf-8").splitlines()
    assert head.startswith("2 tests, ") and head.endswith(" s CPU in all")
    assert first.endswith("test_two.py::test_spends") and second.endswith("::test_idles")
    rows = [line.split("\t") for line in Path(f"{target}.tsv").read_text().splitlines()]
    assert [nodeid.split("::")[1] for _, nodeid in rows] == ["test_spends", "test_idles"]
    assert float(rows[0][0]) > float(rows[1][0]) >= 0


def test_nothing_is_measured_unless_asked(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PBEM_TEST_CPU", raising=False)
    pytester.makepyfile(test_two=SPENDING)
    recorded = pytester.inline_run("-p", "tests.support.cpu_report", "-p", "no:randomly")
    reports = recorded.getreports("pytest_runtest_logreport")
    assert len(reports) == 6  # setup, call and teardown of each test
    assert [r.user_properties for r in reports] == [[]] * 6
    assert recorded.getcall("pytest_sessionfinish").session.config.pluginmanager.get_plugin(
        "pbem-cpu-table") is None

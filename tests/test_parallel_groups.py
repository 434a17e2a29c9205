"""The parallel run keeps its promise: tests of one `xdist_group` (a module that shares a
fixture) run on one worker, so the fixture is made once (`make test` runs `--dist loadgroup`)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

GROUPED = """
import pytest

pytestmark = pytest.mark.xdist_group("shared")


@pytest.mark.parametrize("i", range(8))
def test_one_of_a_group(i):
    pass
"""


@pytest.mark.subprocess
def test_a_group_of_tests_runs_on_one_worker(tmp_path: Path) -> None:
    (tmp_path / "test_grouped.py").write_text(GROUPED, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-v", "-n", "2", "--dist", "loadgroup",
         "-p", "no:cacheprovider", "--rootdir", str(tmp_path), str(tmp_path)],
        capture_output=True, text=True, cwd=tmp_path, timeout=120, check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    workers = re.findall(r"\[(gw\d+)\].*PASSED .*test_one_of_a_group", run.stdout)
    assert len(workers) == 8, run.stdout
    assert len(set(workers)) == 1, run.stdout

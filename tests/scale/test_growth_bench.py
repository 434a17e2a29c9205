"""The ledger growth bench runs at a tiny size, so it cannot rot. Nothing here asserts a size."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.subprocess
@pytest.mark.slow
def test_ledger_growth_prints_both_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench.ledger_growth", "--campaigns", "1", "--phases", "1",
         "--json"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    decoder, text, blocks = json.JSONDecoder(), done.stdout, []
    position = text.find("{")
    while position != -1:
        block, end = decoder.raw_decode(text, position)
        blocks.append(block)
        position = text.find("{", end)
    assert [b["name"].split(",")[1].split(":")[0].strip() for b in blocks] == ["before", "after"]
    for block in blocks:
        assert block["figures"]["phases_adjudicated"] == 1
        assert block["figures"]["outbox_rows"] > 0
    assert "after_over_before" in blocks[1]["figures"]

"""`pbem tick --workers N`: run N-1 more tick processes beside this one and gather their codes."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any


def helper_command(argv: list[str]) -> list[str]:
    """This process's own command line without `--workers`, for one helper worker."""
    words: list[str] = []
    skip = False
    for word in argv[1:]:
        if skip:
            skip = False
        elif word == "--workers":
            skip = True
        elif not word.startswith("--workers="):
            words.append(word)
    return [sys.executable, argv[0], *words]


def start_helpers(count: int, as_json: bool) -> list[subprocess.Popen[bytes]]:
    """Start `count` helper workers; with JSON their output is kept for the summary."""
    output = subprocess.PIPE if as_json else None
    return [subprocess.Popen(helper_command(sys.argv), stdout=output) for _ in range(count)]


def join_helpers(helpers: list[subprocess.Popen[bytes]]) -> tuple[list[int], list[Any]]:
    """Wait for every helper; return their exit codes and, with JSON, their summaries."""
    codes, summaries = [], []
    for helper in helpers:
        out, _ = helper.communicate()
        codes.append(helper.returncode)
        if out:
            try:
                summaries.append(json.loads(out))
            except ValueError:
                summaries.append({"output": out.decode("utf-8", "replace")[-2000:]})
    return codes, summaries

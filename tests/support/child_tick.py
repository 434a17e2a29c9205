"""Run `pbem …` in a fresh interpreter through the console entry, and see what it imported."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WATCHED = ("PIL", "jinja2", "alembic", "pbem", "sqlmodel", "sqlalchemy", "typer", "click", "rich")
CHILD = """
import gc, json, sys
from pbem.cli.app import main
watched = tuple(json.loads(sys.argv[2]))
sys.argv = ["pbem", *json.loads(sys.argv[1])]
code = 0
try:
    main()
except SystemExit as exc:
    code = exc.code
loaded = sorted(m for m in sys.modules if m.split(".")[0] in watched)
found = {"code": code, "loaded": loaded, "thresholds": gc.get_threshold(),
         "frozen": gc.get_freeze_count()}
print("\\n" + json.dumps(found))
"""


@dataclass(frozen=True)
class ChildRun:
    """What the child printed before its report, its exit code, the modules it loaded, and its
    garbage collector's thresholds and frozen objects at the end."""

    output: str
    code: int
    loaded: list[str]
    thresholds: tuple[int, ...] = ()
    frozen: int = 0

    def imported(self, name: str) -> bool:
        """Whether the child imported `name` or a module inside it."""
        return any(m == name or m.startswith(name + ".") for m in self.loaded)


def run_pbem_child(args: list[str], env: dict[str, str], cwd: Path) -> ChildRun:
    """Run `pbem ARGS` as the console script does, in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, json.dumps(args), json.dumps(WATCHED)],
        env={**env, "PYTHONPATH": str(ROOT)},
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    output, _, report = done.stdout.rstrip("\n").rpartition("\n")
    found = json.loads(report)
    return ChildRun(output.removesuffix("\n"), int(found["code"] or 0), list(found["loaded"]),
                    tuple(found["thresholds"]), int(found["frozen"]))

"""`pbem tick` with nothing to do, answered before Typer, SQLAlchemy or a game is imported.

Only the plain cron form is tried: `pbem [--config PATH] tick [--json] [--wait N]`. It loads the
settings as every command does, asks services/tick/idle_checks.py whether the tick would find any
work, and when the answer is a certain no prints what the full tick prints on an idle ledger
and exits 0. Any other answer, any error, and every other command line (`--dry-run`,
`--workers`, `--help`, …) print nothing here and go on to the full tick, which decides (and
reports any error) as it always has. `PBEM_IDLE_CHECK=0` sends every tick the full way.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass

DISABLE_VARIABLE = "PBEM_IDLE_CHECK"
IDLE_LINE = "tick: 0 stored, 0 processed, 0 reminders, 0 turns run, 0 sent, 0 retrying, 0 dead"
IDLE_SUMMARY = {  # `pbem tick --json` on an idle ledger (cli/host/tick.py)
    "stored": 0,
    "processed": 0,
    "outcomes": {},
    "reminders": 0,
    "turns": [],
    "sent": 0,
    "retrying": 0,
    "dead": 0,
    "mail_errors": [],
    "quarantined": 0,
    "campaigns": [],
    "exit_code": 0,
}


@dataclass(frozen=True)
class TickRequest:
    """A plain `pbem tick` command line: the --config given, and whether JSON is wanted."""

    config: str | None
    as_json: bool


def answer_idle_tick(argv: list[str]) -> bool:
    """Print the idle tick's summary and return True when `argv` is a plain tick with nothing
    to do; return False, having printed nothing, when the full tick must run."""
    request = plain_tick(argv)
    if request is None or not _enabled():
        return False
    try:
        work = _work(request)
    except Exception:  # anything uncertain is the full tick's to decide and to report
        return False
    if work is not None:
        return False
    _print_idle(request.as_json)
    return True


def plain_tick(argv: list[str]) -> TickRequest | None:
    """The request when `argv` is `[--config PATH] tick [--json] [--wait N]`, else None."""
    words, config = list(argv), None
    while words and words[0] != "tick":
        word = words.pop(0)
        if word == "--config" and words:
            config = words.pop(0)
        elif word.startswith("--config="):
            config = word.partition("=")[2]
        else:
            return None
    if not words:
        return None
    rest, as_json = words[1:], False
    while rest:
        word = rest.pop(0)
        if word == "--json":
            as_json = True
        elif word == "--wait" and rest and _is_number(rest[0]):
            rest.pop(0)
        elif not (word.startswith("--wait=") and _is_number(word.partition("=")[2])):
            return None
    return TickRequest(config, as_json)


def _is_number(word: str | None) -> bool:
    try:
        float(word or "")
    except ValueError:
        return False
    return True


def _enabled() -> bool:
    """The check runs unless PBEM_IDLE_CHECK=0, and never under crash points (tests)."""
    if os.environ.get(DISABLE_VARIABLE, "").strip() == "0":
        return False
    return not os.environ.get("PBEM_FAILPOINTS")


def _work(request: TickRequest) -> str | None:
    """What the tick would find to do (see services/tick/idle_checks.py); raises when unsure."""
    from pbem.clock import SystemClock
    from pbem.config import DEFAULTS, load_settings
    from pbem.services.tick.idle import find_work
    from pbem.services.tick.idle_ledger import Unsure

    settings = load_settings(request.config)
    from_environment = os.environ.get("PBEM_DATABASE_URL") or os.environ.get(
        "PBEM_DATABASE_URL_FILE"
    )
    if settings.source == DEFAULTS and not from_environment:
        raise Unsure("no configuration")  # the full tick refuses: config.E_NO_CONFIG
    return find_work(settings, SystemClock().now())


def _print_idle(as_json: bool) -> None:
    """What the full tick prints when it did nothing."""
    if as_json:
        text = json.dumps(IDLE_SUMMARY, indent=2, sort_keys=True, ensure_ascii=False)
    else:
        text = IDLE_LINE
    sys.stdout.write(text + "\n")
    sys.stdout.flush()

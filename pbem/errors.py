"""Stable error codes and the documented process exit codes."""

from __future__ import annotations

from enum import IntEnum
from typing import Any


class ExitCode(IntEnum):
    """Process exit codes, documented in docs/cli.md; cron monitoring reads them."""

    OK = 0
    FAILURE = 1  # an unexpected internal error
    USAGE = 2  # bad arguments (Typer's own code for usage errors)
    NOT_FOUND = 3  # no such campaign, player, turn or file
    INVALID = 4  # input understood but refused (bad orders, bad content, bad setting)
    CONFLICT = 5  # the ledger is not in a state that allows this (wrong phase, already done)
    LOCKED = 6  # another pbem run holds the lock
    MAIL_TRANSIENT = 7  # mail servers could not be reached; the run will retry
    REPLAY_MISMATCH = 8  # replay did not reproduce a stored snapshot
    CONFIG = 9  # configuration missing or wrong
    PARTIAL = 10  # the run finished but some items failed and are queued for retry


class PbemError(Exception):
    """An expected failure with a stable code, template parameters and an exit code."""

    exit_code: ExitCode = ExitCode.FAILURE

    def __init__(self, code: str, exit_code: ExitCode | None = None, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params
        if exit_code is not None:
            self.exit_code = exit_code

    def __str__(self) -> str:
        details = ", ".join(f"{k}={v}" for k, v in sorted(self.params.items()))
        return f"{self.code}({details})" if details else self.code


class NotFound(PbemError):
    """Something named does not exist."""

    exit_code = ExitCode.NOT_FOUND


class Invalid(PbemError):
    """Input understood but refused."""

    exit_code = ExitCode.INVALID


class Conflict(PbemError):
    """The ledger's state forbids this now."""

    exit_code = ExitCode.CONFLICT


class ConfigError(PbemError):
    """Configuration is missing or wrong."""

    exit_code = ExitCode.CONFIG


class Locked(PbemError):
    """Another run holds the lock."""

    exit_code = ExitCode.LOCKED

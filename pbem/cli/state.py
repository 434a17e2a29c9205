"""The --config option shared by every command, resolved once per process."""

from __future__ import annotations

from pbem.services.runtime import Runtime, open_runtime

_config: dict[str, str | None] = {"path": None}


def set_config(path: str | None) -> None:
    """Remember the --config given to the top-level command."""
    _config["path"] = path


def runtime() -> Runtime:
    """Open the runtime for the remembered configuration."""
    return open_runtime(_config["path"])

"""The --config option shared by every command, resolved once per process."""

from __future__ import annotations

from pbem.services.base.runtime import Runtime, open_runtime

_config: dict[str, str | None] = {"path": None}


def set_config(path: str | None) -> None:
    """Remember the --config given to the top-level command."""
    _config["path"] = path


def runtime(migrate_schema: bool = False) -> Runtime:
    """Open the runtime for the remembered configuration; only init and migrate migrate."""
    return open_runtime(_config["path"], migrate_schema=migrate_schema)

"""Where `pbem` keeps what it can make again but would rather not: a folder of the user's
cache (`$XDG_CACHE_HOME/pbem/<name>`, else `~/.cache/pbem/<name>`), or the folder an
environment variable names, or none when that variable says `off`."""

from __future__ import annotations

import os
from pathlib import Path

OFF = "off"


def cache_folder(variable: str, name: str) -> Path | None:
    """The folder `variable` names (None for `off` or empty), else the user's cache's `name`."""
    chosen = os.environ.get(variable)
    if chosen is not None:
        return None if chosen.strip().lower() in ("", OFF) else Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        try:
            base = str(Path.home() / ".cache")
        except RuntimeError:  # no home folder to be found (a bare service account)
            return None
    return Path(base) / "pbem" / name

"""Where the shipped data lives (templates/ and campaigns/, in a checkout or an installed wheel),
and where a run keeps what it can make again but would rather not (the user's cache)."""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _data_dir(name: str) -> Path:
    installed = _PACKAGE / "_data" / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name


def templates_dir() -> Path:
    """The Jinja2 templates folder."""
    return _data_dir("templates")


def campaigns_dir() -> Path:
    """The folder of shipped campaign content (maps, scenarios, decks)."""
    return _data_dir("campaigns")


OFF = "off"


def cache_folder(variable: str, name: str) -> Path | None:
    """The folder `variable` names (None for `off` or empty), else `name` in the user's cache
    (`$XDG_CACHE_HOME/pbem/<name>`, else `~/.cache/pbem/<name>`)."""
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

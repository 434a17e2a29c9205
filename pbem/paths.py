"""Where the shipped data lives: templates/ and campaigns/, in a checkout or an installed wheel."""

from __future__ import annotations

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

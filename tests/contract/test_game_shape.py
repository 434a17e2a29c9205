"""Every registered built-in game package has the same modules (docs/games.md).

A package under `pbem/games/` is checked once an entry point (or the registry's built-in
table) names its `GAME`; a package still being written and not yet registered is skipped.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from pbem.core.game import Game
from pbem.registry import BUILT_IN, ENTRY_POINT_GROUP

GAMES_DIR = Path(importlib.import_module("pbem.games").__file__ or "").parent
MODULES = (
    "__init__",
    "game",
    "content",
    "state",
    "inputs",
    "orders",
    "setup",
    "view",
    "view_board",
    "bots",
)


def packages() -> list[str]:
    """The package directories under pbem/games/, by name."""
    return sorted(p.parent.name for p in GAMES_DIR.glob("*/__init__.py"))


def registered() -> dict[str, str]:
    """Package name -> game name, for every game registered from a pbem/games package."""
    specs = dict(BUILT_IN)
    specs.update({point.name: point.value for point in entry_points(group=ENTRY_POINT_GROUP)})
    found = {}
    for name, spec in specs.items():
        module, _, attribute = spec.partition(":")
        parts = module.split(".")
        if parts[:2] == ["pbem", "games"] and len(parts) == 3 and attribute == "GAME":
            found[parts[2]] = name
    return found


def missing(package: Path) -> list[str]:
    """The required modules a package lacks (a module is a file or a sub-package)."""
    return [
        m
        for m in MODULES
        if not (package / f"{m}.py").is_file() and not (package / m / "__init__.py").is_file()
    ]


def test_the_built_in_games_are_found_and_registered() -> None:
    found = registered()
    assert {"mighty_kingdoms", "dba_cards", "david_goliath"} <= set(found) & set(packages())


@pytest.mark.parametrize("package", packages())
def test_every_registered_game_package_has_the_standard_modules(package: str) -> None:
    found = registered()
    if package not in found:
        pytest.skip(f"pbem/games/{package} is not registered yet")
    module = importlib.import_module(f"pbem.games.{package}")
    assert isinstance(getattr(module, "GAME", None), Game)
    assert missing(GAMES_DIR / package) == []


def test_a_package_without_a_module_is_reported(tmp_path: Path) -> None:
    for name in MODULES:
        if name not in ("setup", "bots"):
            (tmp_path / f"{name}.py").write_text('"""x"""\n', encoding="utf-8")
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "__init__.py").write_text('"""x"""\n', encoding="utf-8")
    assert missing(tmp_path) == ["setup"]

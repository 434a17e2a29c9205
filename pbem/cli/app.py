"""The `pbem` console entry. A plain `pbem tick` with nothing to do is answered before Typer,
SQLAlchemy or a game loads (cli/idle.py); every other run goes to the Typer app (cli/apps.py).
"""

from __future__ import annotations

import sys
from typing import Any

FROM_APPS = ("app", "full_app", "solo_app", "app_for", "requested", "SOLO", "GROUPS", "REGISTERED")


def main() -> None:
    """Entry point of the console script."""
    from pbem.cli.idle import answer_idle_tick

    if answer_idle_tick(sys.argv[1:]):
        raise SystemExit(0)
    from pbem.cli.apps import main as run_app
    from pbem.cli.collecting import collect_less

    collect_less()
    run_app()


def __getattr__(name: str) -> Any:
    """`app` (the full app) and the app builders, from cli/apps.py on first use."""
    if name in FROM_APPS:
        from pbem.cli import apps

        return getattr(apps, name)
    raise AttributeError(name)

"""The painted board tiles a test run keeps (pbem/render/tile_store.py): in a folder of its own,
shared by the run's workers and the `pbem` processes its tests start, never the user's cache."""

from __future__ import annotations

import os
import shutil
import tempfile

from pbem.render import tile_store

_made: list[str] = []


def keep_tiles_for_this_run() -> None:
    """Point PBEM_TILE_CACHE at a new temporary folder, unless it names one already (a worker
    of this run, or a run told where)."""
    if tile_store.VARIABLE not in os.environ:
        folder = tempfile.mkdtemp(prefix="pbem-tiles-")
        os.environ[tile_store.VARIABLE] = folder
        _made.append(folder)


def forget_tiles_of_this_run() -> None:
    """Remove the folder keep_tiles_for_this_run made in this process."""
    while _made:
        shutil.rmtree(_made.pop(), ignore_errors=True)

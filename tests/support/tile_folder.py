"""The painted board tiles a test run keeps (pbem/render/tile_store.py): in a folder of its own,
shared by the run's workers and the `pbem` processes its tests start, never the user's cache."""

from __future__ import annotations

import shutil

from pbem.render import tile_store

_made: list[str] = []


def keep_tiles_for_this_run() -> None:
    """Keep tiles in a new temporary folder, unless PBEM_TILE_CACHE names one already (a
    worker of this run, or a run told where)."""
    folder = tile_store.folder_of_this_run("pbem-tiles-")
    if folder is not None:
        _made.append(folder)


def forget_tiles_of_this_run() -> None:
    """Remove the folder keep_tiles_for_this_run made in this process."""
    while _made:
        shutil.rmtree(_made.pop(), ignore_errors=True)

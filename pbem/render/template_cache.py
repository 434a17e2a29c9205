"""Compiled templates kept across runs, so that a `pbem` run does not compile them again.

Jinja2 compiles a template to Python code the first time a process loads it: some 0.4 s of CPU
for all of them, in every cron run and every helper process. Their bytecode is kept in a folder
of the user's cache (`$XDG_CACHE_HOME/pbem/templates`, else `~/.cache/pbem/templates`), each
file named by its template and the checksum of its source, so an edited template is compiled
afresh. PBEM_TEMPLATE_CACHE names another folder, or `off`. A folder that cannot be made or
written leaves templates compiled as before: never an error.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from jinja2.bccache import Bucket, BytecodeCache, FileSystemBytecodeCache

from pbem.paths import cache_folder as user_cache_folder

VARIABLE = "PBEM_TEMPLATE_CACHE"


def template_cache() -> BytecodeCache | None:
    """The bytecode cache of this run's templates, or None when there is none to be had."""
    folder = cache_folder()
    if folder is None:
        return None
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError:
        return None
    return _Forgiving(str(folder))


def cache_folder() -> Path | None:
    """Where compiled templates are kept: PBEM_TEMPLATE_CACHE, else the user's cache folder."""
    return user_cache_folder(VARIABLE, "templates")


class _Forgiving(FileSystemBytecodeCache):
    """Jinja2's folder cache, but a file it cannot write is simply not kept."""

    def dump_bytecode(self, bucket: Bucket) -> None:
        """Keep a compiled template, if the folder lets us."""
        with contextlib.suppress(OSError):
            super().dump_bytecode(bucket)

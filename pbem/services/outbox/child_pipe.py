"""What the tick's helper processes share: their environment and their answers' channel."""

from __future__ import annotations

import os
import sys
from typing import BinaryIO

from pbem.config import DEFAULTS
from pbem.services.base.runtime import Runtime


def child_env(rt: Runtime) -> dict[str, str]:
    """The environment for a helper process: the tick's, naming the tick's config file."""
    env = dict(os.environ)
    if rt.settings.source != DEFAULTS:
        env["PBEM_CONFIG"] = rt.settings.source
    return env


def private_answers() -> BinaryIO:
    """The process's standard output for its answers alone; anything else printed goes to
    standard error instead, so it cannot garble them."""
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    return answers

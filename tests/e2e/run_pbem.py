"""Run the pbem CLI in a child process, with the toy game registered for the tests."""

from __future__ import annotations

from pbem.cli.app import main
from tests.support.runtime import register_toy

if __name__ == "__main__":
    register_toy()
    main()

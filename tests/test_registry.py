"""The game registry imports a game only when it is asked for."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pbem.errors import NotFound
from pbem.registry import get_game

REPO = Path(__file__).resolve().parents[1]
PROBE = """
import sys
from pbem.registry import get_game
get_game("mighty-kingdoms")
print(sorted(m for m in sys.modules if m.startswith("pbem.games.") and m.count(".") == 2))
"""


@pytest.mark.subprocess
def test_asking_for_one_game_imports_only_that_game() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "['pbem.games.mighty_kingdoms']"


def test_an_unknown_game_names_every_registered_one() -> None:
    with pytest.raises(NotFound) as caught:
        get_game("chess")
    known = caught.value.params["known"]
    assert "mighty-kingdoms" in known and "david-goliath" in known and "dba-cards" in known

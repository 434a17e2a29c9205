"""The Easy and Expert Versions and the seven Campaign Mode levels as rule switches."""

from __future__ import annotations

from typing import Any

from pbem.games.kings_of_israel.content import WIN_ALTARS
from pbem.games.kings_of_israel.state import Rules

VERSIONS = ("base", "easy", "expert")
# Each level: face-up hands, starting resources, Location cards removed (one copy each;
# "nations" means one of every nation), Sacrificial Blessings, the False Prophet.
LEVELS: dict[str, dict[str, Any]] = {
    "jehoash": {"face_up": True, "start": 3, "remove": ["nations", "again"], "blessings": True},
    "joram": {
        "face_up": True,
        "start": 2,
        "blessings": True,
        "remove": ["ammon", "aram", "assyria", "judah", "phoenicia"],
    },
    "ish-bosheth": {
        "start": 2,
        "remove": ["ammon", "aram", "judah", "phoenicia"],
        "blessings": True,
    },
    "saul": {"start": 2, "remove": ["judah", "phoenicia"]},
    "jehu": {"start": 2, "remove": []},
    "solomon": {"start": 3, "remove": ["again"], "prophet": True},
    "david": {"start": 2, "remove": [], "prophet": True},
}
LEVEL_NAMES = ("none", *LEVELS)


def rules_for(version: str, level: str, players: int) -> Rules:
    """The switches for a version, or for a Campaign Mode level (which sets its own)."""
    win = WIN_ALTARS.get(players, 8)
    if level in LEVELS:
        spec = LEVELS[level]
        return Rules(
            version="expert" if spec.get("prophet") else "base",
            level=level,
            hands_face_up=bool(spec.get("face_up")),
            start_resources=int(spec["start"]),
            sacrifice_blessings=bool(spec.get("blessings")),
            false_prophet=bool(spec.get("prophet")),
            win_altars=win,
        )
    easy, expert = version == "easy", version == "expert"
    return Rules(
        version=version,  # type: ignore[arg-type]
        hands_face_up=easy,
        sacrifice_blessings=easy,
        false_prophet=expert,
        win_altars=win,
    )


def removals(level: str, nations: list[str]) -> list[str]:
    """The Location cards a level takes out of the deck, one copy each."""
    found: list[str] = []
    for word in LEVELS.get(level, {}).get("remove", []):
        found += nations if word == "nations" else [word]
    return found

"""A whole winter, events and resulting state, compared with a stored JSON file.

Regenerate after a deliberate change with `PBEM_UPDATE_GOLDEN=1 pytest <this file>` and
review the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from pbem.core.rng import SeededRng
from pbem.games.mighty_kingdoms.state import MKState
from pbem.games.mighty_kingdoms.winter.orders import parse_winter
from pbem.games.mighty_kingdoms.winter.season import resolve_winter
from tests.games.mighty_kingdoms.winter_fixtures import add_army, make_state, put

GOLDEN = Path(__file__).parent / "golden" / "winter_three_kingdoms.json"

ORDERS = {
    "p1": """
        tithe p3 gold 1
        build fortress C3
        recruit C3
        unit Ironguard strength 2 points 140 type infantry
        unit Thane strength 0 points 100 type hero hero
        quest B4 hero 3.Warden
        deploy 3 to A2
    """,
    "p2": """
        tithe p1 food 1
        tithe p3 food 1
        upgrade E7 to city
        disband 4
        recruit D6
        unit Rangers strength 2 points 120 type infantry
        unfed 6
    """,
    "p3": "build village A8\ntithe p1 gold 1 food 1",
}


def three_kingdoms() -> MKState:
    """Three kingdoms late in year 1, advanced kow rules, a tower at B4."""
    state = make_state(3, advanced=True, battle_mode="kow")
    state.player_order = ["p2", "p1", "p3"]
    specs = {"B2": "p1 capital", "B3": "p1 city", "A2": "p1 fortress", "C2": "p1 village",
             "C3": "p1 village", "A3": "p1", "B1": "p1", "B4": "- tower",
             "E6": "p2 capital", "E5": "p2 city", "D6": "p2 fortress", "E7": "p2 village",
             "F6": "p2 village", "D5": "p2", "F5": "p2",
             "B7": "p2 city of:p3", "A7": "p3 village", "A8": "p3", "C7": "p3 fortress"}
    for tile, spec in specs.items():
        put(state, tile, spec)
    hero = ["Warden strength 1 points 110 type hero hero", "Pikes strength 2 points 130"]
    add_army(state, "3", "p1", "C4", hero, lying=True)
    add_army(state, "4", "p2", "B5", ["Orcs strength 0 points 100 type infantry"])
    add_army(state, "5", "p2", "B7", ["Orcs strength 2 points 100 type infantry"])
    add_army(state, "6", "p2", "D5", ["Trolls strength 2 points 200 type monstrous infantry"])
    add_army(state, "7", "p3", "A7", ["Elves strength 2 points 150 type infantry"])
    return state


def run() -> dict[str, Any]:
    """Parse every seat's orders, resolve the winter and collect what to compare."""
    state = three_kingdoms()
    inputs = {}
    problems = {}
    for seat, text in ORDERS.items():
        result = parse_winter(state, seat, text)
        inputs[seat] = result.orders
        problems[seat] = [p.model_dump() for p in result.problems]
    rng = SeededRng(2024)
    after, events = resolve_winter(state, inputs, rng)
    return {"problems": problems, "events": [e.model_dump() for e in events],
            "draws": rng.log(), "state": after.model_dump(mode="json", exclude={"map"})}


def test_whole_winter_matches_golden() -> None:
    produced = run()
    if os.environ.get("PBEM_UPDATE_GOLDEN") == "1":
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(json.dumps(produced, indent=1, sort_keys=True) + "\n")
    assert produced == json.loads(GOLDEN.read_text())


def test_whole_winter_is_deterministic() -> None:
    assert run() == run()

"""The view: the one place secrecy is decided, and the board picture it carries."""

from __future__ import annotations

import json
from typing import Any

from pbem.core.game import REFEREE
from pbem.core.rng import SeededRng
from pbem.games.mighty_kingdoms import GAME
from pbem.games.mighty_kingdoms.state import MKState
from tests.games.mighty_kingdoms.summer_fixtures import add_army, summer_state, two_kingdoms

KEYS = {"game", "viewer", "phase", "events", "kingdoms", "position", "armies", "board", "due",
        "template", "plan"}


def fought() -> tuple[MKState, list[Any]]:
    """A month with a battle in B4 and a move, as (new state, events)."""
    state = two_kingdoms()
    add_army(state, "3 p1 B3")
    add_army(state, "4 p2 B4")
    add_army(state, "6 p2 C4")
    inputs = {"p1": GAME.parse(state, "p1", "move 3 to B4").orders}
    result = GAME.advance(state, inputs, SeededRng(5))
    return result.state, result.events


def test_view_has_every_key_and_is_json() -> None:
    state, events = fought()
    for viewer in (None, "p1", "p2", REFEREE):
        view = GAME.view(state, viewer, events)
        assert set(view) == KEYS
        assert json.loads(json.dumps(view)) == view


def test_private_events_reach_only_their_seat_and_the_referee() -> None:
    state, events = fought()
    def echoes(viewer: str | None) -> list[str]:
        return [e["data"]["seat"] for e in GAME.view(state, viewer, events)["events"]
                if e["code"] == "mk.orders"]
    assert echoes("p1") == ["p1"]
    assert echoes("p2") == ["p2"]
    assert echoes(None) == []
    assert sorted(echoes(REFEREE)) == ["p1", "p2"]


def test_points_of_other_armies_are_hidden_unless_a_battle_revealed_them() -> None:
    state, events = fought()
    seen = {a["id"]: a for a in GAME.view(state, "p1", events)["armies"]}
    assert "points" in seen["1"]  # own
    assert "points" in seen["4"]  # fought in B4
    assert "points" not in seen["6"] and "points" not in seen["2"]
    assert "points" in {a["id"]: a for a in GAME.view(state, REFEREE, events)["armies"]}["6"]


def test_position_is_the_viewers_own() -> None:
    state, events = fought()
    view = GAME.view(state, "p2", events)
    assert view["position"]["seat"] == "p2"
    assert {a["id"] for a in view["position"]["armies"]} == {"2", "4", "6"}
    assert view["position"]["settlements"]["B5"] == "capital"
    assert GAME.view(state, None, events)["position"] is None


def test_kingdoms_show_public_counts() -> None:
    state, events = fought()
    kingdoms = {k["seat"]: k for k in GAME.view(state, None, events)["kingdoms"]}
    assert kingdoms["p2"]["armies"] == 3
    assert kingdoms["p1"]["race"] == "Humans"
    assert kingdoms["p1"]["tiles"] == len(state.controlled("p1"))


def test_board_picture_has_cells_pieces_arrows_and_battles() -> None:
    state, events = fought()
    board = GAME.view(state, "p1", events)["board"]
    assert board["kind"] == "hex" and len(board["cells"]) == len(state.map.tiles)
    c3 = next(c for c in board["cells"] if c["id"] == "C3")
    assert "river" in c3["marks"]
    assert {"cell": "C4", "side": "e", "feature": "mountain"} in board["edges"]
    armies = [p for p in board["pieces"] if p["kind"] == "army"]
    assert all(p["highlight"] == (p["owner"] == "p1") for p in armies)
    assert {"source": "B3", "target": "B4", "owner": "p1", "style": "move"} in board["arrows"]
    assert any(a["style"] == "retreat" for a in board["arrows"])
    assert board["battles"] == ["B4"]
    assert [o["key"] for o in board["owners"]] == ["p1", "p2"]
    capital = next(p for p in board["pieces"] if p["cell"] == "B2")
    assert capital["kind"] == "capital" and capital["highlight"]


def test_template_and_due_for_a_seat_without_armies() -> None:
    state = summer_state(2)
    add_army(state, "1 p1 B2")
    state.tiles["B2"].owner = "p1"
    view = GAME.view(state, "p2", [])
    assert view["due"] == {"players": ["p1"], "referee": False, "optional": ["p2"]}
    assert view["template"] == ""
    assert GAME.view(state, "p1", [])["template"] == "defend 1"
    assert GAME.view(state, None, [])["template"] == ""


def test_kow_lists_stay_private_until_a_battle_reveals_them() -> None:
    from tests.games.mighty_kingdoms.summer_fixtures import new_game

    assert GAME.random_input is not None and GAME.private_strings is not None
    state = new_game(3, battle_mode="kow")
    revealed_some = False
    for step in range(16):
        due = GAME.due(state)
        seats = list(due.players) + ([REFEREE] if due.referee else [])
        inputs = {s: GAME.random_input(state, s, SeededRng(100 + step)) for s in seats}
        state = GAME.advance(state, inputs, SeededRng(step)).state
        for owner in ("p1", "p2", "p3"):
            secrets = GAME.private_strings(state, owner)
            for viewer in [v for v in ("p1", "p2", "p3", None) if v != owner]:
                shown = json.dumps(GAME.view(state, viewer, []))
                assert not [s for s in secrets if s in shown], (owner, viewer)
            assert all(s in json.dumps(GAME.view(state, owner, [])) for s in secrets)
        revealed_some = revealed_some or any(a.list_revealed for a in state.armies.values())
    assert revealed_some

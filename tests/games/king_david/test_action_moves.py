"""An action's moves as the rules carry them out, not only as the order reader checks them:
movement points are spent over the whole action (6.1, issue 25 item 1)."""

from __future__ import annotations

from pbem.core.rng import SeededRng
from pbem.games.king_david import GAME
from pbem.games.king_david.inputs import KDOrders, Move
from tests.games.king_david.test_rules_cases import base


def test_the_rules_refuse_a_second_move_of_an_army_that_has_spent_its_points() -> None:
    state = base({"armies": ["A1 judah infantry 2 2 hebron", "A2 judah infantry 2 2 bethlehem"],
                  "leaders": {}})
    orders = KDOrders(moves=[Move(path=["hebron", "bethlehem"]),
                             Move(path=["bethlehem", "wilderness"])])
    result = GAME.advance(state, {"p1": orders}, SeededRng(1))
    where = {a.id: a.area for a in result.state.armies}
    assert where == {"A1": "bethlehem", "A2": "bethlehem"}
    refused = [e.data for e in result.events if e.code == "kd.move_refused"]
    assert refused == [{"seat": "p1", "code": "kd.E_TOO_FAR", "path": "bethlehem wilderness"}]


def test_a_leader_spends_his_three_points_over_the_whole_action() -> None:
    state = base({"armies": [], "leaders": {"David": "hebron"}})
    orders = KDOrders(moves=[Move(path=["hebron", "bethlehem", "jerusalem"]),
                             Move(path=["jerusalem", "gibeah", "ekron"])])
    result = GAME.advance(state, {"p1": orders}, SeededRng(1))
    david = next(ld for ld in result.state.leaders if ld.name == "David")
    assert david.area == "jerusalem"
    assert result.state.spent == {}  # nothing of the action's spending outlives it

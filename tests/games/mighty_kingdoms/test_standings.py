"""Standings: the later edition's might (village 1, city 2, fortress 2, capital 3, army 5)."""

from __future__ import annotations

from pbem.games.mighty_kingdoms.standings import standings
from tests.games.mighty_kingdoms.winter_fixtures import add_army, make_state, put, two_kingdoms


def test_counts_and_might() -> None:
    rows = standings(two_kingdoms())
    assert rows[0] == {"seat": "p1", "name": "Kingdom p1", "villages": 2, "cities": 1,
                       "fortresses": 1, "capitals": 1, "armies": 1,
                       "might": 2 * 1 + 1 * 2 + 1 * 2 + 1 * 3 + 1 * 5}


def test_best_first() -> None:
    state = two_kingdoms()
    add_army(state, "3", "p2", "E6")
    assert [r["seat"] for r in standings(state)] == ["p2", "p1"]
    assert standings(state)[0]["might"] == 19


def test_ties_keep_seat_order() -> None:
    state = make_state(3)
    put(state, "A1", "p3 village")
    put(state, "A2", "p2 village")
    assert [r["seat"] for r in standings(state)] == ["p2", "p3", "p1"]


def test_captured_capital_is_a_city_for_the_captor() -> None:
    state = two_kingdoms()
    put(state, "B2", "p2 city of:p1")
    p1, p2 = sorted(standings(state), key=lambda r: r["seat"])
    assert (p1["capitals"], p1["cities"]) == (0, 1)
    assert (p2["capitals"], p2["cities"], p2["might"]) == (1, 2, 16)

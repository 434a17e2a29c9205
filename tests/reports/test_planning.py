"""The planning facts agree with the rules: moves listed parse, closed ones do not; the winter
forecast is what the winter then gathers, and the listed builds are accepted."""

from __future__ import annotations

from pbem.core.rng import SeededRng
from pbem.games.mighty_kingdoms import GAME
from pbem.games.mighty_kingdoms.planning import plan_for
from pbem.render import report
from tests.reports.campaign import header, inputs_for, step_named


def test_each_owned_tile_lists_its_terrain_and_every_neighbour_with_edges() -> None:
    state = step_named("simple", "y1-m4").after
    plan = plan_for(state, "p1")
    assert plan is not None
    assert [t["tile"] for t in plan["tiles"]] == sorted(
        state.controlled("p1"), key=lambda t: (t[0], int(t[1:]))
    )
    for row in plan["tiles"]:
        assert row["terrain"] == state.map.tile(row["tile"]).terrain
        expected = state.map.neighbours(row["tile"])
        assert {n["direction"]: n["tile"] for n in row["neighbours"]} == expected
    b2 = next(t for t in plan["tiles"] if t["tile"] == "B2")
    assert {"direction": "ne", "tile": "A3", "terrain": "water", "edge": "water"} in (
        b2["neighbours"]
    )
    assert plan_for(state, None) is None and plan_for(state, "referee") is None


def test_listed_moves_are_legal_and_closed_ones_are_refused() -> None:
    checked = {"moves": 0, "closed": 0}
    for key in ("y1-m1", "y1-m2", "y1-m3"):
        state = step_named("simple", key).after
        if state.stage != "summer":
            continue
        for seat in ("p1", "p2"):
            plan = plan_for(state, seat)
            assert plan is not None
            for army in plan["armies"]:
                for move in army["moves"]:
                    parsed = GAME.parse(state, seat, f"move {army['army']} to {move['tile']}")
                    assert not parsed.errors, (key, seat, army, move)
                    checked["moves"] += 1
                for shut in army["closed"]:
                    parsed = GAME.parse(state, seat, f"move {army['army']} to {shut['tile']}")
                    assert [p.code for p in parsed.errors] == [shut["code"]]
                    checked["closed"] += 1
    assert checked["moves"] >= 5 and checked["closed"] >= 1, checked


def test_the_winter_forecast_is_what_the_winter_gathers() -> None:
    state = step_named("simple", "y1-m6").after
    assert state.stage == "winter"
    forecast = (plan_for(state, "p1") or {})["forecast"]
    assert forecast is not None and forecast["gold_total"] > 0
    done = GAME.advance(
        state, {**inputs_for(state), "p1": GAME.parse(state, "p1", "pass").orders}, SeededRng(1)
    )
    gathered = next(
        e for e in done.events if e.code == "mk.winter.gather" and e.data["seat"] == "p1"
    )
    assert (gathered.data["gold_total"], gathered.data["food_total"]) == (
        forecast["gold_total"],
        forecast["food_total"],
    )
    for build in forecast["builds"]:
        parsed = GAME.parse(state, "p1", f"build {build['target']} {build['tile']}")
        assert not parsed.errors, build


def test_the_text_report_carries_the_planning_sections() -> None:
    summer, winter = step_named("simple", "y1-m4"), step_named("simple", "y1-m6")
    text = report.render_text(
        header(summer.before, "p1", summer.after), GAME.view(summer.after, "p1", summer.events)
    )
    assert "YOUR TILES AND THEIR NEIGHBOURS" in text and "B2: plain, village" in text
    assert "WHAT YOUR ARMIES MAY DO THIS MONTH" in text
    text = report.render_text(
        header(winter.before, "p1", winter.after), GAME.view(winter.after, "p1", winter.events)
    )
    assert "WINTER FORECAST" in text and "The winter first gathers" in text
    public = report.render_text(
        header(summer.before, None, summer.after), GAME.view(summer.after, None, summer.events)
    )
    assert "YOUR TILES" not in public

"""The scenario file loads, and every broken record is reported with its file and line."""

from __future__ import annotations

import pytest

from pbem.core.game import ContentError
from pbem.games.king_david.land.mapfile import load_scenario_text
from pbem.paths import campaigns_dir

PATH = campaigns_dir() / "king-david" / "israel.toml"


def text() -> str:
    """The shipped scenario's text."""
    return PATH.read_text(encoding="utf-8")


def line_of(body: str, start: str) -> int:
    """The 1-based line of the first line starting with `start`."""
    return next(i for i, ln in enumerate(body.splitlines(), 1) if ln.startswith(start))


def test_shipped_scenario_loads() -> None:
    data = load_scenario_text(text(), str(PATH))
    assert len(data["areas"]) >= 40
    gaza = next(a for a in data["areas"] if a["id"] == "gaza")
    assert gaza["city"] == "Gaza" and gaza["port"] and gaza["fort"] == 2
    judah = next(c for c in data["countries"] if c["key"] == "judah")
    assert judah["setup"] == {"chariot": 0, "phalanx": 6, "infantry": 6, "militia": 5}
    assert judah["die"] == 8 and judah["auto"] == 10


def area_line(body: str, area: str) -> str:
    """The record of `area` in the file."""
    return next(ln for ln in body.splitlines() if ln.split()[:1] == [area] and "=" not in
                ln.split()[0] and len(ln.split()) >= 7)


@pytest.mark.parametrize(
    ("area", "field", "value", "code"),
    [
        ("gaza", 2, "swamp", "kd.E_RECORD"),
        ("ziklag", 1, "nowhere", "kd.E_COUNTRY"),
        ("hebron", 8, "fort=7", "kd.E_AREA"),
        ("sinai", 7, "fort=2", "kd.E_CITY"),
    ],
)
def test_bad_area_points_at_its_line(area: str, field: int, value: str, code: str) -> None:
    old = area_line(text(), area)
    words = old.split()
    words[field:field + 1] = [value]
    new = " ".join(words)
    body = text().replace(old, new)
    with pytest.raises(ContentError) as caught:
        load_scenario_text(body, "kd.toml")
    assert caught.value.code == code
    assert caught.value.line == line_of(body, new)
    assert str(caught.value).startswith(f"kd.toml:{caught.value.line}:")


def test_link_to_unknown_area_points_at_its_line() -> None:
    body = text().replace("gaza sinai land", "gaza atlantis land")
    with pytest.raises(ContentError) as caught:
        load_scenario_text(body, "kd.toml")
    assert caught.value.code == "kd.E_LINK"
    assert caught.value.line == line_of(body, "gaza atlantis land")


def test_setup_larger_than_the_counter_mix_is_refused() -> None:
    body = text().replace("judah      0 6 6  5", "judah      0 9 6  5")
    with pytest.raises(ContentError) as caught:
        load_scenario_text(body, "kd.toml")
    assert caught.value.code == "kd.E_COUNTERS"
    assert caught.value.line == line_of(body, "judah      0 9 6  5")


def test_toml_syntax_error_has_a_line() -> None:
    with pytest.raises(ContentError) as caught:
        load_scenario_text(text().replace("turns = 7", "turns = = 7"), "kd.toml")
    assert caught.value.code == "kd.E_TOML"
    assert caught.value.line == line_of(text(), "turns = 7")


def test_every_setup_fits_its_country_within_stacking() -> None:
    """Issue 25 item 6: four armies an area (more with a leader), so the map gives every
    country, minor ones included, room for the whole of its setup (4.5, 11.0)."""
    data = load_scenario_text(text(), str(PATH))
    for country in data["countries"]:
        areas = [a for a in data["areas"] if a["country"] == country["key"]]
        best = max((ld["rating"] for ld in data["leaders"] if ld["country"] == country["key"]),
                   default=0)
        assert sum(country["setup"].values()) <= 4 * len(areas) + best, country["key"]


def test_a_setup_without_room_on_the_map_is_refused_at_its_line() -> None:
    body = text().replace("negev      0 0 0  8", "negev      0 0 0  9")
    body = body.replace("negev     militia  1 1 10", "negev     militia  1 1 12")
    with pytest.raises(ContentError) as caught:
        load_scenario_text(body, "kd.toml")
    assert caught.value.code == "kd.E_SETUP_ROOM"
    assert caught.value.line == line_of(body, "negev      0 0 0  9")


def test_a_phase_cup_too_small_for_hand_of_fate_is_refused() -> None:
    old = "phase_cup = { action = 10, event = 4, harvest = 4, resource = 4, build = 4 }"
    small = "phase_cup = { action = 5, event = 2, harvest = 2, resource = 2, build = 2 }"
    body = text().replace(old, small)
    with pytest.raises(ContentError) as caught:
        load_scenario_text(body, "kd.toml")
    assert caught.value.code == "kd.E_CUP"
    assert caught.value.line == line_of(body, small)

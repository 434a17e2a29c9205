"""Map files: loading, validation errors that name file and line, and the shipped maps."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem.core.game import ContentError
from pbem.games.mighty_kingdoms.maps.mapfile import load_map_text, load_scenario_text
from pbem.paths import campaigns_dir

ROWS = "ABCDE"
HEADER = """# a test map
[map]
name = "test"
title = "Test"
min_players = 2
max_players = 2
tiles = \"\"\"
"""
FIRST_TILE_LINE = HEADER.count("\n") + 1  # line 8
STARTS = ("B2", "D6")


def tile_ids() -> list[str]:
    """A1..E7 in file order."""
    return [f"{row}{column}" for row in ROWS for column in range(1, 8)]


def default_line(tile: str) -> str:
    """The tile's line on the valid test board (starts at B2 and D6)."""
    row, column = ROWS.index(tile[0]), int(tile[1:])
    flags = " start" if tile in STARTS else ""
    return f"{tile} {column - 1 - row // 2} {row} plain{flags}"


def map_text(changes: dict[str, str] | None = None, tail: str = "") -> str:
    """The valid test map with some tile lines replaced, plus text after the tiles."""
    changes = changes or {}
    lines = [changes.get(t, default_line(t)) for t in tile_ids()]
    return HEADER + "\n".join(lines) + '\n"""\n' + tail


def line_of(tile: str) -> int:
    """File line of a tile on the test board."""
    return FIRST_TILE_LINE + tile_ids().index(tile)


def error(text: str) -> ContentError:
    """The ContentError loading `text` as a scenario raises."""
    with pytest.raises(ContentError) as caught:
        load_scenario_text(text, "maps/test.toml")
    return caught.value


def test_valid_map_loads() -> None:
    game_map = load_map_text(map_text(), "maps/test.toml")
    assert len(game_map.tiles) == 35
    assert game_map.start_tiles() == ["B2", "D6"]
    assert game_map.tile("b2").start


def test_tile_features_read() -> None:
    text = map_text({"C4": "c4 2 2 PLAIN river E=mountain sw=forest  # a note"})
    tile = load_map_text(text, "t").tile("C4")
    assert (tile.river, tile.edges) == (True, {"e": "mountain", "sw": "forest"})


def test_error_names_file_and_line() -> None:
    found = error(map_text({"C4": "C4 2 2 swamp"}))
    assert (found.source, found.line, found.code) == ("maps/test.toml", line_of("C4"),
                                                      "mk.E_UNKNOWN_TERRAIN")
    assert str(found).startswith(f"maps/test.toml:{line_of('C4')}: mk.E_UNKNOWN_TERRAIN")


@pytest.mark.parametrize(("tile", "line", "code"), [
    ("C4", "C4 2 2 plain e=lava", "mk.E_UNKNOWN_FEATURE"),
    ("C4", "C4 2 2 plain n=mountain", "mk.E_UNKNOWN_DIRECTION"),
    ("C4", "C4 2 2 plain bridge", "mk.E_UNKNOWN_FLAG"),
    ("C4", "C4 two 2 plain", "mk.E_TILE_FORMAT"),
    ("C4", "C4 2 2", "mk.E_TILE_FORMAT"),
    ("C4", "C3 2 2 plain", "mk.E_DUPLICATE_TILE"),
    ("C4", "C4 1 2 plain", "mk.E_DUPLICATE_COORD"),
    ("B2", "B2 1 1 water start", "mk.E_START_TERRAIN"),
    ("A3", "A3 2 0 plain start", "mk.E_START_RING"),
    ("C4", "C4 2 2 plain start", "mk.E_START_SPACING"),
])
def test_tile_errors(tile: str, line: str, code: str) -> None:
    found = error(map_text({tile: line}))
    assert (found.line, found.code) == (line_of(tile), code)


def test_start_needs_four_plain_neighbours() -> None:
    wet = {t: default_line(t).replace("plain", "marsh") for t in ("A2", "A3", "C2")}
    found = error(map_text(wet))
    assert (found.line, found.code) == (line_of("B2"), "mk.E_START_ROOM")
    del wet["C2"]
    assert load_map_text(map_text(wet), "t").start_tiles() == ["B2", "D6"]


def test_too_few_starts_points_at_max_players() -> None:
    found = error(map_text({"D6": "D6 4 3 plain"}))
    assert (found.line, found.code) == (6, "mk.E_TOO_FEW_STARTS")


def test_unreachable_start() -> None:
    wall = {f"{row}4": default_line(f"{row}4").replace("plain", "water") for row in ROWS}
    found = error(map_text(wall))
    assert (found.line, found.code) == (line_of("D6"), "mk.E_START_UNREACHABLE")


def test_water_edges_block_the_way() -> None:
    gap = {f"{row}4": default_line(f"{row}4").replace("plain", "water") for row in "ABDE"}
    assert load_map_text(map_text(gap), "t")
    gap["C4"] = default_line("C4") + " e=water w=water"
    assert error(map_text(gap)).code == "mk.E_START_UNREACHABLE"


def test_toml_syntax_error_has_line() -> None:
    found = error(map_text() + "[scenario]\nraces = [\"Elves\"\nartefacts = 3\n")
    assert found.code == "mk.E_MAP_TOML" and found.line is not None and found.line >= 44


@pytest.mark.parametrize(("old", "new", "line"), [
    ('name = "test"\n', "", 2),
    ("max_players = 2", 'max_players = "2"', 6),
    ("min_players = 2", "min_players = 3", 5),
])
def test_map_field_errors(old: str, new: str, line: int) -> None:
    found = error(map_text().replace(old, new))
    assert (found.line, found.code) == (line, "mk.E_MAP_FIELD")


SCENARIO = """
[scenario]
races = ["Elves", "Dwarfs"]
artefacts = [
  { name = "Ring", points = 10 },
  { name = "Horn", points = 25 },
]
"""


def test_scenario_reads_races_and_artefacts() -> None:
    scenario = load_scenario_text(map_text(tail=SCENARIO), "t")
    assert scenario["races"] == ["Elves", "Dwarfs"]
    assert scenario["artefacts"] == [{"name": "Ring", "points": 10},
                                     {"name": "Horn", "points": 25}]
    assert scenario["map"]["tiles"]["B2"]["start"] is True


def test_scenario_is_optional() -> None:
    assert load_scenario_text(map_text(), "t")["artefacts"] == []


@pytest.mark.parametrize(("old", "new", "code", "line"), [
    ('"Horn", points = 25', '"Horn", points = 18', "mk.E_ARTEFACT_BAND", 6),
    ('"Horn", points = 25', '"Ring", points = 25', "mk.E_ARTEFACT", 6),
    ('"Horn", points = 25', '"Horn"', "mk.E_ARTEFACT", 6),
    ('"Elves", "Dwarfs"', '"Elves", "elves"', "mk.E_SCENARIO_FIELD", 3),
])
def test_scenario_errors(old: str, new: str, code: str, line: int) -> None:
    text = map_text(tail=SCENARIO.replace(old, new))
    found = error(text)
    offset = text.index("[scenario]")
    assert (found.code, found.line) == (code, text[:offset].count("\n") + line - 1)


SHIPPED = sorted((campaigns_dir() / "mighty-kingdoms" / "maps").glob("*.toml"))


@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_shipped_maps_load_as_scenarios(path: Path) -> None:
    scenario = load_scenario_text(path.read_text(), str(path))
    tiles = scenario["map"]["tiles"].values()
    assert {t["terrain"] for t in tiles} == {"plain", "water", "marsh"}
    assert any(t["river"] for t in tiles)
    features = {f for t in tiles for f in t["edges"].values()}
    assert {"mountain", "forest", "water"} <= features
    bands = {(a["points"] - 1) // 17 for a in scenario["artefacts"]}  # 0, 1 and 2 for the bands
    assert len(scenario["artefacts"]) >= 10 and bands == {0, 1, 2}
    assert scenario["races"]


def test_shipped_maps_cover_small_and_large_games() -> None:
    ranges = {(m.min_players, m.max_players) for m in
              (load_map_text(p.read_text(), str(p)) for p in SHIPPED)}
    assert any(low <= 2 and high >= 3 for low, high in ranges)
    assert any(low <= 5 and high >= 6 for low, high in ranges)

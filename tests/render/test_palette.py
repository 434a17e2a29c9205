"""The owner palette, terrain colours and edge styles are complete and distinguishable."""

from __future__ import annotations

from pbem.render.palette import (
    EDGE_STYLES,
    OWNER_COLOURS,
    OWNER_PATTERNS,
    TERRAIN,
    UNKNOWN_TERRAIN,
    edge_style,
    mix,
    owner_style,
    rgb,
    terrain_style,
)

OKABE_ITO = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7")


def test_first_seven_owner_colours_are_okabe_ito_in_order() -> None:
    assert OWNER_COLOURS[:7] == OKABE_ITO


def test_owner_colours_and_patterns_are_all_different() -> None:
    assert len(set(OWNER_COLOURS)) == len(OWNER_COLOURS) > 7
    assert len({p.name for p in OWNER_PATTERNS}) == len(OWNER_PATTERNS)
    assert all(p.lines or p.dots for p in OWNER_PATTERNS)


def test_every_slot_of_a_big_game_gets_its_own_colour_and_pattern_pair() -> None:
    pairs = {(owner_style(s).colour, owner_style(s).pattern.name) for s in range(60)}
    assert len(pairs) == 60


def test_neighbouring_slots_differ_in_pattern_too() -> None:
    for slot in range(20):
        assert owner_style(slot).pattern != owner_style(slot + 1).pattern


def test_pattern_ink_is_darker_than_the_owner_colour() -> None:
    for slot in range(len(OWNER_COLOURS)):
        style = owner_style(slot)
        assert sum(rgb(style.ink)) < sum(rgb(style.colour))


def test_terrain_colours_cover_hex_and_square_boards() -> None:
    assert {"plain", "water", "marsh", "light", "dark"} <= set(TERRAIN)
    fills = [style.fill for style in TERRAIN.values()]
    assert len(set(fills)) == len(fills)
    assert sum(rgb(TERRAIN["light"].fill)) > sum(rgb(TERRAIN["dark"].fill))


def test_unknown_terrain_falls_back_to_grey() -> None:
    assert terrain_style("lava") == UNKNOWN_TERRAIN
    assert terrain_style("water") == TERRAIN["water"]


def test_edge_styles_match_the_map_conventions() -> None:
    water, mountain, forest = EDGE_STYLES["water"], EDGE_STYLES["mountain"], EDGE_STYLES["forest"]
    r, g, b = rgb(water.colour)
    assert b > r and b > g and water.width >= 4
    assert mountain.shape == "zigzag"
    r, g, b = rgb(forest.colour)
    assert g > r and g > b and forest.dash is not None
    assert edge_style("lava").dash is not None


def test_mix_and_rgb() -> None:
    assert rgb("#0072B2") == (0, 0x72, 0xB2)
    assert mix("#000000", "#FFFFFF", 0.5) == "#808080"
    assert mix("#E69F00", "#000000", 0.0) == "#E69F00"

"""The map generator: valid for 2-6 players, deterministic, sized and varied."""

from __future__ import annotations

import pytest

from pbem.core.hexgrid import distance
from pbem.games.mighty_kingdoms.maps.mapcheck import check_map
from pbem.games.mighty_kingdoms.maps.mapfile import load_map_text
from pbem.games.mighty_kingdoms.maps.mapgen import generate_map


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", [0, 1, 7, 42, 2024])
def test_generated_maps_validate(players: int, seed: int) -> None:
    game_map = load_map_text(generate_map(players, seed), f"generated-{players}-{seed}")
    assert check_map(game_map) == []
    starts = [game_map.tile(t).hex for t in game_map.start_tiles()]
    assert len(starts) == players == game_map.max_players
    assert min(distance(a, b) for a in starts for b in starts if a != b) >= 3


@pytest.mark.parametrize("players", [2, 4, 6])
def test_deterministic_for_a_seed(players: int) -> None:
    assert generate_map(players, 99) == generate_map(players, 99)
    assert generate_map(players, 99) != generate_map(players, 100)


def test_size_grows_with_players() -> None:
    sizes = [len(load_map_text(generate_map(p, 3), "g").tiles) for p in range(2, 7)]
    assert sizes == sorted(sizes) and sizes[0] < sizes[-1]


def test_terrain_mix() -> None:
    game_map = load_map_text(generate_map(4, 11), "g")
    tiles = list(game_map.tiles.values())
    assert {t.terrain for t in tiles} == {"plain", "water", "marsh"}
    assert sum(t.terrain == "plain" for t in tiles) > len(tiles) * 0.7
    features = {f for t in tiles for f in t.edges.values()}
    assert {"mountain", "forest"} <= features
    assert any(t.river for t in tiles)


@pytest.mark.parametrize("players", [1, 7])
def test_player_count_checked(players: int) -> None:
    with pytest.raises(ValueError):
        generate_map(players, 0)

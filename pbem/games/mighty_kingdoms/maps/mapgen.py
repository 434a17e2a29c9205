"""Generate a playable Mighty Kingdoms map as map-file TOML, deterministic for a seed.

The board is rows of hexes (ids A1, A2, … by row letter and column number), sized by the
number of players. Start tiles are spread out first and kept, with their rings, plain and
dry; then lakes, marshes, a river, mountain ridges and forests are laid down elsewhere. A try
that breaks a map rule (see mapcheck.py) is thrown away and the next try uses a new stream of
the same seed, so the result depends only on (players, seed).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pbem.core.game import ContentError
from pbem.core.hexgrid import DIRECTION_ORDER, Hex, distance
from pbem.core.rng import SeededRng, derive_seed
from pbem.games.mighty_kingdoms.maps.mapfile import load_map_text

SIZES: dict[int, tuple[int, int]] = {2: (7, 8), 3: (8, 9), 4: (9, 10), 5: (10, 11), 6: (10, 12)}
ROW_LETTERS = "ABCDEFGHIJKLMNOP"
MAX_TRIES = 50


@dataclass
class _Draft:
    """A map being drawn: terrain, rivers and edges per tile id."""

    rows: int
    columns: int
    coords: dict[str, Hex]
    index: dict[Hex, str]
    terrain: dict[str, str] = field(default_factory=dict)
    river: list[str] = field(default_factory=list)
    starts: list[str] = field(default_factory=list)
    edges: dict[str, dict[str, str]] = field(default_factory=dict)

    def at(self, h: Hex) -> str | None:
        """The id at a coordinate, if on the board."""
        return self.index.get(h)

    def neighbours(self, tile: str) -> list[str]:
        """Ids of the adjacent tiles on the board, in direction order."""
        found = (self.at(self.coords[tile].neighbour(d)) for d in DIRECTION_ORDER)
        return [t for t in found if t is not None]

    def protected(self) -> list[str]:
        """Start tiles and their rings: always plain, dry and open."""
        return [t for s in self.starts for t in [s, *self.neighbours(s)]]


def generate_map(players: int, seed: int) -> str:
    """Map TOML for 2-6 players that loads and validates; the same for the same seed."""
    if players not in SIZES:
        raise ValueError("players must be 2 to 6")
    for attempt in range(MAX_TRIES):
        rng = SeededRng(derive_seed(seed, f"mapgen.{players}.{attempt}"))
        text = render(_draw(players, rng), players, seed)
        try:
            load_map_text(text, "generated")
        except ContentError:
            continue  # this try broke a map rule; the next try draws again
        return text
    raise RuntimeError(f"no valid map for {players} players with seed {seed}")


def _draw(players: int, rng: SeededRng) -> _Draft:
    rows, columns = SIZES[players]
    coords = {f"{ROW_LETTERS[r]}{c + 1}": Hex(c - r // 2, r)
              for r in range(rows) for c in range(columns)}
    index = {h: t for t, h in coords.items()}
    draft = _Draft(rows, columns, coords, index, terrain=dict.fromkeys(coords, "plain"))
    draft.starts = _place_starts(draft, players, rng)
    _lakes(draft, rng)
    _marshes(draft, rng)
    _river(draft, rng)
    _ridges(draft, rng, "mountain", count=players + 2)
    _ridges(draft, rng, "forest", count=players + 3)
    return draft


def _interior(draft: _Draft) -> list[str]:
    return [t for t in draft.coords if len(draft.neighbours(t)) == 6]


def _place_starts(draft: _Draft, players: int, rng: SeededRng) -> list[str]:
    """Spread start tiles out: the widest spacing (at least 3) that fits one per player."""
    candidates = rng.shuffled(sorted(_interior(draft)), "mapgen.starts")
    for spacing in range(8, 2, -1):
        chosen: list[str] = []
        for tile in candidates:
            if all(distance(draft.coords[tile], draft.coords[o]) >= spacing for o in chosen):
                chosen.append(tile)
            if len(chosen) == players:
                return chosen
    return []


def _free(draft: _Draft) -> list[str]:
    protected = draft.protected()
    return sorted(t for t in draft.coords if t not in protected and draft.terrain[t] == "plain")


def _grow(draft: _Draft, rng: SeededRng, size: int, terrain: str, purpose: str) -> None:
    free = _free(draft)
    if not free:
        return
    patch = [rng.choice(free, purpose)]
    for _ in range(size - 1):
        around = sorted({n for t in patch for n in draft.neighbours(t)
                         if n in free and n not in patch})
        if not around:
            break
        patch.append(rng.choice(around, purpose))
    for tile in patch:
        draft.terrain[tile] = terrain


def _lakes(draft: _Draft, rng: SeededRng) -> None:
    for index in range(max(1, len(draft.coords) // 30)):
        _grow(draft, rng, rng.die(3, "mapgen.lake.size") + 1, "water", f"mapgen.lake.{index}")
        _shore(draft, rng)


def _shore(draft: _Draft, rng: SeededRng) -> None:
    """Mark a water edge on some plain tiles' sides that face a lake (cliffs and shallows)."""
    for tile in sorted(t for t in draft.coords if draft.terrain[t] == "plain"):
        for direction in DIRECTION_ORDER:
            other = draft.at(draft.coords[tile].neighbour(direction))
            if other and draft.terrain[other] == "water" and rng.die(3, "mapgen.shore") == 1:
                draft.edges.setdefault(tile, {})[direction] = "water"


def _marshes(draft: _Draft, rng: SeededRng) -> None:
    for index in range(max(1, len(draft.coords) // 24)):
        _grow(draft, rng, rng.die(2, "mapgen.marsh.size"), "marsh", f"mapgen.marsh.{index}")


def _river(draft: _Draft, rng: SeededRng) -> None:
    """A river wandering across the board from the top row towards the bottom."""
    tile = rng.choice(sorted(t for t in draft.coords if t.startswith("A")), "mapgen.river")
    for _ in range(draft.rows * 2):
        if draft.terrain[tile] != "plain":
            return
        draft.river.append(tile)
        downhill = [draft.at(draft.coords[tile].neighbour(d)) for d in ("sw", "se", "e", "w")]
        options = [t for t in downhill[:2] if t] or [t for t in downhill[2:] if t]
        if not options or draft.coords[tile].r == draft.rows - 1:
            return
        tile = rng.choice(options, "mapgen.river.step")


def _ridges(draft: _Draft, rng: SeededRng, feature: str, count: int) -> None:
    """Short chains of tiles with `feature` on a few of their sides."""
    for index in range(count):
        free = sorted(t for t in draft.coords if draft.terrain[t] == "plain")
        tile = rng.choice(free, f"mapgen.{feature}.{index}")
        heading = rng.choice(DIRECTION_ORDER, f"mapgen.{feature}.heading")
        for _ in range(rng.die(3, f"mapgen.{feature}.length") + 1):
            side = rng.choice(DIRECTION_ORDER, f"mapgen.{feature}.side")
            draft.edges.setdefault(tile, {})[side] = feature
            nxt = draft.at(draft.coords[tile].neighbour(heading))
            if nxt is None or draft.terrain[nxt] != "plain":
                break
            tile = nxt


def tile_line(draft: _Draft, tile: str) -> str:
    """One tile in map-file syntax: `C4 2 2 plain river start e=mountain`."""
    h = draft.coords[tile]
    words = [f"{tile:<4}", f"{h.q:>3}", f"{h.r:>3}", f"{draft.terrain[tile]:<6}"]
    words += [flag for flag, on in (("river", tile in draft.river),
                                    ("start", tile in draft.starts)) if on]
    edges = draft.edges.get(tile, {})
    words += [f"{d}={edges[d]}" for d in DIRECTION_ORDER if d in edges]
    return " ".join(words).rstrip()


def render(draft: _Draft, players: int, seed: int) -> str:
    """The whole map file."""
    lines = [
        f"# Generated by pbem mapgen for {players} players, seed {seed}.",
        "[map]",
        f'name = "generated-{players}-{seed}"',
        f'title = "Generated map for {players} players (seed {seed})"',
        "min_players = 2",
        f"max_players = {players}",
        "# ID  Q  R  TERRAIN  [river] [start] [DIR=FEATURE ...]",
        'tiles = """',
        *(tile_line(draft, t) for t in draft.coords),
        '"""',
    ]
    return "\n".join(lines) + "\n"


"""The archive's maps as one SVG file: what the phases' maps share (the board, most of the
pieces) is written once, and what differs is kept in groups shown only for the phases that
have it. A page shows its phase's map as `maps.svg#p012`: the fragment makes that phase's
marker the CSS `:target`, which shows its groups, so every map draws as its own file would,
element for element in the same order, with no script and nothing drawn twice in the file.

Each map is an SVG as `pbem.render.svg.render_svg` writes it: the root element, then one
element per line, then `</svg>`. The elements of all maps are merged into one sequence in
which each map's elements keep their order (a line found after the place reached is reused,
else it is inserted there), and each element of the sequence remembers the maps it belongs to.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

MAPS_FILE = "maps.svg"
_ELEMENT = re.compile(r"\n(?=<)")  # each element starts a line; text never holds a raw '<'
_SIZE = re.compile(r'width="([\d.]+)" height="([\d.]+)" viewBox="[^"]*"')


@dataclass(frozen=True)
class MapStack:
    """The stacked maps file, and the size every map is shown at (the largest map's)."""

    text: str
    width: float
    height: float


@dataclass
class _Element:
    line: str
    maps: set[str] = field(default_factory=set)


def anchor(seq: int) -> str:
    """The fragment naming a phase's map in the stacked file."""
    return f"p{seq:03d}"


def map_ref(seq: int) -> str:
    """The address of a phase's map, relative to the archive's pages."""
    return f"{MAPS_FILE}#{anchor(seq)}"


def stack_maps(svgs: dict[str, str]) -> MapStack:
    """One SVG holding every map of `svgs` (each by its anchor), each shown by its fragment."""
    heads, bodies = {}, {}
    for key, svg in svgs.items():
        parts = _ELEMENT.split(svg.strip())
        if not parts[0].startswith("<svg") or parts[-1] != "</svg>":
            raise ValueError(f"map {key} is not one element a line")
        heads[key], bodies[key] = parts[0], parts[1:-1]
    width, height = _largest(list(heads.values()))
    head = _SIZE.sub(
        f'width="{_num(width)}" height="{_num(height)}" viewBox="0 0 {_num(width)} {_num(height)}"',
        next(iter(heads.values())),
        count=1,
    )
    lines = [head, _style(sorted(svgs)), *(f'<g id="{key}"/>' for key in sorted(svgs))]
    lines += _groups(_merged(bodies), set(svgs))
    return MapStack("\n".join([*lines, "</svg>"]) + "\n", width, height)


def _largest(heads: list[str]) -> tuple[float, float]:
    sizes = [_SIZE.search(head) for head in heads]
    found = [(float(s.group(1)), float(s.group(2))) for s in sizes if s is not None]
    if len(found) != len(heads):
        raise ValueError("a map has no width, height and viewBox")
    return max(w for w, _ in found), max(h for _, h in found)


def _num(value: float) -> str:
    return f"{value:g}"


def _style(keys: list[str]) -> str:
    """Groups of class `s` show only for the maps they name; of class `h`, for all but those
    they name (`n` and the map's number), whichever list is shorter."""
    rules = [".s{display:none}"]
    for key in keys:
        rules.append(f"#{key}:target~.s.{key}{{display:inline}}")
        rules.append(f"#{key}:target~.h.n{key}{{display:none}}")
    return "<style>" + "".join(rules) + "</style>"


def _merged(bodies: dict[str, list[str]]) -> list[_Element]:
    """The elements of every map in one sequence that keeps each map's order."""
    merged: list[_Element] = []
    seen: set[str] = set()
    for key, body in bodies.items():
        place = 0
        for line in body:
            found = _find(merged, line, place) if line in seen else None
            if found is None:
                merged.insert(place, _Element(line))
                seen.add(line)
                found = place
            merged[found].maps.add(key)
            place = found + 1
    return merged


def _find(merged: list[_Element], line: str, start: int) -> int | None:
    return next((i for i in range(start, len(merged)) if merged[i].line == line), None)


def _groups(merged: list[_Element], everyone: set[str]) -> list[str]:
    """The merged elements, those of every map as they are, runs of the others in groups."""
    lines: list[str] = []
    run: list[str] = []
    maps: set[str] = set()
    for element in [*merged, _Element("", set())]:
        if element.maps != maps and run:
            lines += run if maps == everyone else [_group(maps, everyone, run)]
            run = []
        maps = element.maps
        run.append(element.line)
    return lines


def _group(maps: set[str], everyone: set[str], run: list[str]) -> str:
    if 2 * len(maps) <= len(everyone):
        names = ["s", *sorted(maps)]
    else:
        names = ["h", *(f"n{key}" for key in sorted(everyone - maps))]
    return f'<g class="{" ".join(names)}">' + "".join(run) + "</g>"

"""The archive's stacked maps file: each phase's map, picked by its fragment, is exactly that
phase's elements in their order, and what the maps share is written once."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.services.referee.site_maps import stack_maps
from tests.support.examples import examples

HEAD = '<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">'
GROUP = re.compile(r'^<g class="([^"]*)">(.*)</g>$', re.S)


def svg(elements: list[str], width: int = 100, height: int = 80) -> str:
    """A map as the renderer writes one: the root, one element a line, the end."""
    return "\n".join([HEAD.format(w=width, h=height), *elements, "</svg>"]) + "\n"


def shown(stack: str, key: str) -> str:
    """What the stacked file draws for the fragment `key`, as its style rules say: the shared
    elements, the `s` groups naming the map and the `h` groups not leaving it out."""
    drawn = []
    for line in re.split(r"\n(?=<)", stack.strip())[1:-1]:
        if line.startswith(("<style>", '<g id="')):
            continue
        group = GROUP.match(line)
        if group is None:
            drawn.append(line)
            continue
        names = group.group(1).split()
        if (names[0] == "s" and key in names) or (names[0] == "h" and f"n{key}" not in names):
            drawn.append(group.group(2))
    return "".join(drawn)


def _body(text: str) -> str:
    return "".join(re.split(r"\n(?=<)", text.strip())[1:-1])


def test_each_fragment_draws_its_own_map_and_the_shared_board_is_written_once() -> None:
    board = [f'<polygon points="{n},0 {n},9" class="cell"/>' for n in range(40)]
    maps = {
        "p001": svg([*board[:20], '<circle r="1" class="owner-fill"/>', *board[20:],
                     '<rect class="piece" x="1"/>']),
        "p002": svg([*board[:20], '<circle r="2" class="owner-fill"/>', *board[20:],
                     '<rect class="piece" x="1"/>', '<rect class="piece" x="2"/>'], height=90),
        "p003": svg([*board, '<rect class="piece" x="2"/>']),
    }
    stack = stack_maps(maps)
    for key, text in maps.items():
        assert shown(stack.text, key) == _body(text)
    assert all(stack.text.count(line) == 1 for line in board)
    assert (stack.width, stack.height) == (100, 90)
    assert 'width="100" height="90" viewBox="0 0 100 90"' in stack.text.splitlines()[0]


@settings(max_examples=examples(60), deadline=None)
@given(st.dictionaries(st.sampled_from(["p001", "p002", "p003", "p004", "p005"]),
                       st.lists(st.sampled_from([f"<e{n}/>" for n in range(8)]), max_size=12),
                       min_size=1))
def test_any_maps_come_back_whole_from_the_stack(bodies: dict[str, list[str]]) -> None:
    maps = {key: svg(body) for key, body in bodies.items()}
    stack = stack_maps(maps)
    assert all(shown(stack.text, key) == "".join(body) for key, body in bodies.items())


def test_a_map_that_is_not_one_element_a_line_is_refused() -> None:
    with pytest.raises(ValueError, match="p001"):
        stack_maps({"p001": "<svg><g></g>"})

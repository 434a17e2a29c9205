"""Each game's map, as drawn for a report: what matters to a move is on it, the legend explains
all of it, nothing is clipped, and a phone shows it whole with its text legible."""

from __future__ import annotations

import itertools

import pytest

from pbem.core.board import Picture
from pbem.render.areas import text_width
from pbem.render.layout import (
    FIT_WIDTH,
    MIN_TEXT,
    arrow_geometries,
    compute_layout,
    legend_sections,
)
from pbem.render.map_key import map_key
from pbem.render.palette import LINK_STYLES
from pbem.render.routing import crossed, label_boxes, others, route
from pbem.render.scene import Shape, Text, build_scene
from tests.reports.samples import GAMES, bundle

FITS_A_PHONE = ("king-david", "kings-of-israel", "dba-cards", "david-goliath")


def picture(name: str) -> Picture:
    """The map of the game's sample report."""
    made = bundle(name).picture
    assert made is not None
    return made


def roles(name: str) -> set[str]:
    """Every role the sample map's drawing has."""
    return {item.role for item in build_scene(picture(name)).items}


def legend_keys(name: str, section: str) -> set[str]:
    """The keys the legend explains in one of its sections."""
    return {key for sec, _, rows in legend_sections(picture(name)) if sec == section
            for key, _ in rows}


@pytest.mark.parametrize("name", GAMES)
def test_no_text_is_small_or_clipped(name: str) -> None:
    texts = [item for item in build_scene(picture(name)).items if isinstance(item, Text)]
    assert texts and min(text.size for text in texts) >= MIN_TEXT
    assert not [text.text for text in texts if text.text.endswith("…")]


@pytest.mark.parametrize("name", FITS_A_PHONE)
def test_a_phone_shows_the_map_whole(name: str) -> None:
    assert compute_layout(picture(name)).width <= FIT_WIDTH


@pytest.mark.parametrize("name", GAMES)
def test_the_legend_explains_every_terrain_link_edge_and_piece_drawn(name: str) -> None:
    drawn = picture(name)
    layout = compute_layout(drawn)
    terrains = {c.terrain for c in drawn.cells if c.terrain != "plain" or drawn.kind != "square"}
    assert terrains <= legend_keys(name, "terrain")
    assert {str(link.kind) for link in drawn.links} <= legend_keys(name, "links")
    assert {edge.feature for edge in drawn.edges} <= legend_keys(name, "edges")
    assert {piece.kind for piece in drawn.pieces} <= legend_keys(name, "pieces")
    if drawn.keyless:  # the report says the legend in words beside the map, every section
        assert layout.legend is None
        said = {section["heading"] for section in map_key(drawn.model_dump(mode="json"))}
        assert said == {heading for _, heading, _ in legend_sections(drawn)}
    else:
        assert layout.legend is not None


def test_david_and_goliath_draws_its_rocks_trees_and_figures() -> None:
    drawn = picture("david-goliath")
    assert {c.terrain for c in drawn.cells} >= {"rock", "tree"}
    assert {"mark-rock", "mark-tree", "piece figure"} <= roles("david-goliath")
    assert {p.label for p in drawn.pieces if p.kind == "figure"} == {"David", "Goliath"}
    texts = [i.text for i in build_scene(drawn).items if isinstance(i, Text)]
    assert not [t for t in texts if "rock" in t and t[:1] in "abcdefgh" and t[1:2].isdigit()]


def test_dba_draws_hills_built_up_areas_rivers_and_rough_ground_by_its_name() -> None:
    drawn = picture("dba-cards")
    assert {"hill", "rough", "bua"} <= {c.terrain for c in drawn.cells}
    assert [e.feature for e in drawn.edges] and {e.feature for e in drawn.edges} == {"river"}
    rows = {key: text for _, _, items in legend_sections(drawn) for key, text in items}
    assert rows["rough"].startswith("rough ground") and "marsh" not in rows.values()
    assert {p.kind for p in drawn.pieces} == {"unit", "elite"}
    assert any(note.startswith("Bd ") for note in drawn.notes)  # what the codes mean


def test_king_david_draws_hills_rivers_the_jordan_its_fords_ports_and_cities() -> None:
    drawn = picture("king-david")
    assert {"river", "ford", "barrier", "border"} <= {str(link.kind) for link in drawn.links}
    assert {"hill", "clear"} <= {c.terrain for c in drawn.cells}
    assert "mark-port" in roles("king-david")
    forts = [p for p in drawn.pieces if p.kind == "fort"]
    assert forts and all(p.label.isdigit() for p in forts)
    labels = {i.text for i in build_scene(drawn).items
              if isinstance(i, Text) and i.role == "cell-id"}
    # as the rulebook names them, never cut, with the order id where it is not the name
    assert {"Jerusalem", "Ramoth-gilead (ramoth)", "Kir-moab", "Moab plain"} <= labels
    for cell in drawn.cells:
        written = "".join(ch for ch in cell.label.lower() if ch not in " -")
        assert written == cell.id or cell.label.endswith(f" ({cell.id})"), cell.label
    assert not any(cell.label == cell.id for cell in drawn.cells)  # never the bare id


def test_king_david_draws_a_ford_and_a_barrier_apart() -> None:
    """jezreel-gilead is a ford, jezreel-ramoth the uncrossable Jordan: two symbols."""
    kinds = {frozenset((link.a, link.b)): link.kind for link in picture("king-david").links}
    assert kinds[frozenset(("jezreel", "gilead"))] == "ford"
    assert kinds[frozenset(("jezreel", "ramoth"))] == "barrier"
    assert LINK_STYLES["ford"] != LINK_STYLES["barrier"]
    marks = {r.split()[1] for r in roles("king-david") if r.startswith("link-mark ")}
    assert marks == {"ford", "barrier"}  # each drawn with its own mark across it


def test_kings_of_israel_draws_prophets_as_prophets() -> None:
    drawn = picture("kings-of-israel")
    kinds = {p.kind for p in drawn.pieces}
    assert "prophet" in kinds and "army" not in kinds
    prophets = [p for p in drawn.pieces if p.kind == "prophet"]
    assert {p.owner for p in prophets} == {"p1", "p2", "p3"}
    assert [p.highlight for p in prophets].count(True) == 1
    glyphs = [i for i in build_scene(drawn).items
              if isinstance(i, Shape) and i.role == "piece prophet"]
    assert len(glyphs) >= 3 * len(prophets)  # head, robe and staff each


def test_diplomacy_draws_sea_coast_and_inland_centres_units_and_dislodged_units() -> None:
    drawn = picture("diplomacy")
    assert {"sea", "coastal", "inland", "impassable"} <= legend_keys("diplomacy", "terrain")
    centres = [c for c in drawn.cells if "centre" in c.marks]
    owned = [c for c in centres if c.owner]
    assert len(centres) == 34 and 0 < len(owned) < len(centres)  # owners and neutrals
    assert all(c.owner is None for c in drawn.cells if "centre" not in c.marks)  # tint: owner
    assert {"army", "fleet"} <= {p.kind for p in drawn.pieces}
    assert len({p.owner for p in drawn.pieces}) >= 5  # every power's own colour
    assert {"lying", "highlight"} <= legend_keys("diplomacy", "pieces")  # dislodged, yours
    rows = {key: text for _, _, items in legend_sections(drawn) for key, text in items}
    assert rows["lying"].startswith("dislodged") and "Switzerland" in rows["impassable"]
    assert {"piece army lying", "piece fleet lying"} & roles("diplomacy")
    labels = [i for i in build_scene(drawn).items if isinstance(i, Text) and i.role == "cell-id"]
    assert {"STP", "MAO", "BUL"} <= {t.text for t in labels}  # as orders name them
    boxes = [_text_box(t) for t in labels]
    assert not [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:] if _meet(a, b)]


def _text_box(text: Text) -> tuple[float, float, float, float]:
    half = text_width(text.text, text.size) / 2
    return (text.at[0] - half, text.at[1] - text.size / 2,
            text.at[0] + half, text.at[1] + text.size / 2)


def _meet(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_diplomacy_map_is_wide_enough_to_read_and_narrow_enough_for_mail() -> None:
    width = compute_layout(picture("diplomacy")).width
    assert FIT_WIDTH < width <= 800  # pans on a phone; shown 1:1 on a desktop


def _label_crossings(name: str, routed: bool) -> list[tuple[str, str]]:
    """(arrow, label) pairs where an arrow's shaft runs over another place's label."""
    drawn = picture(name)
    layout = compute_layout(drawn)
    boxes = label_boxes(drawn, layout)
    found = []
    for geo in arrow_geometries(drawn, layout):
        arrow = drawn.arrows[geo.index]
        shaft = route(geo, others(boxes, (arrow.source, arrow.target))).shaft if routed \
            else geo.shaft
        for cell, box in boxes.items():
            if cell in (arrow.source, arrow.target):
                continue  # an arrow must reach its own places
            if any(crossed((a, b), [box]) for a, b in itertools.pairwise(shaft)):
                found.append((f"{arrow.source}>{arrow.target}", cell))
    return found


@pytest.mark.parametrize("name", GAMES)
def test_arrows_run_clear_of_other_places_labels(name: str) -> None:
    assert _label_crossings(name, routed=True) == []


def test_kings_of_israel_and_king_david_arrows_would_cross_labels_unbent() -> None:
    assert _label_crossings("kings-of-israel", routed=False)  # the case the bends are for
    assert _label_crossings("king-david", routed=False)

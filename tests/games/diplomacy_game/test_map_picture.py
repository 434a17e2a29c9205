"""The board's picture: every province drawn as an area round its own point, centres marked,
units as armies and fleets, and the phase's orders as arrows (failed ones flagged)."""

from __future__ import annotations

import itertools

from pbem.core.board import Picture, Piece
from pbem.core.rng import SeededRng
from pbem.games.diplomacy import GAME
from pbem.games.diplomacy.board.outlines import outlines
from pbem.games.diplomacy.state import Unit
from pbem.games.diplomacy.view_board import board_json, board_picture
from pbem.render.areas import area_label, label_box
from pbem.render.layout import (
    arrow_geometries,
    compute_layout,
    id_label_at,
    mark_at,
    piece_places,
)
from pbem.render.routing import crossed, label_boxes, others, route
from tests.games.diplomacy_game.play import orders, standard_game


def _inside(point: tuple[float, float], polygon: list[tuple[float, float]]) -> bool:
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def test_every_province_is_an_area_round_its_own_point() -> None:
    state = standard_game()
    shapes = outlines(state.board)
    for province in state.board.provinces:
        outline = shapes[province.id]
        assert len(outline) >= 3, province.id
        assert _inside((province.x, province.y), outline), province.id
    assert {s.id for s in state.board.scenery} <= set(shapes)


def test_the_picture_marks_centres_and_draws_armies_and_fleets() -> None:
    state = standard_game()
    picture = Picture.model_validate(GAME.view(state, "p2", [])["board"])
    centres = [c.id for c in picture.cells if "centre" in c.marks]
    assert len(centres) == 34
    kinds = sorted(p.kind for p in picture.pieces)
    assert kinds.count("army") == 13 and kinds.count("fleet") == 9
    assert {p.cell for p in picture.pieces if p.highlight} == {"edi", "lon", "lvp"}


def test_this_phases_orders_are_arrows_and_failed_ones_are_flagged() -> None:
    state = standard_game()
    given = {
        "p3": orders(state, "p3", "A PAR - BUR\nA MAR S A PAR - BUR\nF BRE - MAO"),
        "p4": orders(state, "p4", "A MUN - BUR"),
    }
    events = GAME.advance(state, given, SeededRng(1)).events
    picture = Picture.model_validate(GAME.view(state, None, events)["board"])
    drawn = {(a.source, a.target, a.style, a.failed) for a in picture.arrows}
    assert drawn == {("par", "bur", "move", False), ("mar", "bur", "support", False),
                     ("bre", "mao", "move", False), ("mun", "bur", "move", True)}


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_no_label_covers_another_label_a_centre_or_a_unit() -> None:
    """With a unit in every province, each province's label keeps clear of every other label,
    every other province's centre star and every unit (crowded corners: HOL and HEL, SKA)."""
    picture = Picture.model_validate(GAME.view(standard_game(), None, [])["board"])
    picture.pieces = [Piece(cell=c.id, kind="fleet" if c.terrain == "sea" else "army", label="")
                      for c in picture.cells if c.terrain != "impassable"]
    layout = compute_layout(picture)
    cells = {c.id: c for c in picture.cells}
    labels = {k: label_box(id_label_at(g), area_label(cells[k])) for k, g in layout.cells.items()}
    others: list[tuple[str, tuple[float, ...]]] = []
    for key, geo in layout.cells.items():
        if "centre" in cells[key].marks:
            x, y = mark_at(geo, "centre")
            others.append((key, (x - 6, y - 6, x + 6, y + 6)))
    for place in piece_places(picture, layout):
        assert place is not None
        (x, y), size = place.centre, place.scale
        others.append(("", (x - 1.4 * size, y - size, x + 1.4 * size, y + size)))  # own too
    clashes = [(key, owner) for key, box in labels.items() for owner, other in others
               if owner != key and _overlap(box, other)]
    clashes += [(a, b) for a in labels for b in labels if a < b and _overlap(labels[a], labels[b])]
    assert clashes == []


def test_arrows_round_helgoland_cross_no_other_place_name() -> None:
    """The crowded corner of Helgoland, Kiel and Denmark: no arrow leaving those places in a busy
    phase is drawn through a place's name, not even its own (only its target's)."""
    state = standard_game()
    placed = [("germany", "F", "hel"), ("germany", "F", "kie"), ("germany", "F", "den"),
              ("germany", "A", "ber"), ("england", "F", "nth"), ("england", "F", "ska")]
    state = state.model_copy(update={"units": sorted(
        (Unit(power=p, kind=k, at=at) for p, k, at in placed), key=lambda u: u.at)})  # type: ignore[arg-type]
    inputs = {"p4": orders(state, "p4", "F HEL - NTH\nF KIE - HOL\nF DEN S F HEL - NTH\n"
                                         "A BER - KIE"),
              "p2": orders(state, "p2", "F NTH - HEL\nF SKA - DEN")}
    result = GAME.advance(state, inputs, SeededRng(1))
    picture = Picture.model_validate(GAME.view(result.state, None, result.events)["board"])
    layout = compute_layout(picture)
    boxes = label_boxes(picture, layout)
    assert len(picture.arrows) == 6
    for straight in arrow_geometries(picture, layout):
        arrow = picture.arrows[straight.index]
        if arrow.source not in ("hel", "kie", "den", "ber"):
            continue  # a bounced fleet's short arrow may start beside its own name (NTH, SKA)
        geo = route(straight, others(boxes, (arrow.source, arrow.target)))
        points = [*geo.shaft, geo.head[0]] if geo.head else list(geo.shaft)
        names = [box for place, box in boxes.items() if place != arrow.target]  # its own too
        hits = sum(crossed((a, b), names) for a, b in itertools.pairwise(points))
        assert hits == 0, (arrow.source, arrow.target)


def test_the_views_board_is_the_pictures_dump_whoever_owns_and_plays_what() -> None:
    """The kept province dumps give every view the dump its own picture would: as owners
    change, and in games whose seats play other powers (a centre's owner key is a seat)."""
    for players, seed in ((7, 3), (5, 4)):
        state = standard_game(players)
        first = dict(state.centres)
        for step in range(12):
            if state.step == "over":
                break
            owed = GAME.due(state).players
            made = {seat: GAME.random_input(state, seat, SeededRng(seed + step)) for seat in owed}
            result = GAME.advance(state, made, SeededRng(step))
            state = result.state
            for viewer in (None, *owed[:2]):
                expected = board_picture(state, viewer, result.events).model_dump(mode="json")
                assert board_json(state, viewer, result.events) == expected, (players, step)
        assert any(first.get(c) != owner for c, owner in state.centres.items())  # owners changed

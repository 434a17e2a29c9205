"""Supports and convoys as arrows, failed orders dashed, fleets and supply centres (for the
Diplomacy map; any game may use them)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from pbem.core.board import Arrow, Cell, Owner, Picture, Piece
from pbem.render.png import render_png
from pbem.render.svg import render_svg

NS = "{http://www.w3.org/2000/svg}"


def _all(root: ET.Element, tag: str, role: str) -> list[ET.Element]:
    return [e for e in root.iter(NS + tag) if role in e.get("class", "").split()]


def _picture() -> Picture:
    cells = [Cell(id=f"C{q}", q=q, r=0, marks=["centre"] if q == 0 else []) for q in range(5)]
    arrows = [
        Arrow(source="C0", target="C1", style="move", owner="p1"),
        Arrow(source="C1", target="C2", style="move", owner="p1", failed=True),
        Arrow(source="C2", target="C3", style="support", owner="p1"),
        Arrow(source="C3", target="C4", style="convoy", owner="p1"),
        Arrow(source="C4", target="C3", style="support", owner="p1", failed=True),
    ]
    pieces = [Piece(cell="C0", kind="army", owner="p1"), Piece(cell="C1", kind="fleet")]
    return Picture(kind="hex", cells=cells, arrows=arrows, pieces=pieces,
                   owners=[Owner(key="p1", name="One", slot=0)])


def test_failed_orders_are_dashed_and_the_others_keep_their_style() -> None:
    root = ET.fromstring(render_svg(_picture()))
    shafts = [e for e in _all(root, "polyline", "arrow") if e.get("stroke") != "#222222"]
    dashes = [(e.get("data-style"), e.get("data-failed"), e.get("stroke-dasharray"))
              for e in shafts]
    assert dashes == [("move", None, None), ("move", "true", "4 3"), ("support", None, None),
                      ("convoy", None, "1.5 3"), ("support", "true", "4 3")]


def test_supports_are_thinner_than_moves() -> None:
    root = ET.fromstring(render_svg(_picture()))
    widths = {e.get("data-style"): float(e.get("stroke-width", "0"))
              for e in _all(root, "polyline", "arrow") if e.get("stroke") != "#222222"}
    assert widths["support"] < widths["move"]


def test_fleets_and_centres_have_glyphs_and_a_legend() -> None:
    svg = render_svg(_picture())
    root = ET.fromstring(svg)
    kinds = {e.get("data-kind"): len(e.get("points", "").split())
             for e in _all(root, "polygon", "piece")}
    assert kinds["fleet"] != kinds["army"]
    assert len(_all(root, "polygon", "mark-centre")) == 1
    for words in ("supply centre", "fleet", "support", "convoy", "failed (dashed)"):
        assert f">{words}<" in svg, words


def test_the_png_draws_the_same_picture() -> None:
    assert render_png(_picture()).startswith(b"\x89PNG")


def test_an_arrow_that_did_not_fail_dumps_as_before() -> None:
    assert Arrow(source="a", target="b").model_dump() == {
        "source": "a", "target": "b", "owner": None, "style": "move"}
    assert Arrow(source="a", target="b", failed=True).model_dump()["failed"] is True

"""A keyless map's legend, said in words beside it (pbem.render.map_key): the same items as a
drawn legend, each led by a sign in the colour the map draws it in, and nothing for a map
that draws its own legend."""

from __future__ import annotations

import pytest

from pbem.core.board import Picture, picture_of
from pbem.render.layout import compute_layout
from pbem.render.map_key import map_key
from pbem.render.palette import LINK_STYLES, owner_style
from tests.reports.samples import bundle


def test_king_david_says_its_legend_under_the_map_and_draws_none() -> None:
    made = bundle("king-david")
    assert made.picture is not None and made.picture.keyless
    assert compute_layout(made.picture).legend is None
    sections = {s["heading"]: s["items"] for s in map_key(made.view["board"])}
    owners = {item["text"]: item["colour"] for item in sections["Owners"]}
    assert owners == {o.name: owner_style(o.slot).colour for o in made.picture.owners}
    links = {item["text"]: item["colour"] for item in sections["Links"]}
    assert links["border"] == LINK_STYLES["border"].colour
    html = made.html
    assert "<b>Owners:</b>" in html and "<b>Links:</b>" in html
    assert all(name in html for name in owners)


def test_a_map_that_draws_its_legend_has_no_words_for_it() -> None:
    made = bundle("mighty-kingdoms")
    assert made.picture is not None and not made.picture.keyless
    assert map_key(made.view["board"]) == []
    assert "<b>Owners:</b>" not in made.html


def test_a_report_validates_its_picture_once_for_the_map_and_the_legend(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made = bundle.__wrapped__("king-david")  # built now, not the samples' kept one
    validated: list[object] = []
    real = Picture.model_validate

    def counted(board: object) -> Picture:
        validated.append(board)
        return real(board)

    monkeypatch.setattr(Picture, "model_validate", counted)
    board = made.view["board"]
    assert picture_of(board) is made.picture  # the bundle's own, not validated again
    assert map_key(board) == map_key(dict(board))  # a copy is read afresh, to the same words
    assert len(validated) == 1

"""The legend of a keyless map (`Picture.keyless`) as lines of words for the HTML report: the
same sections and words as the legend drawn in a picture (layout.legend_sections), each item
led by a small coloured sign standing for its symbol on the map.

Words cost a mail a few bytes where the same words drawn in the picture cost some hundreds, so
a game whose map must fit a mail's size budget says its legend here instead."""

from __future__ import annotations

from typing import Any

from pbem.core.board import picture_of
from pbem.render.layout import legend_sections
from pbem.render.palette import (
    ARROW_STYLES,
    INK,
    LINK_MARK,
    LINK_STYLES,
    PORT_FILL,
    TERRAIN,
    owner_style,
)

# A sign (a character any mail font has, as an HTML character reference: a few ASCII bytes in
# a mail, where its UTF-8 bytes would be quoted three times over) and its colour for the items a
# map draws as a symbol; an item not named here is led by a plain bullet.
SQUARE, RING, BIG_RING = "&#9632;", "&#9675;", "&#9711;"
WAVE, DASHES, LINE, THIN_LINE = "&#8776;", "&#9476;", "&#9473;", "&#9472;"
MARK_SIGNS = {"port": ("&#9875;", PORT_FILL), "battle": ("&#10040;", "#D08A00")}
PIECE_SIGNS = {"stack": ("&#9634;", INK), "fort": ("&#9633;", INK), "highlight": ("&#9635;", INK)}
ARROW, DASHED_ARROW = "&#8594;", "&#8674;"
BULLET = ("&#8226;", INK)
LINK_MARK_SIGNS = {"ford": "&#9646;", "bar": "&#9585;"}


def map_key(board: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The legend of a keyless picture (its dump) as sections of items, each with its sign and
    colour: [{"heading", "items": [{"sign", "colour", "mark", "mark_colour", "text"}]}]."""
    if not board or not board.get("keyless"):
        return []
    picture = picture_of(board)
    slots = {owner.key: owner.slot for owner in picture.owners}
    return [
        {"heading": heading, "items": [_item(section, key, text, slots) for key, text in rows]}
        for section, heading, rows in legend_sections(picture)
    ]


def _item(section: str, key: str, text: str, slots: dict[str, int]) -> dict[str, str]:
    sign, colour, mark, mark_colour = *_sign(section, key, slots), "", ""
    if section == "links" and key in LINK_STYLES and LINK_STYLES[key].mark:
        mark_colour = LINK_MARK[LINK_STYLES[key].mark][0]
        mark = LINK_MARK_SIGNS[LINK_STYLES[key].mark]
    if section == "notes":
        sign = ""
    return {"sign": sign, "colour": colour, "mark": mark, "mark_colour": mark_colour,
            "text": text}


def _sign(section: str, key: str, slots: dict[str, int]) -> tuple[str, str]:
    if section == "owners" and key in slots:
        return SQUARE, owner_style(slots[key]).colour
    if section == "terrain" and key in TERRAIN:
        style = TERRAIN[key]
        return (BIG_RING, style.rim) if style.rim else (RING, INK)
    if section == "links" and key in LINK_STYLES:
        link = LINK_STYLES[key]
        solid = THIN_LINE if link.width < 2 else LINE
        return (WAVE if link.wavy else DASHES if link.dash else solid), link.colour
    if section == "arrows":
        dashed = key == "failed" or (key in ARROW_STYLES and ARROW_STYLES[key].dash)
        return (DASHED_ARROW if dashed else ARROW), INK
    return {**MARK_SIGNS, **PIECE_SIGNS}.get(key, BULLET)

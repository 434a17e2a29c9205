"""The demo's front page: who played what, how it ended, and each player's mail turn by turn."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pbem.demo.letters import Kept
from pbem.render.templating import render


@dataclass
class Box:
    """One player's mailbox as the index shows it."""

    name: str
    seat: str
    role: str = ""
    mails: list[Kept] = field(default_factory=list)


@dataclass
class Story:
    """What the index says beside the mail."""

    campaign: str
    game: str
    game_title: str
    summary: str = ""  # how it ended, or where it was stopped
    phases: int = 0


def turns_of(boxes: list[Box]) -> list[dict[str, object]]:
    """The mail of every box grouped by game turn: [{turn, cells: [mails of box 1, …]}]."""
    turns = sorted({m.turn for box in boxes for m in box.mails})
    return [
        {"turn": turn, "cells": [[m for m in box.mails if m.turn == turn] for box in boxes]}
        for turn in turns
    ]


def write_index(out: Path, story: Story, boxes: list[Box]) -> Path:
    """Write out/index.html."""
    page = render(
        "site/demo.html.j2",
        campaign=story.campaign,
        game=story.game,
        game_title=story.game_title,
        story=story,
        boxes=boxes,
        turns=turns_of(boxes),
    )
    path = out / "index.html"
    path.write_text(page, encoding="utf-8")
    return path

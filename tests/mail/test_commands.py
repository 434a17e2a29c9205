"""Mail commands in the first line; everything else is orders."""

from __future__ import annotations

import pytest

from pbem.mail.reading.commands import Command, detect_command


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("HELP", Command("help")),
        ("\n\n  help move\n", Command("help", "move")),
        ("Status", Command("status")),
        ("resend:", Command("resend")),
        ("RESEND 3\nthanks", Command("resend", "3", "thanks")),
        ("ORDERS", Command("show_orders")),
        ("orders\nmove a1 b2\nhold c3", Command("orders", "", "move a1 b2\nhold c3")),
        ("ORDERS move a1 b2", Command("orders", "", "move a1 b2")),
        ("REFEREE Is it safe?\nThanks", Command("referee", "", "Is it safe?\nThanks")),
        ("referee:\nquestion", Command("referee", "", "question")),
        ("PRESS all\nPeace to all kingdoms", Command("press", "all", "Peace to all kingdoms")),
        ("press P3 let us ally", Command("press", "p3", "let us ally")),
        ("PRESS", Command("press", "", "")),
        ("PREVIEW", Command("preview", "", "")),
        ("preview:\nA PAR - BUR", Command("preview", "", "A PAR - BUR")),
        ("Previewed orders", Command("orders", "", "Previewed orders")),
        ("move a1 b2\nhold c3", Command("orders", "", "move a1 b2\nhold c3")),
        ("helpful orders", Command("orders", "", "helpful orders")),
        ("", Command("orders", "", "")),
    ],
)  # fmt: skip
def test_detect_command(text: str, expected: Command) -> None:
    assert detect_command(text) == expected

"""The campaign's press settings by real mail, in a Diplomacy game (issue 36 item 5): who receives
what, what the sender's name shows, what the referee gets a copy of, and the answer to press
the setting forbids. Grey press, partial press with the referee copied, fake broadcasts,
broadcast only and gunboat (docs/settings.md, docs/mail.md)."""

from __future__ import annotations

from email.message import Message
from pathlib import Path

import pytest

from pbem.sandbox.mailstack import MailStack
from pbem.services.referee.timing import change_settings
from tests.e2e.loop import Loop, text_of

NAME = "dip"
OPENING = {"press_style": "either", "press_fake": "true", "press_copy": "private"}


def _start(mail_stack: MailStack, tmp_path: Path) -> Loop:
    loop = Loop(mail_stack, tmp_path).start_game(NAME, "diplomacy", 5, seed=3, sets=OPENING)
    loop.tick()
    for user in [*loop.players, loop.referee]:
        loop.new_mail(user)
    return loop


def _send(loop: Loop, user: str, *bodies: str) -> dict[str, int]:
    for body in bodies:
        loop.reply(user, loop.inbox(user)[0], body)
    return loop.tick().ingest.outcomes


def _with(messages: list[Message], words: str) -> list[Message]:
    return [m for m in messages if words in text_of(m)]


def _copies(loop: Loop) -> list[str]:
    """The referee's new copies of press (the referee's box also holds the players' mail)."""
    fresh = loop.new_mail(loop.referee)
    return [text_of(m) for m in fresh if str(m["Subject"]).startswith(f"[{NAME}] Press from")]


def _settings(loop: Loop, **sets: str) -> None:
    assert loop.rt is not None
    change_settings(loop.rt, NAME, dict(sets), "the group's press rules")
    loop.tick()
    for user in [*loop.players, loop.referee]:
        loop.new_mail(user)


@pytest.mark.slow
def test_grey_white_and_fake_press_with_the_referee_copied(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = _start(mail_stack, tmp_path)
    ann, bob, cy, dee, eve = loop.players
    outcomes = _send(loop, ann, "PRESS GREY p2\ngrey word", "PRESS p3 white word",
                     "PRESS FAKE p4: fake word", "PRESS ALL all word")  # fmt: skip
    assert outcomes == {"mail.press": 4}
    to_bob = loop.new_mail(bob)
    (grey,) = _with(to_bob, "grey word")
    assert len(to_bob) == 2 and _with(to_bob, "all word")
    assert "Grey press" in str(grey["Subject"]) and "not named" in text_of(grey)
    assert ann not in bytes(grey).decode("utf-8", "replace").lower()  # nowhere, not a header
    (white,) = _with(loop.new_mail(cy), "white word")
    assert f"Press to you from {ann.title()} (p1)" in text_of(white)
    to_dee = loop.new_mail(dee)
    (fake,) = _with(to_dee, "fake word")
    (real,) = _with(to_dee, "all word")
    assert text_of(fake).replace("fake word", "WORD") == text_of(real).replace("all word", "WORD")
    assert str(fake["Subject"]) == str(real["Subject"])  # a fake reads as the real broadcast
    assert [text_of(m) for m in loop.new_mail(eve)] == [text_of(real)]  # the broadcast alone
    copies = _copies(loop)
    assert len(copies) == 3 and not any("all word" in c for c in copies)  # private press only
    assert any("grey word" in c and "as grey press" in c and ann in c for c in copies)
    assert any("fake word" in c and "shown to them as press to all" in c for c in copies)
    receipts = "\n".join(text_of(m) for m in loop.new_mail(ann))
    assert "your name was not shown" in receipts and "shown to them as press to all" in receipts
    assert "The referee gets a copy" in receipts


@pytest.mark.slow
def test_grey_only_broadcast_only_and_gunboat_refuse_what_they_forbid(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = _start(mail_stack, tmp_path)
    ann, bob, *others = loop.players
    _settings(loop, press_style="grey", press_fake="false", press_copy="none")
    outcomes = _send(loop, ann, "PRESS WHITE p2 signed", "PRESS FAKE p2 faked",
                     f"PRESS {bob.title()}: grey only", "HELP")  # fmt: skip
    assert outcomes == {"mail.E_PRESS_WHITE_OFF": 1, "mail.E_PRESS_FAKE_OFF": 1,
                        "mail.press": 1, "mail.help": 1}  # fmt: skip
    (grey,) = loop.new_mail(bob)
    assert "grey only" in text_of(grey) and ann not in text_of(grey).lower()
    answers = "\n".join(text_of(m) for m in loop.new_mail(ann))
    assert "never names its sender" in answers and "fake broadcasts" in answers
    assert "Grey press: press never shows who sent it." in answers  # HELP lists the press
    assert _copies(loop) == []  # press_copy=none

    _settings(loop, press_style="white", press_to="all", press_copy="all")
    outcomes = _send(loop, ann, "PRESS GREY ALL unsigned", "PRESS p2 private", "PRESS ALL hi all")
    assert outcomes == {"mail.E_PRESS_GREY_OFF": 1, "mail.E_PRESS_BROADCAST": 1, "mail.press": 1}
    for user in (bob, *others):
        (only,) = loop.new_mail(user)
        assert f"Press to all players from {ann.title()} (p1)" in text_of(only)
    (copy,) = _copies(loop)  # press_copy=all
    assert "hi all" in copy and "to all players" in copy

    _settings(loop, press="false")
    assert _send(loop, ann, "PRESS ALL anyone?", "HELP") == {
        "mail.E_PRESS_OFF": 1, "mail.help": 1}  # fmt: skip
    answers = "\n".join(text_of(m) for m in loop.new_mail(ann))
    assert "gunboat" in answers and "Press: none in this campaign" in answers
    assert all(loop.new_mail(user) == [] for user in (bob, *others))

"""The written bounce corpus under fixtures/bounces, filled in for one test."""

from __future__ import annotations

import re
from email.utils import make_msgid
from pathlib import Path

CORPUS = Path(__file__).parent / "fixtures" / "bounces"
NAMES = sorted(path.name for path in CORPUS.glob("*.eml"))
_FROM = re.compile(r"^From:.*$", re.IGNORECASE | re.MULTILINE)
_RETURN_PATH = re.compile(r"^Return-path:.*\n", re.IGNORECASE | re.MULTILINE)


def bounce(name: str, to: str, rcpt: str, sender: str | None = None) -> bytes:
    """One corpus bounce addressed to `to` about `rcpt`; `sender` replaces its From line."""
    text = (CORPUS / name).read_text(encoding="utf-8")
    text = text.replace("{TO}", to).replace("{RCPT}", rcpt)
    text = text.replace("{MSGID}", make_msgid(domain="bounce.example"))
    if sender is not None:
        text = _FROM.sub(f"From: {sender}", text, count=1)
        text = _RETURN_PATH.sub("", text)
    return text.replace("\r\n", "\n").replace("\n", "\r\n").encode("utf-8")

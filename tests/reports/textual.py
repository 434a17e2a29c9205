"""Helpers that read rendered reports back as plain words and numbers."""

from __future__ import annotations

import html
import re

NUMBER = re.compile(r"\d+")


def html_words(page: str) -> str:
    """The visible text of an HTML page, whitespace collapsed (head, tags and entities gone)."""
    body = re.sub(r"<head>.*?</head>", " ", page, flags=re.S)
    body = re.sub(r"<[^>]+>", " ", body)
    return " ".join(html.unescape(body).split())


def text_words(text: str) -> str:
    """A plain-text report with runs of whitespace collapsed."""
    return " ".join(text.split())


def numbers(words: str) -> list[int]:
    """Every run of digits, sorted (a multiset of the numbers a reader sees)."""
    return sorted(int(n) for n in NUMBER.findall(words))


def orders_block(words: str) -> str:
    """The lines between the report's order markers, markers included (plain text)."""
    start = words.index("# ---- orders:")
    end = words.index("# ---- end of orders ----") + len("# ---- end of orders ----")
    return words[start:end]

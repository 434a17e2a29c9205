"""Did you mean: the names a misspelt word most likely stands for, nearest first (two letters
swapped, then one letter wrong, missing or extra, then a looser likeness), and of those the
first that makes the whole line a legal order, so `A BDU-SER` is answered with `A BUD - SER`
(TRI rather than GRE in `F TRE-ADR`: only Trieste holds the fleet).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from pbem.core.problems import did_you_mean
from pbem.games.diplomacy.language.lexicon import KEYWORDS, Lexicon

Legal = Callable[[str], str | None]  # a line -> its canonical order when legal


@dataclass(frozen=True)
class Respelling:
    """What a misspelt word most likely is: a word of a province's name or another known
    word, and the whole order it makes when one is legal."""

    word: str
    place: bool
    order: str | None = None


def one_edit(a: str, b: str) -> int:
    """0 when `b` is `a` with two neighbouring letters swapped, 1 when one letter is wrong,
    missing or extra, 2 otherwise."""
    if len(a) == len(b):
        wrong = [i for i in range(len(a)) if a[i] != b[i]]
        if len(wrong) == 2 and wrong[1] == wrong[0] + 1 and a[wrong[0]] == b[wrong[1]] \
                and a[wrong[1]] == b[wrong[0]]:
            return 0
        return 1 if len(wrong) == 1 else 2
    short, long = sorted((a, b), key=len)
    if len(long) - len(short) != 1:
        return 2
    return 1 if any(long[:i] + long[i + 1:] == short for i in range(len(long))) else 2


def candidates(lex: Lexicon, word: str) -> list[str]:
    """The known words nearest to `word`, nearest first (none for words under three letters,
    where a guess is mostly noise)."""
    if len(word) < 3:
        return []
    known = sorted({w for key in lex.places for w in key} | set(KEYWORDS))
    near = sorted((one_edit(word, k), k) for k in known if len(k) >= 3)
    found = [k for distance, k in near if distance < 2]
    loose = did_you_mean(word, known, cutoff=0.7)
    return [*found, loose] if loose and loose not in found else found


def respell(lex: Lexicon, line: str, word: str, legal: Legal) -> Respelling | None:
    """The likeliest reading of `line` with `word` spelt as a known one, or None."""
    options = candidates(lex, word)
    if not options:
        return None
    places = {w for key in lex.places for w in key}
    pattern = re.compile(rf"(?<![a-z0-9]){re.escape(word)}(?![a-z0-9])", re.IGNORECASE)
    for option in options:
        fixed, count = pattern.subn(option, line, count=1)
        order = legal(fixed) if count else None
        if order is not None:
            return Respelling(option, option in places, order)
    return Respelling(options[0], options[0] in places)

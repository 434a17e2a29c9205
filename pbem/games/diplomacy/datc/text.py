"""Read test cases in the DATC text format of the jDip and godip test files.

    VARIANT_ALL Standard                  (optional, first)
    CASE 6.A.1 (any name)
    PRESTATE_SETPHASE Spring 1901, Movement      (or Retreat, Adjustment; default as shown)
    PRESTATE                              England: F nth      (the units on the board)
    PRESTATE_SUPPLYCENTER_OWNERS          Russia: A stp       (the letter is a placeholder)
    PRESTATE_DISLODGED                    England: F lon
    PRESTATE_RESULTS                      SUCCESS: England: A lvp-edi    FAILURE: ...
    ORDERS                                England: F nth - nwy
    POSTSTATE / POSTSTATE_SAME / POSTSTATE_DISLODGED
    END

`#` starts a comment. A case that cannot be read carries its reason and is skipped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pbem.core.problems import did_you_mean, strip_comment
from pbem.games.diplomacy.content import Board
from pbem.games.diplomacy.language.lexicon import lexicon, words

SECTIONS = ("PRESTATE", "PRESTATE_SUPPLYCENTER_OWNERS", "PRESTATE_DISLODGED",
            "PRESTATE_RESULTS", "ORDERS", "POSTSTATE", "POSTSTATE_DISLODGED")
SETPHASE = re.compile(r"^PRESTATE_SETPHASE\s+(\w+)\s+(\d+)\s*,\s*(\w+)\s*$", re.I)
STEPS = {"movement": "movement", "retreat": "retreat", "retreats": "retreat",
         "adjustment": "adjustment", "adjustments": "adjustment", "build": "adjustment"}
Placed = tuple[str, str, str]  # power, A|F, location


class CaseError(ValueError):
    """A line of a case that cannot be read."""


@dataclass
class Case:
    """One CASE block as read."""

    name: str
    season: str = "spring"
    year: int = 1901
    step: str = "movement"
    units: list[Placed] = field(default_factory=list)
    owners: list[tuple[str, str]] | None = None  # (power, province); None: the board's own
    dislodged: list[Placed] = field(default_factory=list)
    results: list[tuple[bool, str, str]] = field(default_factory=list)  # success, power, order
    orders: list[tuple[str, str]] = field(default_factory=list)  # power ("" unknown), order
    post: list[Placed] | None = None
    post_dislodged: list[Placed] = field(default_factory=list)
    error: str = ""


def read_cases(board: Board, text: str) -> list[Case]:
    """Every CASE of the file, in order; each unreadable one carries its `error`."""
    reader = _CaseReader(board)
    for number, raw in enumerate(text.splitlines(), start=1):
        line = strip_comment(raw)
        if line:
            reader.line(number, line)
    reader.close()
    return reader.cases


class _CaseReader:
    def __init__(self, board: Board) -> None:
        self.board, self.cases = board, []  # type: ignore[var-annotated]
        self.case: Case | None = None
        self.section = ""

    def line(self, number: int, line: str) -> None:
        head = line.split()[0].upper()
        if head == "VARIANT_ALL":
            return
        if head == "CASE":
            self.close()
            self.case = Case(name=line[4:].strip())
            self.section = ""
            return
        if self.case is None or self.case.error:
            return
        try:
            self._in_case(self.case, head, line)
        except CaseError as error:
            self.case.error = f"line {number}: {error}"

    def _in_case(self, case: Case, head: str, line: str) -> None:
        if head == "END":
            self.close()
        elif head == "PRESTATE_SETPHASE":
            _set_phase(case, line)
        elif head == "POSTSTATE_SAME":
            case.post = list(case.units)
        elif head in SECTIONS and len(line.split()) == 1:
            self.section = head
            if head == "PRESTATE_SUPPLYCENTER_OWNERS":
                case.owners = []
            if head == "POSTSTATE":
                case.post = []
        else:
            self._record(case, line)

    def _record(self, case: Case, line: str) -> None:
        section = self.section
        if section == "ORDERS":
            power, _, order = _split_power(self.board, line, known_only=False)
            case.orders.append((power, order))
        elif section == "PRESTATE_RESULTS":
            flag, _, rest = line.partition(":")
            if flag.strip().upper() not in ("SUCCESS", "FAILURE"):
                raise CaseError(f"a result starts with SUCCESS: or FAILURE:, not {line!r}")
            power, _, order = _split_power(self.board, rest.strip())
            case.results.append((flag.strip().upper() == "SUCCESS", power, order))
        elif section == "PRESTATE_SUPPLYCENTER_OWNERS" and case.owners is not None:
            power, _, place = placed(self.board, line)
            case.owners.append((power, place.split("/")[0]))
        elif section in ("PRESTATE", "PRESTATE_DISLODGED", "POSTSTATE", "POSTSTATE_DISLODGED"):
            target = {"PRESTATE": case.units, "PRESTATE_DISLODGED": case.dislodged,
                      "POSTSTATE": case.post if case.post is not None else [],
                      "POSTSTATE_DISLODGED": case.post_dislodged}[section]
            target.append(placed(self.board, line))
        else:
            raise CaseError(f"{line!r} is outside any section")

    def close(self) -> None:
        if self.case is not None:
            self.cases.append(self.case)
        self.case, self.section = None, ""


def _set_phase(case: Case, line: str) -> None:
    found = SETPHASE.match(line)
    step = STEPS.get(found.group(3).lower()) if found else None
    season = found.group(1).lower() if found else ""
    if found is None or step is None or season not in ("spring", "fall", "winter"):
        raise CaseError(f"expected PRESTATE_SETPHASE Spring 1901, Movement, not {line!r}")
    case.season, case.year, case.step = season, int(found.group(2)), step


def _split_power(board: Board, line: str, known_only: bool = True) -> tuple[str, str, str]:
    """`England: F nth - nwy` as (power key, ":", the rest); an unknown power is ""."""
    name, colon, rest = line.partition(":")
    tokens = words(name)
    found = lexicon(board).power_at(tokens, 0) if tokens else None
    if not colon or found is None or found[1] != len(tokens):
        if known_only or not colon:
            raise CaseError(f"expected 'Power: ...', not {line!r}")
        return _misspelt(board, name), ":", rest.strip()
    return found[0], ":", rest.strip()


def _misspelt(board: Board, name: str) -> str:
    """The power a misspelt name means, when one is close ("Germnay"); "" when none is."""

    names = {p.name.lower(): p.key for p in board.powers}
    found = did_you_mean(name.strip(), sorted(names), cutoff=0.8)
    return names[found] if found else ""


def placed(board: Board, line: str) -> Placed:
    """`England: F nth` (the colon may be missing) as (power, kind, location)."""
    parts = line.replace(":", " ").split()
    if len(parts) < 3 or parts[1].upper() not in ("A", "F"):
        raise CaseError(f"expected 'Power: A|F place', not {line!r}")
    power = lexicon(board).power_at(words(parts[0]), 0)
    if power is None:
        raise CaseError(f"no power called {parts[0]!r}")
    return power[0], parts[1].upper(), location(board, " ".join(parts[2:]))


def location(board: Board, text: str) -> str:
    """A place as the board names it, its coast kept: 'stp/sc', 'St Petersburg(sc)' -> stp/sc."""
    lex, tokens = lexicon(board), words(text)
    found = lex.place_at(tokens, 0)
    if found is None:
        raise CaseError(f"no place called {text!r}")
    province, end = found
    coast = lex.coast_at(province, tokens, end)
    if coast is not None:
        province, end = coast
    if end != len(tokens):
        raise CaseError(f"{text!r} is not one place")
    return province

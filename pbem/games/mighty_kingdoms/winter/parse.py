"""Read a player's winter email into WinterOrders, with every problem on its line.

The parser is forgiving, like the summer one: keywords are case-insensitive, `#` and `//` start
comments but `#3` is army 3, commas and colons separate words (outside unit and artefact
names), blank lines are ignored, and a misspelt keyword gets a suggestion. Each line is checked
against the state on receipt; purchases are tried in order on a scratch copy so that later
lines see the effect of earlier ones (build a village, then upgrade it). Money is not checked
on receipt: gifts from other players are not known yet. A line with an error is left out of the
orders.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pbem.core.game import ParseResult
from pbem.core.problems import Problem, did_you_mean
from pbem.games.mighty_kingdoms.armies.list_rules import new_army_problem
from pbem.games.mighty_kingdoms.armies.unit_lines import parse_unit
from pbem.games.mighty_kingdoms.line_error import Kind, LineError
from pbem.games.mighty_kingdoms.orders import WINTER, segments, unknown_word
from pbem.games.mighty_kingdoms.state import DEPLOY_LIMIT, MKState, Unit
from pbem.games.mighty_kingdoms.winter.checks import (
    army_problem,
    equip_problem,
    find_unit,
    list_restrictions,
    owned_artefacts,
    quest_problem,
    recall_problem,
    settlement_problem,
    tithe_problem,
)
from pbem.games.mighty_kingdoms.winter.spend import apply_purchase, purchase_problem
from pbem.games.mighty_kingdoms.winter_inputs import (
    BuildTarget,
    Deployment,
    Equip,
    Purchase,
    Quest,
    Tithe,
    WinterOrders,
)

KEYWORDS = ("tithe", "build", "upgrade", "recruit", "unit", "disband", "unfed", "recall",
            "deploy", "quest", "equip", "pass")
TARGETS: tuple[BuildTarget, ...] = ("village", "city", "fortress", "capital")
INVALID_CODES = ("mk.E_UNKNOWN_TILE", "mk.E_UNKNOWN_SEAT", "mk.E_UNKNOWN_ARMY")
ARMY = r"(?:army\s+)?(\d{1,9})"


def kind_of(code: str) -> Kind:
    """Unknown names are not understood (invalid); other rule breaches are illegal."""
    return "invalid" if code in INVALID_CODES else "illegal"


def _rule(code: str | None, **params: str) -> None:
    """Raise a rule problem if `code` is set."""
    if code:
        raise LineError(code, kind_of(code), **params)


NAMED_LINES = ("unit", "quest", "equip")  # lines that may name a unit or artefact with a comma


def _as_summer(keyword: str, rest: str) -> str:
    """A line's words read as summer orders read them: `#3` is army 3, and outside unit and
    artefact names, commas and colons separate words like spaces."""
    if keyword == "unit":
        return rest
    rest = re.sub(r"#(?=\d)", "", rest)
    if keyword in NAMED_LINES:
        return rest.lstrip(",: ")
    return " ".join(w for w in re.split(r"[\s,:]+", rest) if w)


@dataclass
class _Recruit:
    line: int
    tile: str
    allied: bool = False
    units: list[Unit] = field(default_factory=list)
    unit_lines: list[int] = field(default_factory=list)


@dataclass
class _Reader:
    state: MKState
    seat: str
    scratch: MKState
    orders: WinterOrders = field(default_factory=WinterOrders)
    problems: list[Problem] = field(default_factory=list)
    used: list[str] = field(default_factory=list)
    pending: _Recruit | None = None
    current: int = 0  # the line being read
    passed: bool = False  # an explicit `pass` line: "nothing this winter" on purpose

    def read(self, number: int, line: str) -> None:
        words = line.split()
        keyword = words[0].lower().rstrip(",:")
        if keyword != "unit":
            self.flush()
        self.current = number
        try:
            self.dispatch(number, keyword, _as_summer(keyword, line[len(words[0]):].strip()))
        except LineError as error:
            self.problems.append(Problem(line=number, code=error.code, kind=error.kind,
                                         params=error.params, suggestion=error.suggestion))

    def dispatch(self, number: int, keyword: str, rest: str) -> None:
        handlers = {"tithe": self.tithe, "build": self.build, "upgrade": self.upgrade,
                    "recruit": self.recruit, "disband": self.disband, "unfed": self.unfed,
                    "recall": self.recall, "deploy": self.deploy, "quest": self.quest,
                    "equip": self.equip, "pass": self.skip}
        if keyword == "unit":
            self.unit(number, rest)
        elif keyword in handlers:
            handlers[keyword](rest)
        else:
            raise unknown_word(keyword, KEYWORDS, WINTER)

    def skip(self, rest: str) -> None:
        if rest:
            raise LineError("mk.E_SYNTAX", expected="pass")
        self.passed = True

    # --- tithes ---------------------------------------------------------------------------

    def tithe(self, rest: str) -> None:
        match = re.fullmatch(r"(?:to\s+)?(\S.*?)((?:\s+(?:gold|food)\s+\d{1,3})*)", rest,
                             re.IGNORECASE)
        if not match:
            raise LineError("mk.E_SYNTAX", expected="tithe SEAT gold 0-1 food 0-1")
        seat = self._seat(match.group(1))
        amounts = {k.lower(): int(v) for k, v in re.findall(r"(\w+)\s+(\d+)", match.group(2))}
        if any(v > 1 for v in amounts.values()):
            raise LineError("mk.E_TITHE_AMOUNT")
        tithe = Tithe(to=seat, gold=amounts.get("gold", 0), food=amounts.get("food", 0))
        _rule(tithe_problem(self.state, self.seat, tithe, [t.to for t in self.orders.tithes]),
              seat=seat)
        self.orders.tithes.append(tithe)

    def _seat(self, word: str) -> str:
        """A seat id or a kingdom's name (as for `opponent` in summer), any case."""
        seats = {s.lower(): s for s in self.state.kingdoms}
        seats.update({k.name.lower(): s for s, k in self.state.kingdoms.items()})
        wanted = " ".join(word.split()).lower()
        if wanted in seats:
            return seats[wanted]
        if len(wanted.split()) > 1:
            raise LineError("mk.E_SYNTAX", expected="tithe SEAT gold 0-1 food 0-1")
        raise LineError("mk.E_UNKNOWN_SEAT", suggestion=did_you_mean(word, list(seats)), seat=word)

    # --- purchases ------------------------------------------------------------------------

    def build(self, rest: str) -> None:
        match = re.fullmatch(r"(\S+)\s+(\S+)", rest)
        if not match:
            raise LineError("mk.E_SYNTAX", expected="build village|city|fortress|capital TILE")
        self._buy(Purchase(action="build", target=self._target(match.group(1)),
                           tile=match.group(2).upper()))

    def upgrade(self, rest: str) -> None:
        match = re.fullmatch(r"(\S+)\s+to\s+(\S+)", rest, re.IGNORECASE)
        if not match:
            raise LineError("mk.E_SYNTAX", expected="upgrade TILE to city|fortress|capital")
        self._buy(Purchase(action="build", target=self._target(match.group(2)),
                           tile=match.group(1).upper()))

    def _target(self, word: str) -> BuildTarget:
        for target in TARGETS:
            if word.lower() == target:
                return target
        raise LineError("mk.E_UNKNOWN_SETTLEMENT", suggestion=did_you_mean(word, TARGETS),
                         word=word)

    def disband(self, rest: str) -> None:
        match = re.fullmatch(ARMY, rest, re.IGNORECASE)
        if not match:
            raise LineError("mk.E_SYNTAX", expected="disband ARMY")
        army = str(int(match.group(1)))
        self._army(army)
        self._buy(Purchase(action="disband", army=army))

    def _army(self, army: str) -> None:
        """An army of the seat on receipt, not disbanded earlier in the list.

        Armies recruited this winter get their numbers at the deadline, so they cannot be named.
        """
        _rule(army_problem(self.state, self.seat, army) or
              army_problem(self.scratch, self.seat, army), army=army)

    def _buy(self, purchase: Purchase) -> None:
        _rule(purchase_problem(self.scratch, self.seat, purchase, self.used),
              tile=purchase.tile or "", army=purchase.army or "")
        apply_purchase(self.scratch, self.seat, purchase, self.used)
        self.orders.purchases.append(purchase)

    def recruit(self, rest: str) -> None:
        words = rest.split()
        allied = [w for w in words if w.lower() in ("allied", "ally", "allies")]
        tiles = [w for w in words if w not in allied]
        if len(tiles) != 1 or len(allied) > 1:
            raise LineError("mk.E_SYNTAX", expected="recruit TILE [allied]")
        self.pending = _Recruit(line=self.current, tile=tiles[0].upper(), allied=bool(allied))

    def unit(self, number: int, rest: str) -> None:
        if self.pending is None:
            raise LineError("mk.E_UNIT_WITHOUT_RECRUIT")
        if self.state.settings.battle_mode != "kow":
            self.problems.append(Problem(line=number, code="mk.W_UNITS_IGNORED",
                                         severity="warning"))
            return
        self.pending.units.append(parse_unit(rest))
        self.pending.unit_lines.append(number)

    def flush(self) -> None:
        """Check a finished recruit (its unit lines are in) and add it to the purchases."""
        pending, self.pending = self.pending, None
        if pending is None:
            return
        purchase = Purchase(action="recruit", tile=pending.tile, units=pending.units,
                            allied=pending.allied)
        limits = self._unit_limits(pending) + self._list_rules(pending)
        self.problems += limits
        reason = purchase_problem(self.scratch, self.seat, purchase, self.used)
        if reason and not limits:
            self.problems.append(Problem(line=pending.line, code=reason, kind=kind_of(reason),
                                         params={"tile": pending.tile}))
        if reason:
            return
        apply_purchase(self.scratch, self.seat, purchase, self.used)
        self.orders.purchases.append(purchase)

    def _list_rules(self, pending: _Recruit) -> list[Problem]:
        """The 500-point limit and the kingdom-wide list rules, on the recruit line."""
        if self.state.settings.battle_mode != "kow":
            return []
        found = new_army_problem(self.scratch, self.seat, pending.units, pending.allied)
        if found is None:
            return []
        return [Problem(line=pending.line, code=found.code, kind="illegal", params=found.params)]

    def _unit_limits(self, pending: _Recruit) -> list[Problem]:
        """Terrain restrictions (advanced), each on the line of the unit that breaks them."""
        found: list[Problem] = []
        for unit, number in zip(pending.units, pending.unit_lines, strict=True):
            for problem in list_restrictions(self.scratch, self.seat, pending.tile, [unit]):
                found.append(problem.model_copy(update={"line": number}))
        return found

    # --- feeding, recall, deployment ------------------------------------------------------

    def unfed(self, rest: str) -> None:
        found = re.findall(ARMY, rest, re.IGNORECASE)
        if not found or re.sub(ARMY, "", rest, flags=re.IGNORECASE).strip(" ,"):
            raise LineError("mk.E_SYNTAX", expected="unfed ARMY ARMY ...")
        for army in (str(int(a)) for a in found):
            self._army(army)
            if army not in self.orders.unfed:
                self.orders.unfed.append(army)

    def recall(self, rest: str) -> None:
        if not re.fullmatch(r"\S+", rest):
            raise LineError("mk.E_SYNTAX", expected="recall TILE")
        _rule(recall_problem(self.state, self.seat, rest), tile=rest.upper())
        self.orders.recall = rest.upper()

    def deploy(self, rest: str) -> None:
        match = re.fullmatch(ARMY + r"\s+(?:to\s+)?(\S+)", rest, re.IGNORECASE)
        if not match:
            raise LineError("mk.E_SYNTAX", expected="deploy ARMY to TILE")
        entry = Deployment(army=str(int(match.group(1))), tile=match.group(2).upper())
        self._army(entry.army)
        _rule(settlement_problem(self.scratch, self.seat, entry.tile), tile=entry.tile)
        if any(d.army == entry.army for d in self.orders.deploy):
            _rule("mk.E_DUPLICATE_DEPLOY", army=entry.army)
        planned = sum(1 for d in self.orders.deploy if d.tile == entry.tile)
        if planned >= DEPLOY_LIMIT[self.scratch.settlement_kind(entry.tile) or ""]:
            _rule("mk.E_DEPLOY_FULL", tile=entry.tile)
        self.orders.deploy.append(entry)

    # --- advanced: quests and artefacts ---------------------------------------------------

    def quest(self, rest: str) -> None:
        match = re.fullmatch(r"(?:tower\s+)?(\S+)\s+hero\s+(\d{1,9})\s*\.\s*(\S.*)", rest,
                             re.IGNORECASE)
        if not match:
            raise LineError("mk.E_SYNTAX", expected="quest TOWER hero ARMY.UNIT")
        quest = Quest(tower=match.group(1).upper(), army=str(int(match.group(2))),
                      hero=match.group(3).strip())
        self._army(quest.army)
        done = self.orders.quests
        heroes = [(q.army, q.hero.lower()) for q in done]
        _rule(quest_problem(self.scratch, self.seat, quest, heroes, [q.tower for q in done]),
              tile=quest.tower, army=quest.army, unit=quest.hero)
        unit = find_unit(self.scratch.armies[quest.army], quest.hero)
        self.orders.quests.append(quest.model_copy(update={"hero": unit.name if unit else ""}))

    def equip(self, rest: str) -> None:
        match = re.fullmatch(r"(\d{1,9})\s*\.\s*(\S.*?)\s+with\s+(\S.*)", rest, re.IGNORECASE)
        if not match:
            raise LineError("mk.E_SYNTAX", expected="equip ARMY.UNIT with ARTEFACT")
        entry = Equip(army=str(int(match.group(1))), unit=match.group(2).strip(),
                      artefact=match.group(3).strip())
        if not self.state.settings.advanced:
            _rule("mk.E_NOT_ADVANCED")
        self._army(entry.army)
        _rule(equip_problem(self.scratch, self.seat, entry), army=entry.army, unit=entry.unit,
              artefact=entry.artefact)
        unit = find_unit(self.scratch.armies[entry.army], entry.unit)
        name = next(a for a in owned_artefacts(self.scratch, self.seat)
                    if a.lower() == entry.artefact.lower())
        self.orders.equip.append(entry.model_copy(update={"unit": unit.name if unit else "",
                                                          "artefact": name}))


def parse_winter_text(state: MKState, seat: str, text: str) -> ParseResult:
    """Parse a winter email for `seat` (see the module docstring)."""
    reader = _Reader(state=state, seat=seat, scratch=state.working_copy())
    for number, raw in enumerate(text.splitlines(), 1):
        for line in segments(raw):
            reader.read(number, line)
    reader.flush()
    if reader.orders == WinterOrders() and not reader.passed:
        if not reader.problems:
            reader.problems.append(Problem(line=1, code="mk.E_NO_ORDERS"))
        return ParseResult(orders=None, problems=reader.problems)  # earlier orders stay on file
    return ParseResult(orders=reader.orders, problems=reader.problems, partial=True)

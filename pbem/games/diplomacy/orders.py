"""The order language: a power's mail read into orders (every problem with its line, reason
and nearest reading) and orders written back in one canonical form, which restates every
unit's order and names, as comments, each unit left without one."""

from __future__ import annotations

from pbem.core.game import ParseResult
from pbem.core.problems import Problem, strip_comment
from pbem.games.diplomacy.content import province_of
from pbem.games.diplomacy.inputs import DipOrders, Order
from pbem.games.diplomacy.language.chatter import Chatter
from pbem.games.diplomacy.language.legality import Context, Refusal, legal_order
from pbem.games.diplomacy.language.lexicon import lexicon
from pbem.games.diplomacy.language.order_read import Draft, Unreadable, read_draft
from pbem.games.diplomacy.language.respell import respell
from pbem.games.diplomacy.order_text import order_text, unit_text
from pbem.games.diplomacy.rules.adjustment import build_sites
from pbem.games.diplomacy.state import DipState

Lined = tuple[int, Order]


class Collector:
    """Gathers one mail's orders, keeping the last order for each unit (or build site)."""

    def __init__(self, state: DipState, power: str) -> None:
        self.ctx = Context(state, power)
        self.lex = lexicon(state.board)
        self.chatter = Chatter(self.lex)
        self.by_key: dict[str, Lined] = {}
        self.waives: list[Lined] = []
        self.problems: list[Problem] = []
        self.draw: bool | None = None
        self.draw_among: list[str] | None = None
        self.concede: str | None = None
        self.understood = False
        self.chat: list[Problem] = []  # lines ignored as greetings and sign-offs

    def refuse(self, line: int, code: str, params: dict[str, str], near: str | None,
               kind: str = "illegal") -> None:
        """Record a problem with its line."""
        self.problems.append(Problem(line=line, code=code, kind=kind,  # type: ignore[arg-type]
                                     params=params, suggestion=near))

    def line(self, number: int, text: str) -> None:
        """Read one line of the mail (or one of its orders, cut at `;`)."""
        try:
            draft = read_draft(self.lex, text)
        except Unreadable as error:
            self._unreadable(number, text, error)
            return
        if draft.power is not None and draft.kind != "concede" and draft.power != self.ctx.power:
            name = self.ctx.state.board.power(draft.power).name
            self.refuse(number, "dip.E_OTHER_POWER", {"power": name}, None)
            return
        if draft.kind in ("draw", "concede"):
            self._vote(number, draft)
            return
        for _ in range(draft.count if draft.kind == "waive" else 1):
            self._order(number, draft)

    def _unreadable(self, number: int, text: str, error: Unreadable) -> None:
        """Chat is ignored text; a misspelt word is answered with what it most likely means."""
        if self.chatter.is_chat(text):
            self.chat.append(Problem(line=number, code="dip.W_IGNORED_TEXT", severity="warning",
                                     params={"text": text}))
            return
        word = error.params.get("word", "") if error.code == "dip.E_WORD" else ""
        near = respell(self.lex, text, word, self._legal) if word else None
        if near is not None and near.place:
            self.refuse(number, "dip.E_NEAR_PLACE", {"word": word, "near": near.word},
                        near.order or near.word, kind="invalid")
            return
        found = near.order if near is not None else None
        self.refuse(number, error.code, error.params, found or error.near, kind="invalid")

    def _legal(self, text: str) -> str | None:
        """The canonical order a line reads to when it is legal now, else None."""
        try:
            draft = read_draft(self.lex, text)
            if draft.kind in ("draw", "concede") or draft.power not in (None, self.ctx.power):
                return None
            return order_text(legal_order(self.ctx, draft))
        except (Unreadable, Refusal):
            return None

    def _vote(self, number: int, draft: Draft) -> None:
        if draft.kind == "draw":
            self._draw_vote(number, draft)
            return
        alive = self.ctx.state.alive()
        if draft.power == self.ctx.power or (draft.power and draft.power not in alive):
            self.refuse(number, "dip.E_CONCEDE_TO", {"power": draft.power or ""}, None)
            return
        self.concede, self.understood = draft.power, True

    def _draw_vote(self, number: int, draft: Draft) -> None:
        """DRAW (every survivor), DRAW FRANCE ENGLAND (a partial draw, where the game has
        them: two or more powers that have a player), or NO DRAW."""
        if not draft.powers:
            self.draw, self.draw_among, self.understood = draft.vote, None, True
            return
        state = self.ctx.state
        if state.draws != "partial":
            self.refuse(number, "dip.E_DRAW_DIAS", {}, "DRAW")
            return
        played = state.played()
        among = [p for p in played if p in set(draft.powers)]
        names = ", ".join(state.board.power(p).name for p in draft.powers if p not in played)
        if names or len(among) < 2:
            self.refuse(number, "dip.E_DRAW_AMONG", {"powers": names or "-"}, None)
            return
        self.draw, self.draw_among, self.understood = True, among, True

    def _order(self, number: int, draft: Draft) -> None:
        try:
            order = legal_order(self.ctx, draft)
        except Refusal as refusal:
            self.refuse(number, refusal.code, refusal.params, refusal.near)
            return
        self.understood = True
        if order.kind == "waive":
            self.waives.append((number, order))
            return
        key = province_of(order.at)
        earlier = self.by_key.get(key)
        if earlier is not None:
            self.problems.append(Problem(line=earlier[0], code="dip.W_REPLACED", severity="warning",
                                         params={"order": order_text(earlier[1]),
                                                 "line": str(number)}))
        self.by_key[key] = (number, order)

    def result(self) -> ParseResult:
        """The orders read, in canonical order, and every problem."""
        kept = self._within_limits(sorted(self.by_key.values(), key=_line) + self.waives)
        orders = sorted((o for _, o in kept), key=order_key)
        if not self.understood and self.chat and not self.problems:
            self.refuse(0, "dip.E_NO_ORDERS", {}, None, kind="invalid")
        self.problems += self.chat
        if not self.understood and any(p.severity == "error" for p in self.problems):
            return ParseResult(orders=None, problems=self._sorted())
        found = DipOrders(orders=orders, draw=self.draw, draw_among=self.draw_among,
                          concede=self.concede)
        return ParseResult(orders=found, problems=self._sorted())

    def _within_limits(self, lined: list[Lined]) -> list[Lined]:
        """At most as many builds (waives count) or removals as the winter allows."""
        state = self.ctx.state
        if state.step != "adjustment":
            return lined
        allowed = abs(state.adjust.get(self.ctx.power, 0))
        kept: list[Lined] = []
        for number, order in sorted(lined, key=_line):
            if len(kept) < allowed:
                kept.append((number, order))
            else:
                self.refuse(number, "dip.E_TOO_MANY", {"count": str(allowed),
                                                       "order": order_text(order)}, None)
        return kept

    def _sorted(self) -> list[Problem]:
        return sorted(self.problems, key=lambda p: (p.line, p.code))


def _line(lined: Lined) -> int:
    return lined[0]


def order_key(order: Order) -> tuple[int, str]:
    """Canonical order of orders: by location, waives last."""
    return (1 if order.kind == "waive" else 0), order.at


def parse_orders(state: DipState, seat: str, text: str) -> ParseResult:
    """Read a power's mail: one order a line (or several cut by `;`), in any case; `#` starts
    a comment; greetings and sign-offs are ignored with a warning."""
    power = state.power_of(seat)
    if power is None:
        return ParseResult(problems=[Problem(line=0, code="dip.E_NOT_A_PLAYER", kind="illegal")])
    collector = Collector(state, power)
    for number, raw in enumerate(text.splitlines(), start=1):
        for part in strip_comment(raw).split(";"):
            if part.strip():
                collector.line(number, part.strip())
    return collector.result()


def canonical_orders(state: DipState, seat: str, orders: DipOrders) -> str:
    """The orders in canonical form, then each unit without an order as a comment."""
    lines = [order_text(o) for o in orders.orders]
    if orders.draw is not None:
        lines.append(draw_text(state, orders.draw, orders.draw_among))
    if orders.concede is not None:
        named = state.board.power(orders.concede).name.upper() if orders.concede else "NONE"
        lines.append(f"CONCEDE TO {named}" if orders.concede else "CONCEDE NONE")
    power = state.power_of(seat)
    if power is not None:
        lines += [f"# {note}" for note in unordered(state, power, orders.orders)]
    return "\n".join(lines)


def unordered(state: DipState, power: str, orders: list[Order]) -> list[str]:
    """What happens to what the orders leave out: units that hold, units that disband,
    builds waived, removals the civil-disorder rule chooses."""
    given = {province_of(o.at) for o in orders if o.kind != "waive"}
    if state.step == "movement":
        return [f"{unit_text(u.kind, u.at)}: no order, holds"
                for u in state.units_of(power) if u.province not in given]
    if state.step == "retreat":
        return [f"{unit_text(d.kind, d.at)}: no order, disbands"
                for d in state.dislodged if d.power == power and province_of(d.at) not in given]
    if state.step != "adjustment":
        return []
    count = state.adjust.get(power, 0)
    left = abs(count) - len(orders)
    if count > 0 and left > 0:
        room = min(left, max(0, len(build_sites(state, power)) - len(given)))
        return [f"{room} build(s) not ordered: waived"] if room else []
    if count < 0 and left > 0:
        return [f"{left} removal(s) not ordered: the civil-disorder rule chooses"]
    return []


def draw_text(state: DipState, vote: bool, among: list[str] | None) -> str:
    """A draw vote as it is written: DRAW, DRAW FRANCE ENGLAND or NO DRAW."""
    if not vote:
        return "NO DRAW"
    named = [state.board.power(p).name.upper() for p in among or []]
    return " ".join(["DRAW", *named])

"""The guess-and-check resolver (L. Kruijswijk's algorithm, as the DATC describes it).

Every order that others depend on has one yes/no decision: a move succeeds, a support is
given (not cut), a convoying fleet stays (is not dislodged). Deciding one asks for others;
when a chain of questions comes back to an order still being decided, that order's decision
is guessed, both ways. If both guesses give the same answer it stands; if not, the orders in
the cycle are handed to the backup rule: circular movement (all the moves succeed) or, when a
convoy is part of the cycle, the Szykman rule (the convoyed armies of the paradox do not move
and have no effect, as if their convoys were not there).
"""

from __future__ import annotations

from pbem.games.diplomacy import convoy, move, support
from pbem.games.diplomacy.table import Table

UNRESOLVED, GUESSING, RESOLVED = 0, 1, 2


class Resolver:
    """Decides every order of one table."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.state: dict[str, int] = {}
        self.result: dict[str, bool] = {}
        self.deps: list[str] = []
        self.paradox: set[str] = set()  # convoyed armies the Szykman rule stopped

    def resolve(self, order: str) -> bool:
        """The decision of the order of the unit in `order` (a province)."""
        state = self.state.get(order, UNRESOLVED)
        if state == RESOLVED:
            return self.result[order]
        if state == GUESSING:
            if order not in self.deps:
                self.deps.append(order)
            return self.result[order]
        return self._decide(order)

    def _decide(self, order: str) -> bool:
        old = len(self.deps)
        self.result[order], self.state[order] = False, GUESSING
        first = self.adjudicate(order)
        if len(self.deps) == old:
            if self.state[order] != RESOLVED:
                self.result[order], self.state[order] = first, RESOLVED
            return self.result[order]
        if self.deps[old] != order:  # hangs on another order's guess: decided later
            self.deps.append(order)
            self.result[order] = first
            return first
        self._forget(old)
        self.result[order], self.state[order] = True, GUESSING
        second = self.adjudicate(order)
        if first == second:
            self._forget(old)
            self.result[order], self.state[order] = first, RESOLVED
            return first
        self._backup(old)
        return self.resolve(order)

    def _forget(self, old: int) -> None:
        for order in self.deps[old:]:
            self.state[order] = UNRESOLVED
        del self.deps[old:]

    def adjudicate(self, order: str) -> bool:
        """Decide one order from the current decisions (and guesses) of the others."""
        kind = self.table.kind_of(order)
        if kind == "move":
            return move.succeeds(self, order)
        if kind == "support":
            return support.given(self, order)
        return convoy.stays(self, order)

    def _backup(self, old: int) -> None:
        """Settle a cycle with two answers or none."""
        cycle = self.deps[old:]
        table = self.table
        armies = {table.convoying[o] for o in cycle if o in table.convoying}
        if armies and not armies <= self.paradox:
            self.paradox |= armies
            self._forget(old)
            return
        for order in cycle:
            if table.kind_of(order) == "move" and not armies:
                self.result[order], self.state[order] = True, RESOLVED
            elif armies:  # nothing left to stop: the cycle's convoys fail
                self.result[order], self.state[order] = table.kind_of(order) == "support", RESOLVED
            else:
                self.state[order] = UNRESOLVED
        del self.deps[old:]

    def path(self, army: str) -> bool:
        """Whether a convoyed army has a chain of fleets that stay, from its province to its
        destination (a convoy is disrupted only when every route is)."""
        if army in self.paradox:
            return False
        fleets = {f for f in self.table.convoy_fleets.get(army, ()) if self.resolve(f)}
        return convoy.linked(self.table, army, fleets)

    def supports(self, helped: list[str] | None, but_not: str | None = None) -> int:
        """How many of these supports are given, leaving out `but_not`'s power's."""
        count = 0
        for supporter in helped or ():
            if but_not is not None and self.table.pieces[supporter].power == but_not:
                continue
            if self.resolve(supporter):
                count += 1
        return count

    def run(self) -> dict[str, bool]:
        """Decide every move, support and convoy; return the decisions by province."""
        for order in sorted(self.table.orders):
            if self.table.kind_of(order) in ("move", "support") or order in self.table.convoying:
                self.resolve(order)
        return dict(self.result)

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

from pbem.games.diplomacy.rules import convoy, move, support
from pbem.games.diplomacy.rules.table import Table

UNRESOLVED, GUESSING, RESOLVED = 0, 1, 2


class Resolver:
    """Decides every order of one table."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.state: dict[str, int] = {}
        self.result: dict[str, bool] = {}
        self.done: dict[str, bool] = {}  # the decisions resolved for good
        self.deps: list[str] = []
        self.paradox: set[str] = set()  # convoyed armies the Szykman rule stopped
        self.finished = False  # once run: decisions and convoy routes no longer change
        self.paths: dict[str, bool] = {}

    def resolve(self, order: str) -> bool:
        """The decision of the order of the unit in `order` (a province)."""
        found = self.done.get(order)
        if found is not None:
            return found
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
            if not self.deps:  # nothing is being guessed: this decision is final
                self.done[order] = self.result[order]
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
        kind = self.table.kinds[order]
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
        if self.finished and army in self.paths:
            return self.paths[army]
        fleets = {f for f in self.table.convoy_fleets.get(army, ()) if self.resolve(f)}
        found = convoy.linked(self.table, army, fleets)
        if self.finished:
            self.paths[army] = found
        return found

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
        table = self.table  # orders are in board order: the units were
        self._obvious()
        for order, kind in table.kinds.items():
            if kind in ("move", "support") or order in table.convoying:
                self.resolve(order)
        self.done = {**self.result, **self.done}  # every decision is final now
        self.finished = True
        return dict(self.done)

    def _obvious(self) -> None:
        """Settle at once what nothing can change: a support or convoying fleet nobody attacks
        stands; an unsupported move over land into an empty province succeeds if it is the only
        one, and stands off if others as plain try too; one into a province whose unit stays
        fails, if it is the only move there and has no support."""
        table, done = self.table, self.done
        attackers, supported, convoyed = table.attackers, table.move_support, table.convoyed
        for helper in (*table.supporting, *table.convoying):
            if helper not in attackers:
                done[helper] = True
        pieces, dest = table.pieces, table.dest
        for there, movers in attackers.items():
            if len(movers) == 1:
                mover = movers[0]
                if mover in convoyed:
                    continue
                if there not in pieces:
                    done[mover] = True
                elif there not in dest and mover not in supported:
                    done[mover] = False
            elif there not in pieces and not any(m in supported or m in convoyed
                                                 for m in movers):
                for mover in movers:
                    done[mover] = False

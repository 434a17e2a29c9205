"""pbem's Diplomacy behind the small game interface the `diplomacy` package's DATC cases use.

The package's test class sets units, centres and orders (in its own order syntax, which pbem's
order language reads), processes a phase and checks each unit's results and owner. Its cases
are read from the installed package when the tests run; nothing of it is copied here. Result
codes are the package's strings (its `order_results`), mapped from pbem's verdicts.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pbem.core.game import Event, Seat
from pbem.games.diplomacy.content import Board, province_of
from pbem.games.diplomacy.language.lexicon import lexicon
from pbem.games.diplomacy.orders import parse_orders
from pbem.games.diplomacy.rules.adjustment import balance
from pbem.games.diplomacy.rules.turns import play
from pbem.games.diplomacy.setup import load_scenario
from pbem.games.diplomacy.state import DipState, Rules, Unit
from pbem.paths import campaigns_dir

OK, NO_CONVOY, BOUNCE, VOID = "", "no convoy", "bounce", "void"
CUT, DISLODGED, DISRUPTED, DISBAND = "cut", "dislodged", "disrupted", "disband"


@cache
def standard_board() -> Board:
    """The shipped standard board."""
    path = campaigns_dir() / "diplomacy" / "standard.toml"
    return Board.model_validate(load_scenario(path.read_text(encoding="utf-8"), str(path)))


def unit_key(kind: str, location: str) -> str:
    """A unit as the package names it: 'F STP/NC'."""
    return f"{kind} {location.upper()}"


def as_list(value: str | list[str]) -> list[str]:
    """The package passes one item or a list."""
    return [value] if isinstance(value, str) else list(value)


class AdapterGame:
    """One DATC case's game: a pbem state and what the last process() found."""

    def __init__(self, codes: dict[str, str], rules: Rules = "2023") -> None:
        board = standard_board()
        seats = [Seat(id=p.key, name=p.name) for p in board.powers]
        self.codes = codes
        self.state = DipState(board=board, seats=seats, powers={p.key: p.key for p in board.powers},
                              centres={p.id: p.home for p in board.provinces if p.home},
                              rules=rules)
        self.orders: dict[str, list[str]] = {}
        self.result: dict[str, list[str]] = {}
        self.command: set[str] = set()  # every unit on the board when the phase was processed
        self.ordered: set[str] = set()  # the units whose orders were accepted
        self.dislodged: dict[str, str] = {}
        self.popped: set[str] = set()

    @property
    def phase_type(self) -> str:
        """M, R or A, as the package names phases."""
        return {"movement": "M", "retreat": "R", "adjustment": "A"}.get(self.state.step, "M")

    def set_units(self, power: str, units: list[str]) -> None:
        """Place units ('A LVP', 'F STP/NC') for a power."""
        for text in units:
            kind, location = text.split()
            self.state.units.append(Unit(power=power.lower(), kind=kind, at=self.place(location)))

    def place(self, written: str) -> str:
        """A location as the package writes it ('LIV', 'STP/NC'), as pbem names it."""
        province, _, coast = written.lower().partition("/")
        found = lexicon(self.state.board).place_at([province], 0)
        return (found[0] if found else province) + (f"/{coast}" if coast else "")

    def set_centres(self, power: str, centres: list[str]) -> None:
        """Give supply centres to a power."""
        for centre in centres:
            self.state.centres[self.place(centre)] = power.lower()

    def set_phase(self, phase: str) -> None:
        """'W1901A': a winter adjustment; the balance of centres and units is due."""
        if phase.endswith("A"):
            self.state.season, self.state.step = "winter", "adjustment"
            self.state.adjust = balance(self.state)

    def process(self) -> None:
        """Adjudicate the phase with every power's orders read by pbem's order language."""
        step = self.state.step
        before = self.state.model_copy(deep=True)
        inputs, refused = self._inputs()
        events: list[Event] = []
        self.state.units.sort(key=lambda u: u.at)
        self.command = {unit_key(u.kind, u.at) for u in self.state.units}
        play(self.state, inputs, events)
        self.result = {key: [self.codes[VOID]] for key in refused}
        self.ordered = set(self._ordered(inputs))
        if step == "movement":
            self._movement(events)
        elif step == "retreat":
            self._retreats(before, events)
        else:
            self._adjustments(events)
        self.orders = {}

    def _inputs(self) -> tuple[dict[str, Any], list[str]]:
        inputs, refused = {}, []
        for power, lines in self.orders.items():
            parsed = parse_orders(self.state, power.lower(), "\n".join(lines))
            for problem in parsed.problems:
                if problem.code != "dip.E_NOT_YOURS":
                    refused.append(self._written_unit(lines[problem.line - 1]))
            if parsed.orders is not None:
                inputs[power.lower()] = parsed.orders
        return inputs, refused

    def _written_unit(self, line: str) -> str:
        words = line.upper().replace("BUILD ", "").replace("REMOVE ", "").split()
        return " ".join(words[:2])

    def _ordered(self, inputs: dict[str, Any]) -> list[str]:
        return [unit_key(o.unit or "A", o.at) for given in inputs.values() for o in given.orders]

    def _movement(self, events: list[Event]) -> None:
        self.dislodged = {}
        rows = next(e.data["rows"] for e in events if e.code == "dip.orders")
        by_place = {province_of(row["at"]): row for row in rows}
        for row in rows:
            key = unit_key(row["unit"], row["at"])
            codes = self.result.setdefault(key, [])
            helped = by_place.get(row.get("of", ""))
            codes += [self.codes[c] for c in movement_codes(row, helped, by_place)]
        for event in events:
            if event.code == "dip.dislodged":
                self.dislodged[event.data["unit"]] = event.data["by"][:3]
        for d in self.state.dislodged:
            self.dislodged[unit_key(d.kind, d.at)] = province_of(d.attacker).upper()[:3] or \
                self.dislodged.get(unit_key(d.kind, d.at), "")

    def _retreats(self, before: DipState, events: list[Event]) -> None:
        self.popped = set()
        rows = next((e.data["rows"] for e in events if e.code == "dip.retreats"), [])
        for row in rows:
            key = row["unit"]
            if row["result"] == "retreated":
                continue
            self.popped.add(key)
            codes = self.result.setdefault(key, [])
            if row["result"] == "bounced":
                codes.append(self.codes[BOUNCE])
            codes.append(self.codes[DISBAND])
        self.dislodged = {}

    def _adjustments(self, events: list[Event]) -> None:
        rows = next((e.data["rows"] for e in events if e.code == "dip.adjustments"), [])
        for row in rows:
            if not row["unit"]:
                continue
            key = unit_key(row["unit"], row["at"])
            ok = row["result"] in ("built", "removed")
            self.result.setdefault(key, []).append(self.codes[OK if ok else VOID])

    def owner(self, text: str) -> str | None:
        """The power (upper case) of the unit 'F SPA' (any coast) or 'F SPA/NC' (that one)."""
        kind, location = text.upper().split()
        for unit in self.state.units:
            here = unit.at.upper() if "/" in location else province_of(unit.at).upper()
            if unit.kind == kind and here == location:
                return unit.power.upper()
        return None


def movement_codes(row: dict[str, Any], helped: dict[str, Any] | None,
                   rows: dict[str, dict[str, Any]]) -> list[str]:
    """The package's result codes for one unit's movement verdict. The package words some
    verdicts its own way: a support for an army whose convoy failed is `no convoy`; so is a
    convoying fleet that was dislodged, or whose army went over land; a fleet whose convoy the
    paradox rule stopped is `disrupted`."""
    result, why = row["result"], row.get("why", "")
    if row["kind"] == "support" and result != "void" and helped and helped["kind"] == "move":
        if helped.get("why") in ("no_convoy", "paradox"):
            return _dislodged(row, [NO_CONVOY])
        if _against_own(row, helped, rows):
            return _dislodged(row, [VOID])
    if row["kind"] == "convoy":
        return _dislodged(row, _convoy_codes(result, why))
    if why in ("no_convoy", "paradox"):
        return _dislodged(row, [NO_CONVOY])
    return _dislodged(row, {"bounced": [BOUNCE], "cut": [CUT], "void": [VOID]}.get(result, []))


def _against_own(row: dict[str, Any], helped: dict[str, Any],
                 rows: dict[str, dict[str, Any]]) -> bool:
    """A support the package marks void: for a move into a province whose unit, of the
    supporter's own power, meets the move head to head, or stays while the supported move is
    the strongest into that province (counting every support) and still fails."""
    there = province_of(helped["to"])
    target = rows.get(there)
    if target is None or target["power"] != row["power"] or target["result"] == "moved":
        return False
    if _head_to_head(helped, target):
        return True
    if helped["result"] == "moved":
        return False
    strengths = {p: _strength(r, rows) for p, r in rows.items()
                 if r["kind"] == "move" and province_of(r["to"]) == there}
    mine = strengths[province_of(helped["at"])]
    return sorted(strengths.values()).count(mine) == 1 and mine == max(strengths.values())


def _head_to_head(move: dict[str, Any], other: dict[str, Any]) -> bool:
    return (other["kind"] == "move" and province_of(other["to"]) == province_of(move["at"])
            and not move.get("convoyed") and not other.get("convoyed"))


def _strength(move: dict[str, Any], rows: dict[str, dict[str, Any]]) -> int:
    """1 and every support the move got, however it counted."""
    return 1 + sum(1 for r in rows.values()
                   if r["kind"] == "support" and r["of"] == province_of(move["at"])
                   and province_of(r["to"]) == province_of(move["to"])
                   and (r["result"] == "given" or r.get("why") == "own_unit"))


def _convoy_codes(result: str, why: str) -> list[str]:
    if result == "failed":
        return [DISRUPTED] if why == "paradox" else [NO_CONVOY]
    if result == "disrupted" or (result == "void" and why == "not_convoyed"):
        return [NO_CONVOY]
    return [VOID] if result == "void" else []


def _dislodged(row: dict[str, Any], codes: list[str]) -> list[str]:
    return [*codes, DISLODGED] if row.get("dislodged") else codes

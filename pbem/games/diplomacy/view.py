"""What each reader may see: the only place secrecy is decided.

Everything on a Diplomacy board is public: units, centres, every order once adjudicated, who
must retreat where and who builds or removes. The one secret is a power's standing vote for a
draw or a concession, which only that power (and the referee) sees until the vote passes.
"""

from __future__ import annotations

from typing import Any

from pbem.core.game import REFEREE, Event
from pbem.games.diplomacy.board.geography import geography
from pbem.games.diplomacy.bots import template_text, vote_line
from pbem.games.diplomacy.order_text import place, row_text, unit_text
from pbem.games.diplomacy.rules.phases import due, phase_info
from pbem.games.diplomacy.state import DipState
from pbem.games.diplomacy.view_board import PLAYED, board_json, board_lines, owner_key


def view_for(state: DipState, viewer: str | None, events: list[Event]) -> dict[str, Any]:
    """The board and the phase's results for all; a power's own votes only for it."""
    owed = due(state)
    template = ""
    if viewer is not None and viewer in owed.players:
        template = template_text(state, viewer)
    view = build_view(state, viewer, events, phase_info(state).model_dump(), template)
    return {**view, "due": owed.model_dump()}


def build_view(state: DipState, viewer: str | None, events: list[Event],
               phase: dict[str, Any], template: str) -> dict[str, Any]:
    """The reader's view of the state and of the phase just played."""
    seen = [e for e in events if e.seen_by(viewer)]
    played = result_rows(state, seen)
    power = state.power_of(viewer) if viewer not in (None, REFEREE) else None
    return {
        "game": "diplomacy",
        "viewer": viewer,
        "phase": phase,
        "board_title": state.board.title,
        "power": state.board.power(power).name if power else None,
        "seat_role": state.board.power(power).name if power else "",  # for the welcome
        "kingdoms": [{"seat": s.id, "name": state.board.power(state.powers[s.id]).name}
                     for s in state.seats if s.id in state.powers],
        "powers": power_rows(state),
        "unowned": sorted(place(p) for p in geography(state.board).centres
                          if p not in state.centres),
        "results": merged(played),
        "played": played,
        "dislodged": [{"power": _name(state, d.power), "unit": unit_text(d.kind, d.at),
                       "retreats": [place(r) for r in d.retreats]} for d in state.dislodged],
        "adjust": [{"power": _name(state, p), "count": n} for p, n in sorted(state.adjust.items())],
        "votes": _votes(state, viewer, power),
        "template": template,
        "events": [e.model_dump() for e in seen],
        "board": board_json(state, viewer, seen),
        "board_lines": board_lines(state),
    }


def _name(state: DipState, power: str) -> str:
    return state.board.power(power).name


def power_rows(state: DipState) -> list[dict[str, Any]]:
    """Each power: player seat, centres and their change since the last count, units."""
    rows = []
    players = {s.id: s.name for s in state.seats}
    for power in state.board.powers:
        count = state.centre_count(power.key)
        seat = state.seat_of(power.key)
        rows.append({
            "power": power.name,
            "key": owner_key(state, power.key),  # the map's owner key, for its colour
            "seat": seat,
            "player": players.get(seat or "", ""),
            "centres": count,
            "change": count - state.counted.get(power.key, count),
            "units": [unit_text(u.kind, u.at) for u in state.units_of(power.key)],
            "owned": [place(p) for p, owner in state.centres.items() if owner == power.key],
            "alive": power.key in state.alive(),
            "disorder": any(state.powers.get(s) == power.key for s in state.disorder),
        })
    return rows


def result_rows(state: DipState, events: list[Event]) -> list[dict[str, Any]]:
    """The orders and results of each phase the events cover, in order: {phase, powers}, its
    rows grouped by power name in board order (a report of several phases has several)."""
    parts: list[dict[str, Any]] = []
    for event in events:
        if event.code not in PLAYED:
            continue
        label = str(event.data.get("phase", ""))
        if not parts or parts[-1]["phase"] != label:
            parts.append({"phase": label, "powers": {p.name: [] for p in state.board.powers}})
        for row in event.data.get("rows", []):
            parts[-1]["powers"][_name(state, row["power"])].append(
                {"order": row_text(row), "result": row["result"],
                 "why": row.get("why", ""), "dislodged": row.get("dislodged", False),
                 "ordered": row.get("ordered", True)})
    for part in parts:
        part["powers"] = {name: rows for name, rows in part["powers"].items() if rows}
    return [part for part in parts if part["powers"]]


def merged(parts: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Every phase's rows under their power's name (the report's `results`, as before)."""
    found: dict[str, list[dict[str, Any]]] = {}
    for part in parts:
        for name, rows in part["powers"].items():
            found.setdefault(name, []).extend(rows)
    return found


def _votes(state: DipState, viewer: str | None, power: str | None) -> list[str]:
    if viewer == REFEREE:
        return [line for p in state.played() if (line := vote_line(state, p))]
    if power is None:
        return []
    line = vote_line(state, power)
    return [line] if line else []

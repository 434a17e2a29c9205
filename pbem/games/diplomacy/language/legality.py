"""Turn a Draft into a legal Order for the state and phase, or refuse it with the reason.

Impossible orders are illegal, as the DATC prefers (4.E.1): a move to a province the unit
cannot reach (or to a split coast it did not name, or an army move no fleets could convoy
now), a support the supporter could not give or the supported unit could not use, a convoy
by a fleet on a coast or on no route such a convoy could need (rules/routes.py, DATC 6.G.19).
An illegal order is answered at once and the unit holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pbem.core.problems import did_you_mean
from pbem.games.diplomacy.board.geography import Geography, geography
from pbem.games.diplomacy.content import province_of
from pbem.games.diplomacy.inputs import Order
from pbem.games.diplomacy.language.order_read import Draft
from pbem.games.diplomacy.order_text import order_text, place, unit_text
from pbem.games.diplomacy.rules.adjustment import build_fits, build_sites
from pbem.games.diplomacy.rules.routes import route_seas
from pbem.games.diplomacy.rules.table import chain_exists
from pbem.games.diplomacy.state import DipState, Dislodged, Unit

MOVEMENT_KINDS = ("hold", "move", "support", "convoy")


@dataclass
class Refusal(Exception):
    """An order understood but not allowed: a stable code, its parameters, a nearest reading."""

    code: str
    params: dict[str, str] = field(default_factory=dict)
    near: str | None = None


class Context:
    """What legality reads: the state, its board's lookups, and whose orders these are."""

    def __init__(self, state: DipState, power: str) -> None:
        self.state, self.power = state, power
        self.geo: Geography = geography(state.board)
        self.units: dict[str, Unit] = {u.province: u for u in state.units}
        self.fleets_at_sea = {p for p, u in self.units.items()
                              if u.kind == "F" and self.geo.is_sea(p)}

    def own(self, draft: Draft) -> Unit:
        """The player's unit the draft orders."""
        unit = self.units.get(draft.at)
        if unit is None:
            raise Refusal("dip.E_NO_UNIT", {"place": place(draft.at)}, self.nearest_own(draft))
        if unit.power != self.power:
            raise Refusal("dip.E_NOT_YOURS", {"unit": unit_text(unit.kind, unit.at)})
        check_kind(draft.unit, unit, draft)
        return unit

    def nearest_own(self, draft: Draft) -> str | None:
        """The player's unit whose province is spelled most like the one written, if close."""

        mine = [p for p, u in self.units.items() if u.power == self.power]
        found = did_you_mean(draft.at, mine, cutoff=0.5)
        return unit_text(self.units[found].kind, self.units[found].at) if found else None


def check_kind(written: str | None, unit: Unit | Dislodged, draft: Draft) -> None:
    """Refuse a unit letter that does not match the unit there."""
    if written is not None and written != unit.kind:
        raise Refusal("dip.E_WRONG_KIND", {"unit": unit_text(unit.kind, unit.at),
                                           "written": unit_text(written, draft.at)},
                      unit_text(unit.kind, unit.at))


def legal_order(ctx: Context, draft: Draft) -> Order:
    """The order `draft` means in this phase, or Refusal."""
    step = ctx.state.step
    if step == "retreat":
        return _retreat_order(ctx, draft)
    if step == "adjustment":
        return _adjustment_order(ctx, draft)
    if draft.kind not in MOVEMENT_KINDS:
        raise Refusal("dip.E_NOT_NOW", {"kind": draft.kind, "step": step})
    unit = ctx.own(draft)
    if draft.kind == "hold":
        return Order(kind="hold", unit=unit.kind, at=unit.at)
    if draft.kind == "move":
        return _move(ctx, unit, draft)
    if draft.kind == "support":
        return _support(ctx, unit, draft)
    return _convoy(ctx, unit, draft)


def _move(ctx: Context, unit: Unit, draft: Draft) -> Order:
    if draft.to == unit.province:
        raise Refusal("dip.E_SAME_PLACE", {"unit": unit_text(unit.kind, unit.at)})
    if unit.kind == "F":
        if draft.via:
            raise Refusal("dip.E_FLEET_CONVOYED", {"unit": unit_text(unit.kind, unit.at)})
        to = fleet_target(ctx.geo, unit, draft.to, draft.to_coast)
        return Order(kind="move", unit="F", at=unit.at, to=to)
    if not ctx.geo.is_land(draft.to):
        raise Refusal("dip.E_ARMY_AT_SEA", {"unit": unit_text("A", unit.at),
                                            "place": place(draft.to)})
    overland = draft.to in ctx.geo.army.get(unit.province, ())
    if not overland and not chain_exists(ctx.geo, unit.province, draft.to, ctx.fleets_at_sea):
        me = unit_text("A", unit.at)
        raise Refusal("dip.E_NO_ROUTE", {"unit": me, "place": place(draft.to)},
                      near_move(me, draft.to, sorted(ctx.geo.army.get(unit.province, ())), "-"))
    return Order(kind="move", unit="A", at=unit.at, to=draft.to, via=draft.via)


def fleet_target(geo: Geography, unit: Unit | Dislodged, to: str, coast: str | None,
                 allowed: list[str] | None = None) -> str:
    """The location a fleet moves (or retreats) to: the coast named, or the only one it can
    reach; refused when it reaches none or two were possible and none was named."""
    targets = list(geo.fleet_targets(unit.at, to))
    if allowed is not None:
        targets = [t for t in targets if t in allowed]
    me = unit_text(unit.kind, unit.at)
    if not targets:
        options = allowed if allowed is not None else sorted(geo.fleet_reach.get(unit.at, {}))
        code = "dip.E_RETREAT_TO" if allowed is not None else "dip.E_NOT_ADJACENT"
        raise Refusal(code, {"unit": me, "place": place(to), "places": _places(options)},
                      near_move(me, to, options, "R" if allowed is not None else "-"))
    if coast is not None and coast in geo.coasts.get(to, ()):
        if coast not in targets:
            raise Refusal("dip.E_BAD_COAST", {"unit": me, "place": place(coast)},
                          f"{me} - {place(targets[0])}" if len(targets) == 1 else None)
        return coast
    if len(targets) > 1:
        raise Refusal("dip.E_COAST_NEEDED", {"place": place(to),
                                             "coasts": ", ".join(map(place, targets))},
                      f"{me} - {place(targets[0])}")
    return targets[0]


def _places(allowed: list[str] | None) -> str:
    return ", ".join(place(a) for a in allowed) if allowed else "nowhere"


def near_move(me: str, written: str, options: list[str], verb: str) -> str | None:
    """The move to the reachable place spelled most like the one written, if one is close."""

    found = did_you_mean(written, [province_of(o) for o in options], cutoff=0.6)
    return f"{me} {verb} {place(found)}" if found else None


def _support(ctx: Context, unit: Unit, draft: Draft) -> Order:
    helped = ctx.units.get(draft.of)
    me = unit_text(unit.kind, unit.at)
    if helped is None:
        raise Refusal("dip.E_NO_UNIT_THERE", {"place": place(draft.of)})
    check_kind(draft.of_unit, helped, Draft("support", at=draft.of))
    if helped.province == unit.province:
        raise Refusal("dip.E_SUPPORT_SELF", {"unit": me})
    target = draft.to or helped.province
    if target == unit.province:
        raise Refusal("dip.E_SUPPORT_OWN", {"unit": me})
    if not ctx.geo.can_reach(unit.kind, unit.at, target):
        raise Refusal("dip.E_SUPPORT_REACH", {"unit": me, "place": place(target)})
    to = _supported_to(ctx, helped, draft)
    if draft.to and not _could_move(ctx, helped, to, unit.province):
        raise Refusal("dip.E_SUPPORT_IMPOSSIBLE", {"unit": unit_text(helped.kind, helped.at),
                                                   "place": place(to)})
    return Order(kind="support", unit=unit.kind, at=unit.at, of_unit=helped.kind,
                 of=helped.province, to=to)


def _supported_to(ctx: Context, helped: Unit, draft: Draft) -> str:
    """Where the supported move goes: a fleet's coast counts when named, by the 2023 rules
    (DATC 4.B.4: the support must match it); otherwise only the province."""
    coast = draft.to_coast
    if coast and helped.kind == "F" and ctx.state.rules == "2023" and \
            coast in ctx.geo.coasts.get(draft.to, ()):
        return coast
    return draft.to


def _could_move(ctx: Context, unit: Unit, to: str, supporter: str) -> bool:
    """Whether `unit` could move to `to` (a fleet: to the coast, if named) at all, with
    convoys not by the supporter (6.D.31)."""
    if province_of(to) == unit.province:
        return False
    if unit.kind == "F":
        targets = ctx.geo.fleet_targets(unit.at, province_of(to))
        return to in targets if to != province_of(to) else bool(targets)
    if to in ctx.geo.army.get(unit.province, ()):
        return True
    return chain_exists(ctx.geo, unit.province, to, ctx.fleets_at_sea - {supporter})


def _convoy(ctx: Context, unit: Unit, draft: Draft) -> Order:
    me = unit_text(unit.kind, unit.at)
    if unit.kind != "F":
        raise Refusal("dip.E_CONVOY_BY_ARMY", {"unit": me})
    if not ctx.geo.is_sea(unit.province):
        raise Refusal("dip.E_CONVOY_COAST", {"unit": me})
    army = ctx.units.get(draft.of)
    if army is None:
        raise Refusal("dip.E_NO_UNIT_THERE", {"place": place(draft.of)})
    check_kind(draft.of_unit, army, Draft("convoy", at=draft.of))
    if army.kind != "A":
        raise Refusal("dip.E_CONVOY_FLEET", {"unit": unit_text(army.kind, army.at)})
    coastal = ctx.geo.kind.get(draft.to) == "coast" and ctx.geo.kind.get(army.province) == "coast"
    needed = unit.province in route_seas(ctx.geo, army.province, draft.to)
    if not coastal or draft.to == army.province or not needed:
        raise Refusal("dip.E_CONVOY_ENDS", {"unit": unit_text("A", army.at),
                                            "place": place(draft.to)})
    return Order(kind="convoy", unit="F", at=unit.at, of_unit="A", of=army.province,
                 to=draft.to)


def _retreat_order(ctx: Context, draft: Draft) -> Order:
    unit = next((d for d in ctx.state.dislodged if province_of(d.at) == draft.at), None)
    if unit is None or unit.power != ctx.power:
        on_board = ctx.units.get(draft.at)
        if on_board is not None and on_board.power == ctx.power:
            raise Refusal("dip.E_NOT_DISLODGED", {"unit": unit_text(on_board.kind,
                                                                    on_board.at)})
        raise Refusal("dip.E_NO_DISLODGED", {"place": place(draft.at)})
    check_kind(draft.unit, unit, draft)
    if draft.kind in ("disband", "remove"):
        return Order(kind="disband", unit=unit.kind, at=unit.at)
    if draft.kind not in ("retreat", "move"):
        raise Refusal("dip.E_NOT_NOW", {"kind": draft.kind, "step": "retreat"})
    return Order(kind="retreat", unit=unit.kind, at=unit.at, to=_retreat_to(ctx, unit, draft))


def _retreat_to(ctx: Context, unit: Dislodged, draft: Draft) -> str:
    me = unit_text(unit.kind, unit.at)
    if unit.kind == "F":
        return fleet_target(ctx.geo, unit, draft.to, draft.to_coast, unit.retreats)
    if draft.to not in unit.retreats:
        raise Refusal("dip.E_RETREAT_TO", {"unit": me, "place": place(draft.to),
                                           "places": _places(unit.retreats)},
                      near_move(me, draft.to, unit.retreats, "R") if unit.retreats
                      else f"DISBAND {me}")
    return draft.to


def _adjustment_order(ctx: Context, draft: Draft) -> Order:
    count = ctx.state.adjust.get(ctx.power, 0)
    if draft.kind in ("build", "waive"):
        if count <= 0:
            raise Refusal("dip.E_NO_BUILDS", {"count": str(-count)})
        return _build(ctx, draft) if draft.kind == "build" else Order(kind="waive")
    if draft.kind in ("remove", "disband"):
        if count >= 0:
            raise Refusal("dip.E_NO_REMOVALS", {"count": str(count)})
        unit = ctx.own(draft)
        return Order(kind="remove", unit=unit.kind, at=unit.at)
    raise Refusal("dip.E_NOT_NOW", {"kind": draft.kind, "step": "adjustment"})


def _build(ctx: Context, draft: Draft) -> Order:
    state, geo, where = ctx.state, ctx.geo, draft.at
    home = geo.board.province(where).home if where in geo.kind else None
    if home != ctx.power:
        raise Refusal("dip.E_NOT_HOME", {"place": place(where)})
    if state.centres.get(where) != ctx.power:
        raise Refusal("dip.E_NOT_OWNED", {"place": place(where)})
    if where not in build_sites(state, ctx.power):
        raise Refusal("dip.E_OCCUPIED", {"place": place(where)})
    kind = draft.unit or ("F" if draft.at_coast else ("A" if geo.kind[where] == "land" else None))
    if kind is None:
        raise Refusal("dip.E_KIND_NEEDED", {"place": place(where)}, f"BUILD A {place(where)}")
    location = (draft.at_coast or where) if kind == "F" else where
    if not build_fits(geo, kind, location):
        coasts = geo.coasts.get(where, ())
        if kind == "F" and coasts:
            raise Refusal("dip.E_COAST_NEEDED", {"place": place(where),
                                                 "coasts": ", ".join(map(place, coasts))},
                          f"BUILD F {place(coasts[0])}")
        raise Refusal("dip.E_FLEET_INLAND", {"place": place(where)}, f"BUILD A {place(where)}")
    return Order(kind="build", unit=kind, at=location)  # type: ignore[arg-type]


def describe(order: Order) -> str:
    """The order's canonical text (for messages)."""
    return order_text(order)

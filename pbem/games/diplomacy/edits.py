"""The referee's typed edits of a Diplomacy game: units, dislodged units, supply-centre owners
and civil disorder within the phase, and the phase itself (edit_phase.py; the ledger closes
the open phase and opens the new one), each checked by the rules in edit_checks.py.

Places are written as orders write them (`bur`, `stp/nc`, `mid`), powers by name.
"""

from __future__ import annotations

from collections.abc import Callable

from pbem.core.edits import Change, EditBook, EditCommand, EditUsage, one_of
from pbem.core.game import Advance, EditRefused
from pbem.games.diplomacy import drop as dropping
from pbem.games.diplomacy.board.geography import geography
from pbem.games.diplomacy.content import province_of
from pbem.games.diplomacy.edit_checks import (
    dislodged_at,
    free,
    in_retreats,
    kind,
    location,
    open_retreats,
    power,
    power_name,
    standing,
    tidy,
    unit_at,
)
from pbem.games.diplomacy.edit_phase import set_phase
from pbem.games.diplomacy.order_text import place, unit_text
from pbem.games.diplomacy.state import DipState, Dislodged, Unit

Apply = Callable[[DipState, list[str]], Change]


def edit(state: DipState, command: str) -> Advance:
    """Apply one edit: add, remove, move, centre, dislodge, retreats, disband, restore,
    disorder or phase."""
    return BOOK.apply(state, command)


def edit_commands() -> list[EditUsage]:
    """Every edit command, for help and refusals."""
    return BOOK.usages()


def _not_over(state: DipState) -> None:
    if state.step == "over":
        raise EditRefused("dip.E_EDIT_OVER")


def _kept(apply: Apply) -> Apply:
    """The edit, then the rules every edited position keeps (edit_checks.tidy)."""
    def checked(state: DipState, args: list[str]) -> Change:
        before = state.alive()
        change = apply(state, args)
        tidy(state, before)
        return change

    return checked


def _named(state: DipState, unit: Unit | Dislodged) -> str:
    return f"{power_name(state, unit.power)} {unit_text(unit.kind, unit.at)}"


def _add(state: DipState, args: list[str]) -> Change:
    owner, what = power(state, args[0]), kind(args[1])
    at = standing(geography(state.board), what, location(state, args[2]))
    free(state, at)
    unit = Unit(power=owner, kind=what, at=at)
    state.units.append(unit)
    return Change(f"add {_named(state, unit)}")


def _remove(state: DipState, args: list[str]) -> Change:
    unit = unit_at(state, location(state, args[0]))
    state.units.remove(unit)
    return Change(f"remove {_named(state, unit)}")


def _move(state: DipState, args: list[str]) -> Change:
    unit = unit_at(state, location(state, args[0]))
    at = standing(geography(state.board), unit.kind, location(state, args[1]))
    state.units.remove(unit)
    free(state, at)
    state.units.append(unit._replace(at=at))
    return Change(f"move {_named(state, unit)} to {place(at)}")


def _centre(state: DipState, args: list[str]) -> Change:
    province = province_of(location(state, args[0]))
    if province not in geography(state.board).centres:
        raise EditRefused("dip.E_EDIT_NOT_CENTRE", place=place(province))
    if args[1].lower() == "none":
        state.centres.pop(province, None)
        return Change(f"centre {place(province)} owned by nobody")
    owner = power(state, args[1])
    state.centres[province] = owner
    state.centres = dict(sorted(state.centres.items()))
    return Change(f"centre {place(province)} owned by {power_name(state, owner)}")


def _dislodge(state: DipState, args: list[str]) -> Change:
    in_retreats(state)
    unit = unit_at(state, location(state, args[0]))
    if any(province_of(d.at) == unit.province for d in state.dislodged):
        raise EditRefused("dip.E_EDIT_DISLODGED_TWICE", place=place(unit.province))
    attacker = _attacker(state, unit, args[1]) if len(args) > 1 else ""
    state.units.remove(unit)
    lost = Dislodged(power=unit.power, kind=unit.kind, at=unit.at, attacker=attacker)
    lost.retreats = open_retreats(state, lost)
    state.dislodged = sorted([*state.dislodged, lost], key=lambda d: d.at)
    where = ", ".join(map(place, lost.retreats)) or "nowhere"
    return Change(f"dislodge {_named(state, lost)}; it may retreat to {where}")


def _attacker(state: DipState, unit: Unit, text: str) -> str:
    """The province an attack on `unit` came from: one that borders it."""
    geo, province = geography(state.board), province_of(location(state, text))
    none: frozenset[str] = frozenset()
    borders = geo.army.get(unit.province, none) | geo.sea_next.get(unit.province, none)
    if province not in borders:
        raise EditRefused("dip.E_EDIT_NOT_ADJACENT", unit=unit_text(unit.kind, unit.at),
                          place=place(province))
    return province


def _retreats(state: DipState, args: list[str]) -> Change:
    in_retreats(state)
    unit = dislodged_at(state, location(state, args[0]))
    wanted = [] if [a.lower() for a in args[1:]] == ["none"] else [
        location(state, a) for a in args[1:]]
    allowed = open_retreats(state, unit)
    chosen = sorted({_retreat(unit, allowed, at) for at in wanted})
    state.dislodged[state.dislodged.index(unit)] = unit.model_copy(update={"retreats": chosen})
    return Change(f"retreats of {_named(state, unit)}: {', '.join(map(place, chosen)) or 'none'}")


def _retreat(unit: Dislodged, allowed: list[str], at: str) -> str:
    """The location `at` names for this unit's retreat, if the rules let it go there (a fleet
    names the coast where it could reach two)."""
    whole = unit.kind == "A" or at == province_of(at)
    options = [loc for loc in allowed if loc == at] or [
        loc for loc in allowed if whole and province_of(loc) == province_of(at)]
    if len(options) != 1:
        raise EditRefused("dip.E_EDIT_RETREAT", unit=unit_text(unit.kind, unit.at),
                          place=place(at), places=", ".join(map(place, allowed)) or "nowhere")
    return options[0]


def _disband(state: DipState, args: list[str]) -> Change:
    in_retreats(state)
    unit = dislodged_at(state, location(state, args[0]))
    state.dislodged.remove(unit)
    return Change(f"disband {_named(state, unit)}")


def _restore(state: DipState, args: list[str]) -> Change:
    in_retreats(state)
    unit = dislodged_at(state, location(state, args[0]))
    free(state, unit.at)
    state.dislodged.remove(unit)
    state.units.append(Unit(power=unit.power, kind=unit.kind, at=unit.at))
    return Change(f"restore {_named(state, unit)} to the board")


def _disorder(state: DipState, args: list[str]) -> Change:
    key, on = power(state, args[0]), one_of(args[1], ("on", "off"), "switch").lower() == "on"
    seat = next((s for s, p in state.powers.items() if p == key), None)
    name = power_name(state, key)
    if seat is None:
        raise EditRefused("dip.E_EDIT_NO_SEAT", power=name)
    if on:
        dropping.into_disorder(state, seat)
        return Change(f"disorder {name}: in civil disorder, nobody plays it")
    if seat not in state.disorder:
        raise EditRefused("dip.E_EDIT_PLAYED", power=name)
    state.disorder = [s for s in state.disorder if s != seat]
    return Change(f"disorder {name}: played again by its seat")


BOOK = EditBook[DipState](
    [
        EditCommand("add", ("POWER", "A|F", "PLACE"), "a unit comes onto the board",
                    _kept(_add), "add france A bur"),
        EditCommand("remove", ("PLACE",), "the unit in a province leaves the board",
                    _kept(_remove), "remove mun"),
        EditCommand("move", ("PLACE", "PLACE"), "the unit in a province stands elsewhere",
                    _kept(_move), "move bre mao"),
        EditCommand("centre", ("PLACE", "POWER|none"), "who owns a supply centre",
                    _kept(_centre), "centre bel france"),
        EditCommand("dislodge", ("PLACE", "[FROM]"), "in a retreat phase: the unit in a "
                    "province is dislodged (attacked from FROM)", _kept(_dislodge),
                    "dislodge mun boh"),
        EditCommand("retreats", ("PLACE", "none|PLACE..."), "in a retreat phase: where a "
                    "dislodged unit may retreat", _kept(_retreats), "retreats mun kie sil"),
        EditCommand("disband", ("PLACE",), "in a retreat phase: a dislodged unit is disbanded",
                    _kept(_disband), "disband mun"),
        EditCommand("restore", ("PLACE",), "in a retreat phase: a dislodged unit is back where "
                    "it stood", _kept(_restore), "restore mun"),
        EditCommand("disorder", ("POWER", "on|off"), "a power falls into civil disorder, or "
                    "its seat plays it again", _kept(_disorder), "disorder italy on"),
        EditCommand("phase", ("SEASON", "YEAR", "STEP"), "the game goes on from another "
                    "phase (orders sent for the open one no longer count)", _kept(set_phase),
                    "phase fall 1902 movement"),
    ],
    copy=lambda state: state.fresh_copy(),
    check=_not_over,
)

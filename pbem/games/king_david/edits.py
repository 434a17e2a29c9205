"""The referee's typed edits of a campaign: stores, forts, control, armies, leaders and event
markers, between actions (never while a combat, siege or question is being resolved).

Each edit keeps the map whole: armies and leaders stand only where no enemy stands and within
the stacking limit, counters come from and go back to their country's pool, forts stay within
their levels, and every event marker stays in exactly one place (the cup, a hand or played).
"""

from __future__ import annotations

from collections.abc import Callable

from pbem.core.cards import move_first
from pbem.core.copying import deep_copy
from pbem.core.edits import Change, EditBook, EditCommand, EditUsage, one_of, whole
from pbem.core.game import Advance, EditRefused
from pbem.games.king_david.content import FORT_MAX, KINDS
from pbem.games.king_david.events.table import BY_KEY
from pbem.games.king_david.land.stacks import enemy_armies, room
from pbem.games.king_david.state import Army, KDState

LEADER_PLACES = ("captured", "dead")


def edit(state: KDState, command: str) -> Advance:
    """Apply one edit: food, resources, fort, control, steps, armies, leaders or markers."""
    return BOOK.apply(state, command)


def edit_commands() -> list[EditUsage]:
    """Every edit command, for help and refusals."""
    return BOOK.usages()


def _between_actions(state: KDState) -> None:
    if state.stage != "action" or state.window or state.battle or state.agenda:
        raise EditRefused("kd.E_EDIT_BUSY")


def _seat(state: KDState, text: str) -> str:
    return one_of(text, sorted(state.players), "seat")


def _who(state: KDState, seat: str) -> str:
    return next(s.name for s in state.seats if s.id == seat)


def _area(state: KDState, text: str) -> str:
    found = next((a.id for a in state.scenario.areas if a.id == text.lower()), None)
    if found is None:
        raise EditRefused("kd.E_EDIT_AREA", area=text)
    return found


def _country(state: KDState, text: str) -> str:
    return one_of(text, [c.key for c in state.scenario.countries], "country")


def _army(state: KDState, text: str) -> Army:
    army = next((a for a in state.armies if a.id.lower() == text.lower()), None)
    if army is None:
        raise EditRefused("kd.E_EDIT_ARMY", army=text)
    return army


def _store(field: str) -> EditCommand[KDState]:
    def apply(state: KDState, args: list[str]) -> Change:
        seat, value = _seat(state, args[0]), whole(args[1])
        setattr(state.players[seat], field, value)
        return Change(f"{field} {seat} {value}")

    return EditCommand(field, ("SEAT", "N"), f"a player's {field}", apply, f"{field} p1 12")


def _fort(state: KDState, args: list[str]) -> Change:
    area = _area(state, args[0])
    if not state.scenario.area(area).city:
        raise EditRefused("kd.E_EDIT_NO_CITY", area=area)
    state.forts[area] = whole(args[1], minimum=1, maximum=FORT_MAX)
    return Change(f"fort {area} {state.forts[area]}")


def _control(state: KDState, args: list[str]) -> Change:
    area, country = _area(state, args[0]), _country(state, args[1])
    side = state.seat_of(country)
    strangers = sorted({a.id for a in state.armies_in(area)
                        if (state.side_of(a) or a.country) != (side or country)})
    if strangers:
        raise EditRefused("kd.E_EDIT_OCCUPIED", area=area, armies=", ".join(strangers))
    state.control[area] = country
    return Change(f"control {area} {country}")


def _steps(state: KDState, args: list[str]) -> Change:
    army = _army(state, args[0])
    army.steps = whole(args[1], minimum=1, maximum=army.steps_max)
    return Change(f"steps {army.id} {army.steps}")


def _stand(state: KDState, army: Army, area: str) -> None:
    """Put `army` in `area` if no enemy stands there and its side has room."""
    side = state.side_of(army) or ""
    if enemy_armies(state, area, side):
        raise EditRefused("kd.E_EDIT_ENEMY", area=area)
    if room(state, area, side) <= 0:
        raise EditRefused("kd.E_EDIT_STACK", area=area)
    army.area = area


def _move_army(state: KDState, args: list[str]) -> Change:
    army, area = _army(state, args[0]), _area(state, args[1])
    army.area = ""
    _stand(state, army, area)
    return Change(f"move-army {army.id} {area}")


def _add_army(state: KDState, args: list[str]) -> Change:
    country, kind = _country(state, args[0]), one_of(args[1], KINDS, "kind of army")
    area = _area(state, args[2])
    counter = next((c for c in state.pool.get(country, []) if c.split(":")[0] == kind), None)
    if counter is None:
        raise EditRefused("kd.E_EDIT_POOL", country=country, kind=kind)
    _, strength, steps = counter.split(":")
    army = Army(id=f"A{state.serial + 1}", country=country, kind=kind,  # type: ignore[arg-type]
                strength=int(strength), steps_max=int(steps), steps=int(steps), area="")
    _stand(state, army, area)
    state.pool[country].remove(counter)
    state.serial += 1
    state.armies.append(army)
    return Change(f"add-army {country} {kind} {area}")


def _remove_army(state: KDState, args: list[str]) -> Change:
    army = _army(state, args[0])
    state.armies.remove(army)
    if army.raider is None:
        state.pool.setdefault(army.country, []).append(
            f"{army.kind}:{army.strength}:{army.steps_max}"
        )
    return Change(f"remove-army {army.id}")


def _leader(state: KDState, args: list[str]) -> Change:
    leader = next((ld for ld in state.leaders if ld.name.lower() == args[0].lower()), None)
    if leader is None:
        raise EditRefused("kd.E_EDIT_LEADER", leader=args[0])
    where = args[1].lower()
    if where in LEADER_PLACES:
        leader.area, leader.status = None, where  # type: ignore[assignment]
        return Change(f"leader {leader.name} {where}")
    area, side = _area(state, where), state.seat_of(leader.country) or ""
    if enemy_armies(state, area, side):
        raise EditRefused("kd.E_EDIT_ENEMY", area=area)
    leader.area, leader.status = area, "map"
    return Change(f"leader {leader.name} {area}")


def _marker(text: str) -> str:
    key = text.lower()
    if key not in BY_KEY:
        raise EditRefused("kd.E_EDIT_MARKER", marker=text)
    return key


def _of_kind(key: str) -> Callable[[str], bool]:
    return lambda marker: marker.split(".")[0] == key


def _give_marker(state: KDState, args: list[str]) -> Change:
    seat, key = _seat(state, args[0]), _marker(args[1])
    if not move_first([state.cup], state.players[seat].events, _of_kind(key)):
        raise EditRefused("kd.E_EDIT_CUP", marker=BY_KEY[key].name)
    return Change(f"give-marker {seat} {key}", public=f"an event marker for {_who(state, seat)}")


def _take_marker(state: KDState, args: list[str]) -> Change:
    seat, key = _seat(state, args[0]), _marker(args[1])
    # to the bottom of the cup: the draws before it stay as they were
    if not move_first([state.players[seat].events], state.cup, _of_kind(key)):
        raise EditRefused("kd.E_EDIT_NOT_HELD", seat=seat, marker=BY_KEY[key].name)
    public = f"an event marker of {_who(state, seat)} back to the cup"
    return Change(f"take-marker {seat} {key}", public=public)


BOOK = EditBook[KDState](
    [
        _store("food"),
        _store("resources"),
        EditCommand("fort", ("AREA", "N"), f"a city's fortification (1 to {FORT_MAX})", _fort,
                    "fort jerusalem 3"),
        EditCommand("control", ("AREA", "COUNTRY"), "which country controls an area", _control,
                    "control gath judah"),
        EditCommand("steps", ("ARMY", "N"), "an army's steps (1 to its full strength)", _steps,
                    "steps A12 2"),
        EditCommand("move-army", ("ARMY", "AREA"), "an army stands elsewhere", _move_army,
                    "move-army A12 hebron"),
        EditCommand("add-army", ("COUNTRY", "KIND", "AREA"), "a counter from the country's "
                    "pool onto the map", _add_army, "add-army judah infantry hebron"),
        EditCommand("remove-army", ("ARMY",), "an army goes back to its country's pool",
                    _remove_army, "remove-army A12"),
        EditCommand("leader", ("NAME", "AREA|captured|dead"), "where a leader is", _leader,
                    "leader Joab hebron"),
        EditCommand("give-marker", ("SEAT", "MARKER"), "an event marker from the cup to a "
                    "player", _give_marker, "give-marker p2 ambush"),
        EditCommand("take-marker", ("SEAT", "MARKER"), "a player's event marker back to the "
                    "cup", _take_marker, "take-marker p2 ambush"),
    ],
    copy=deep_copy,
    check=_between_actions,
)

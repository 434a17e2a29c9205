"""Army composition and deployment on each player's back rows; the game then begins."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.dba_cards.content import DRAW, FIELD_TYPES, deck_ids
from pbem.games.dba_cards.inputs import DeployInput, PlacementInput
from pbem.games.dba_cards.play.deck import draw
from pbem.games.dba_cards.refusal import Refused
from pbem.games.dba_cards.squares import coords, name
from pbem.games.dba_cards.state import ArmyList, DBAState, Unit
from pbem.games.dba_cards.terrain import can_enter
from pbem.games.dba_cards.turn import set_standing

FIELD_UNITS = 11
# German rules: "General is never a LK or a Pl" (Light Horse, Psiloi)
GENERAL_ELEMENTS = frozenset(FIELD_TYPES) - {"light-horse", "psiloi"}
ELITES = 2


def zone(state: DBAState, seat: str) -> set[str]:
    """Squares `seat` may deploy on: the back two rows (German rules: back four, not the sides;
    with an allied contingent the main player takes the back two and the contingent the next)."""
    depth, margin = (4, 2) if state.german() else (2, 0)
    lowest = 1
    if len(state.allies(seat)) > 1:
        depth, lowest = 2, 1 + 2 * state.contingent(seat)
    ranks = list(range(lowest, lowest + depth))
    if state.facing(seat) == -1:
        ranks = [state.size + 1 - r for r in ranks]
    squares = {name(f, r) for r in ranks for f in range(margin, state.size - margin)}
    return squares | (advanced_buas(state, seat) if state.german() else set())


def advanced_buas(state: DBAState, seat: str) -> set[str]:
    """German rules: a BUA ahead of the zone but on the seat's own half may be occupied."""
    own_half = range(1, state.size // 2 + 1)
    if state.facing(seat) == -1:
        own_half = range(state.size // 2 + 1, state.size + 1)
    return {
        square
        for square, kind in state.terrain.items()
        if kind in ("bua", "fortified-bua") and coords(square)[1] in own_half
    }


def placed(state: DBAState, seat: str, army: ArmyList) -> list[PlacementInput]:
    """A sample army's deployment turned to `seat`'s side (lists are written for seat one)."""
    shift = (state.size - 8) // 2
    flip = state.facing(seat) == -1
    result = []
    for unit in army.units:
        file, rank = coords(unit.square)
        rank += 2 * state.contingent(seat)  # an allied contingent stands in front
        rank = state.size + 1 - rank if flip else rank
        result.append(
            PlacementInput(type=unit.type, square=name(file + shift, rank), elite=unit.elite)
        )
    return result


def default_army(state: DBAState, seat: str) -> ArmyList:
    """The scenario's army for a seat: the first list for seat one, the second for seat two,
    and so on round the lists."""
    index = state.seat_ids().index(seat) % len(state.armies)
    return state.armies[index]


def check_deployment(state: DBAState, seat: str, units: list[PlacementInput]) -> None:
    """Raise Refused unless the army is 1 General, 1 Camp, 11 units, up to 2 of them Elite, in
    its zone."""
    _check_generals(state, units)
    types = ["general" if u.general else u.type for u in units]
    counts = (types.count("general"), types.count("camp"))
    field = [t for t in types if t not in ("general", "camp")]
    if counts != (1, 1) or len(field) != FIELD_UNITS:
        raise Refused(
            "dba.E_ARMY_SIZE", generals=str(counts[0]), camps=str(counts[1]), units=str(len(field))
        )
    check_partial(state, seat, units)


def _check_generals(state: DBAState, units: list[PlacementInput]) -> None:
    for unit in units:
        if unit.general and (not state.german() or unit.type not in GENERAL_ELEMENTS):
            raise Refused("dba.E_GENERAL_ELEMENT", unit=unit.type, square=unit.square)


def check_partial(state: DBAState, seat: str, units: list[PlacementInput]) -> None:
    """Raise Refused for what breaks the rules in part of an army, whatever its size: a unit
    type it may not field, more than 2 Elite, an Elite General or Camp, a square taken twice,
    outside its zone or of terrain the unit cannot enter."""
    _check_generals(state, units)
    types = ["general" if u.general else u.type for u in units]
    allowed = set(FIELD_TYPES) | ({"horde"} if state.german() else set())
    field = [t for t in types if t not in ("general", "camp")]
    if bad := sorted(t for t in set(field) if t not in allowed):
        raise Refused("dba.E_ARMY_TYPE", unit=bad[0])
    if sum(u.elite for u in units) > ELITES:
        raise Refused("dba.E_TOO_MANY_ELITE", count=str(sum(u.elite for u in units)))
    for unit in units:  # "designate 2 of your units": of the 11, never the General or Camp
        if unit.elite and (unit.general or unit.type in ("general", "camp")):
            kind = "General" if unit.general or unit.type == "general" else "Camp"
            raise Refused("dba.E_ELITE_UNIT", unit=kind, square=unit.square)
    _check_squares(state, seat, units)


def _check_squares(state: DBAState, seat: str, units: list[PlacementInput]) -> None:
    seen: set[str] = set()
    allowed = zone(state, seat)
    for unit in units:
        if unit.square in seen:
            raise Refused("dba.E_STACKED", square=unit.square)
        seen.add(unit.square)
        if unit.square not in allowed:
            raise Refused("dba.E_DEPLOY_ZONE", square=unit.square)
        if not can_enter(state, unit.type, unit.square):
            raise Refused(
                "dba.E_TERRAIN",
                square=unit.square,
                unit=unit.type,
                terrain=state.terrain_at(unit.square),
            )


def deployment_for(state: DBAState, seat: str, given: DeployInput | None) -> DeployInput:
    """The seat's deployment if legal, else its default army."""
    if given is not None:
        try:
            check_deployment(state, seat, given.units)
            return given
        except Refused:
            pass
    army = default_army(state, seat)
    return DeployInput(army=army.key, units=placed(state, seat, army))


def resolve_deploy(
    state: DBAState, inputs: dict[str, DeployInput | None], rng: SeededRng
) -> list[Event]:
    """Place both armies, shuffle the deck, and start seat one's first turn (under the DBA 2.2
    setup the defender's swap comes first)."""
    events: list[Event] = []
    for seat in state.seat_ids():
        given = inputs.get(seat)
        chosen = deployment_for(state, seat, given)
        if given is not None:
            events += set_standing(state, seat, given.standing)
        side = state.sides[seat]
        side.army, side.deployed = chosen.army, True
        for n, unit in enumerate(chosen.units, start=1):
            state.units.append(
                Unit(
                    id=f"{seat}-{n}",
                    owner=seat,
                    type=unit.type,
                    square=unit.square,
                    elite=unit.elite,
                    general=unit.general,
                )
            )
        events.append(
            Event(
                code="dba.deployed",
                data={"seat": seat, "army": chosen.army, "units": len(chosen.units)},
            )
        )
    state.deck = rng.shuffled(deck_ids(), purpose="shuffle the deck")
    if state.dba22():
        state.stage = "swap"  # the defender may swap two units before the first turn
        return events
    return events + begin(state, rng)


def begin(state: DBAState, rng: SeededRng) -> list[Event]:
    """Start turn 1: seat one (the attacker) draws three cards; the defender holds none yet."""
    state.stage, state.turn, state.active = "turn", 1, state.seat_ids()[0]
    events = [Event(code="dba.turn", data={"seat": state.active, "turn": 1})]
    return events + draw(state, state.active, DRAW, rng)

"""The words of the referee's edits read against the board, and the rules every edited position
keeps: a unit stands where its kind may (an army on land, a fleet on a coast or at sea, on a
named coast of a split province), one unit a province, a retreat only to a place the unit
could move to that nothing holds, no power put out of the game, and a winter's builds and
removals counted again from the edited board."""

from __future__ import annotations

from pbem.core.edits import one_of
from pbem.core.game import EditRefused
from pbem.games.diplomacy.board.geography import Geography, geography
from pbem.games.diplomacy.content import UnitKind, province_of
from pbem.games.diplomacy.language.lexicon import lexicon
from pbem.games.diplomacy.language.order_read import Unreadable, elements
from pbem.games.diplomacy.order_text import place, unit_text
from pbem.games.diplomacy.rules.adjustment import balance
from pbem.games.diplomacy.state import DipState, Dislodged, Unit

KINDS: dict[str, UnitKind] = {"a": "A", "army": "A", "f": "F", "fleet": "F"}


def location(state: DipState, text: str) -> str:
    """A province or a coast as orders name it ("stp/nc", "Mid", "spa(sc)"), by its id."""
    try:
        found = elements(lexicon(state.board), text)
    except Unreadable:
        found = []
    if len(found) != 1 or found[0][0] != "place":
        raise EditRefused("dip.E_EDIT_PLACE", place=text)
    return found[0][2] or found[0][1]


def power(state: DipState, text: str) -> str:
    """A power of the board, by its key or name, in any case."""
    names = {p.name.lower(): p.key for p in state.board.powers}
    return names.get(text.lower()) or one_of(text, [p.key for p in state.board.powers], "power")


def power_name(state: DipState, key: str) -> str:
    """A power's name as the reports write it."""
    return state.board.power(key).name


def kind(text: str) -> UnitKind:
    """A unit kind: A or F (army, fleet), in any case."""
    return KINDS[one_of(text, sorted(KINDS), "unit kind").lower()]


def standing(geo: Geography, kind: UnitKind, at: str) -> str:
    """Where a unit of `kind` named at `at` stands (an army drops a coast), or refused."""
    province = province_of(at)
    if kind == "A":
        if not geo.is_land(province):
            raise EditRefused("dip.E_EDIT_ARMY_SEA", place=place(province))
        return province
    if geo.kind.get(province) == "land":
        raise EditRefused("dip.E_EDIT_FLEET_INLAND", place=place(province))
    coasts = geo.coasts.get(province, ())
    if coasts and at not in coasts:
        raise EditRefused("dip.E_EDIT_COAST_NEEDED", place=place(province),
                          coasts=", ".join(map(place, coasts)))
    return at


def unit_at(state: DipState, at: str) -> Unit:
    """The unit on the board in the province of `at`, or refused."""
    found = state.unit_in(province_of(at))
    if found is None:
        raise EditRefused("dip.E_EDIT_NO_UNIT", place=place(province_of(at)))
    return found


def dislodged_at(state: DipState, at: str) -> Dislodged:
    """The unit dislodged from the province of `at`, or refused."""
    found = next((d for d in state.dislodged if province_of(d.at) == province_of(at)), None)
    if found is None:
        raise EditRefused("dip.E_EDIT_NOT_DISLODGED", place=place(province_of(at)))
    return found


def free(state: DipState, at: str) -> None:
    """Refuse a province that a unit on the board already holds."""
    holder = state.unit_in(province_of(at))
    if holder is not None:
        raise EditRefused("dip.E_EDIT_TAKEN", place=place(province_of(at)),
                          unit=unit_text(holder.kind, holder.at))


def in_retreats(state: DipState) -> None:
    """Refuse an edit of dislodged units outside a retreat phase."""
    if state.step != "retreat":
        raise EditRefused("dip.E_EDIT_NOT_RETREAT", step=state.step)


def reachable(geo: Geography, unit: Dislodged) -> list[str]:
    """Every location the dislodged unit could move to, ignoring what stands there."""
    if unit.kind == "A":
        return sorted(geo.army.get(province_of(unit.at), ()))
    return sorted(geo.fleet.get(unit.at, ()))


def open_retreats(state: DipState, unit: Dislodged) -> list[str]:
    """Where `unit` may retreat on this board: a place it reaches that no unit holds, other
    than where its attack came from."""
    held = {u.province for u in state.units}
    return [at for at in reachable(geography(state.board), unit)
            if province_of(at) not in held and province_of(at) != unit.attacker]


def tidy(state: DipState, before: list[str]) -> None:
    """What the rules keep true after every edit: units in location order, retreats only to
    places nobody holds, a winter counted again, and every power `before` still in the game."""
    state.units.sort(key=lambda u: u.at)
    held = {u.province for u in state.units}
    state.dislodged = [d.model_copy(update={"retreats": [
        r for r in d.retreats if province_of(r) not in held]}) for d in state.dislodged]
    if state.step == "adjustment":
        state.adjust = balance(state)
    alive = state.alive()
    for key in before:
        if key not in alive:
            raise EditRefused("dip.E_EDIT_ELIMINATES", power=power_name(state, key))

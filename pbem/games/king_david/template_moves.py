"""The moves an order template offers: each group of units a seat may move from an area, the
line that moves exactly that group, and the areas it may enter now, each tried by the order
checker itself (6.1), so that the template never offers a move the reader then refuses."""

from __future__ import annotations

from dataclasses import dataclass, field

from pbem.games.king_david.content import STACK_LIMIT
from pbem.games.king_david.inputs import Move
from pbem.games.king_david.land.movement import MoveError, check_move, movers
from pbem.games.king_david.land.stacks import borders, friendly_armies
from pbem.games.king_david.state import Army, KDState, Leader

STACKING = ("kd.E_STACK", "kd.E_STACK_LEFT")  # the refusals the seat's own count decides


@dataclass(frozen=True)
class Offer:
    """One group's moves: where it stands, the ids a move must name (none when a plain
    `move AREA NEXT` moves exactly this group), where it may go, and where it has no room."""

    area: str
    armies: list[Army]
    leaders: list[Leader]
    named: list[str]
    to: list[tuple[str, str]] = field(default_factory=list)  # (area, how the way goes)
    full: list[tuple[str, int]] = field(default_factory=list)  # (area, armies that still fit)

    def line(self, there: str) -> str:
        """The order line that moves this group to `there`."""
        units = f" with {' '.join(self.named)}" if self.named else ""
        return f"move {self.area} {there}{units}"


def offers(state: KDState, seat: str) -> list[Offer]:
    """Every group the seat may move, area by area, with the one-area moves it may make now."""
    found = []
    for area in sorted(_areas(state, seat)):
        for armies, leaders in _groups(state, seat, area):
            found.append(_tried(state, seat, area, armies, leaders))
    return found


def seat_leaders(state: KDState, seat: str) -> list[Leader]:
    """The leaders on the map of every country the seat runs."""
    return [ld for ld in state.leaders if ld.status == "map" and state.seat_of(ld.country) == seat]


def _areas(state: KDState, seat: str) -> set[str]:
    return state.army_areas(seat) | {ld.area for ld in seat_leaders(state, seat) if ld.area}


def _groups(state: KDState, seat: str, area: str) -> list[tuple[list[Army], list[Leader]]]:
    """The seat's own country's armies and leaders, then each raid's and each other country's
    armies (with that country's leaders) it runs there."""
    mine = state.players[seat].country
    grouped: dict[tuple[str, int], tuple[list[Army], list[Leader]]] = {}
    for army in state.armies_in(area):
        if state.side_of(army) == seat:
            key = ("", 0) if army.country == mine else (army.country, army.raid)
            grouped.setdefault(key, ([], []))[0].append(army)
    for leader in seat_leaders(state, seat):
        if leader.area == area:
            key = ("", 0) if leader.country == mine else (leader.country, 0)
            grouped.setdefault(key, ([], []))[1].append(leader)
    return [grouped[key] for key in sorted(grouped)]


def _named(state: KDState, seat: str, area: str, armies: list[Army],
           leaders: list[Leader]) -> list[str]:
    """The ids a move of exactly this group names: none when a plain move moves just it."""
    plain_a, plain_l = movers(state, seat, Move(path=[area, area]))
    if {a.id for a in plain_a} == {a.id for a in armies} and {
            ld.name for ld in plain_l} == {ld.name for ld in leaders}:
        return []
    return [a.id.lower() for a in armies] + [ld.name.lower() for ld in leaders]


def _tried(state: KDState, seat: str, area: str, armies: list[Army],
           leaders: list[Leader]) -> Offer:
    """The group's offer: each neighbour and port tried as a one-area move."""
    offer = Offer(area, armies, leaders, _named(state, seat, area, armies, leaders))
    for there, how in _candidates(state, area):
        refused = _refusal(state, seat, Move(path=[area, there], units=offer.named))
        if refused not in (None, *STACKING):
            continue
        room = known_room(state, seat, there, leaders)
        if room < len(armies):
            offer.full.append((there, room))
        elif refused is None and not _known_left_over(state, seat, area, armies, leaders):
            offer.to.append((there, how))
    return offer


def _refusal(state: KDState, seat: str, move: Move) -> str | None:
    """The code the order checker refuses a move with, or None."""
    try:
        check_move(state, seat, move)
    except MoveError as error:
        return error.code
    return None


def _counters(state: KDState, seat: str, area: str) -> int:
    """The counters of the seat's side in an area that may be armies, as far as the seat
    knows: its own armies and every counter of an ally (6.1 hides what an ally's stack is)."""
    allied = [ld for ld in state.leaders_in(area) if state.allied(seat, state.seat_of(ld.country))]
    return len(friendly_armies(state, area, seat)) + len(allied)


def _most(leaders: list[Leader]) -> int:
    """The limit the seat can be sure of: four, plus the best of its own leaders counted."""
    return STACK_LIMIT + max((ld.rating for ld in leaders), default=0)


def known_room(state: KDState, seat: str, there: str, leaders: list[Leader]) -> int:
    """How many more armies of the seat surely fit where a move ends, with `leaders`
    arriving; never more than the rules allow, whatever an ally's stack holds."""
    own = [ld for ld in state.leaders_in(there) if state.seat_of(ld.country) == seat]
    return max(0, _most(own + leaders) - _counters(state, seat, there))


def _known_left_over(state: KDState, seat: str, area: str, armies: list[Army],
                     leaders: list[Leader]) -> bool:
    """Whether what a leader leaves behind may break the limit, as far as the seat knows."""
    if not leaders:
        return False
    going = {ld.name for ld in leaders}
    staying = [ld for ld in state.leaders_in(area)
               if state.seat_of(ld.country) == seat and ld.name not in going]
    return _counters(state, seat, area) - len(armies) > _most(staying)


def _candidates(state: KDState, area: str) -> list[tuple[str, str]]:
    """The neighbours over land, with terrain and river or ford; then the other ports by sea
    (the check decides which of those the seat may use)."""
    found = []
    for other, kind in borders(state, area):
        crossing = f", {kind}" if kind in ("river", "ford") else ""
        found.append((other, f"{state.scenario.area(other).terrain}{crossing}"))
    if state.scenario.area(area).port:
        near = {other for other, _ in found} | {area}
        found += [(p.id, "by sea") for p in state.scenario.areas if p.port and p.id not in near]
    return found

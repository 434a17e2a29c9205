"""Drawing army counters at random from a country's unbuilt counters and placing them."""

from __future__ import annotations

from pbem.core.rng import SeededRng
from pbem.games.king_david.content import KINDS
from pbem.games.king_david.land.stacks import borders, room
from pbem.games.king_david.state import Army, KDState


def draw(state: KDState, country: str, kind: str, rng: SeededRng) -> Army | None:
    """Draw one counter of `kind` from the country's cup, or None when none is left."""
    cup = sorted(c for c in state.pool.get(country, []) if c.split(":")[0] == kind)
    if not cup:
        return None
    picked = rng.choice(cup, purpose=f"draw {country} {kind}")
    state.pool[country].remove(picked)
    _, strength, steps = picked.split(":")
    state.serial += 1
    return Army(id=f"A{state.serial}", country=country, kind=kind,  # type: ignore[arg-type]
                strength=int(strength), steps_max=int(steps), steps=int(steps), area="")


def draw_setup(state: KDState, country: str, counts: dict[str, int],
               rng: SeededRng) -> list[Army]:
    """Draw a setup's armies, kind by kind in the chart's order."""
    drawn = []
    for kind in KINDS:
        for _ in range(counts.get(kind, 0)):
            army = draw(state, country, kind, rng)
            if army is not None:
                drawn.append(army)
    return drawn


def home_spots(state: KDState, country: str) -> list[str]:
    """Home city areas held by the country, then the home areas next to them (4.5, 10.3)."""
    cities = held_cities(state, country)
    return cities + near_cities(state, country, cities)


def held_cities(state: KDState, country: str) -> list[str]:
    """The country's own city areas that it holds."""
    return [a.id for a in state.scenario.areas
            if a.country == country and a.city and state.control.get(a.id) == country]


def near_cities(state: KDState, country: str, cities: list[str]) -> list[str]:
    """The country's own areas it holds next to `cities` (not across the Jordan)."""
    return sorted({other for c in cities for other, kind in borders(state, c)
                   if kind != "jordan" and state.scenario.area(other).country == country
                   and state.control.get(other) == country and other not in cities})


def setup_tiers(state: KDState, country: str, first: str) -> list[list[str]]:
    """Where a country sets up (4.5): its cities (from `first`), then the home areas next
    to them, then the rest of its home areas."""
    cities = held_cities(state, country)
    cities = [first, *(c for c in cities if c != first)]
    near = near_cities(state, country, cities)
    rest = [a.id for a in state.scenario.areas if a.country == country
            and state.control.get(a.id) == country and a.id not in cities + near]
    return [cities, near, rest]


def place_tiers(state: KDState, armies: list[Army], seat: str,
                tiers: list[list[str]]) -> list[Army]:
    """Fill the first tier of spots within stacking before the next; return those with no
    room anywhere."""
    left = armies
    for spots in tiers:
        left = place(state, left, seat, spots)
    return left


def place_wished(state: KDState, armies: list[Army], seat: str, wishes: list[str],
                 allowed: list[str]) -> list[Army]:
    """Place armies where their player asked (4.5, 11.0): each wish 'area' or 'area=N' in
    turn takes up to N of them (without N, as many as stacking lets stand), the first drawn
    first; areas not in `allowed` are passed over. Return those not placed."""
    left = list(armies)
    for wish in wishes:
        area, _, count = wish.partition("=")
        wanted = int(count) if count else len(left)
        while left and wanted > 0 and area in allowed and room(state, area, seat) > 0:
            army, wanted = left.pop(0), wanted - 1
            army.area = area
            state.armies.append(army)
    return left


def place(state: KDState, armies: list[Army], seat: str, spots: list[str]) -> list[Army]:
    """Spread armies over the spots round-robin within stacking; return those with no room."""
    left = []
    for index, army in enumerate(armies):
        ordered = spots[index % len(spots):] + spots[:index % len(spots)] if spots else []
        target = next((s for s in ordered if room(state, s, seat) > 0), None)
        if target is None:
            left.append(army)
            continue
        army.area = target
        state.armies.append(army)
    return left

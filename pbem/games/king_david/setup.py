"""Setting up (4.0): the phase markers and event cup at start; then, once players have sent
their preferences, the D10 country choice, the Initial Setup Table, and three events each."""

from __future__ import annotations

from typing import Any

from pbem.core.game import Event, Setup
from pbem.core.rng import SeededRng
from pbem.games.king_david.content import START_EVENTS, Scenario
from pbem.games.king_david.events.table import full_cup
from pbem.games.king_david.land.mapfile import load_scenario_text
from pbem.games.king_david.phases import draw_markers
from pbem.games.king_david.realm.armies import (
    draw_setup,
    held_cities,
    place_tiers,
    place_wished,
    setup_tiers,
)
from pbem.games.king_david.realm.minors import roll_off
from pbem.games.king_david.state import KDState, Leader, Minor, Player


def load_scenario(text: str, source: str) -> dict[str, Any]:
    """Read and check a scenario file."""
    return load_scenario_text(text, source)


def start_state(setup: Setup, rng: SeededRng) -> KDState:
    """The opening: markers drawn (4.4) and the event cup filled (4.2); countries not chosen."""
    scenario = Scenario.model_validate(setup.scenario)
    state = KDState(
        seats=setup.seats,
        scenario=scenario,
        turns=int(setup.settings.get("turns", scenario.turns)),
        variable_end=bool(setup.settings.get("variable_end", False)),
        players={s.id: Player(seat=s.id) for s in setup.seats},
    )
    draw_markers(state, rng, [])
    state.cup = rng.shuffled(full_cup(), purpose="event cup")
    return state


def available(state: KDState) -> list[str]:
    """The countries players may choose with this many players, in setup order."""
    neutral = state.scenario.neutral_with.get(str(len(state.seats)), [])
    return [c.key for c in state.scenario.countries if c.major and c.key not in neutral]


def choose_countries(state: KDState, rng: SeededRng, events: list[Event]) -> None:
    """Each rolls a D10; from the highest, each takes their first preferred free country."""
    left, free = sorted(state.players), available(state)
    while left:
        first = roll_off(left, rng, "country choice", events) if len(left) > 1 else left[0]
        wish = [c for c in state.players[first].prefer if c in free] + free
        state.players[first].country = wish[0]
        free.remove(wish[0])
        left.remove(first)
        events.append(Event(code="kd.country", data={"seat": first, "country": wish[0]}))


def set_up(state: KDState, rng: SeededRng, events: list[Event]) -> None:
    """Countries, control, fortifications, armies, leaders, stores and three events each;
    leaders and armies where the player's `place` lines ask, else the best-fortified city
    and the cities first (4.5)."""
    choose_countries(state, rng, events)
    played = {p.country for p in state.players.values()}
    for area in state.scenario.areas:
        if area.country != "none":
            state.control[area.id] = area.country
        if area.city and area.fort:
            state.forts[area.id] = area.fort
    for counter in state.scenario.counters:
        spec = f"{counter.kind}:{counter.strength}:{counter.steps}"
        state.pool.setdefault(counter.country, []).extend([spec] * counter.count)
    for country in state.scenario.countries:
        if country.key not in played:
            state.minors[country.key] = Minor(key=country.key)
    for country in state.scenario.countries:
        if country.key in played:
            _set_up_country(state, country.key, rng, events)
    for seat in sorted(state.players):
        hand, state.cup = state.cup[:START_EVENTS], state.cup[START_EVENTS:]
        state.players[seat].events = hand
        events.append(Event(code="kd.events_drawn", data={"seat": seat, "count": len(hand)}))


def _set_up_country(state: KDState, key: str, rng: SeededRng, events: list[Event]) -> None:
    country = state.scenario.country(key)
    seat = state.seat_of(key) or ""
    player = state.players[seat]
    player.food, player.resources = country.food, country.resources
    cities = held_cities(state, key)
    capital = max(cities, key=lambda s: (state.forts.get(s, 0), s))
    for spec in state.scenario.leaders:
        if spec.country == key:
            wished = player.placing.get(spec.name.lower(), [])
            state.leaders.append(Leader(name=spec.name, country=key, rating=spec.rating,
                                        area=next((c for c in wished if c in cities), capital)))
    armies = draw_setup(state, key, country.setup, rng)
    rest = place_wished(state, armies, seat, player.placing.get(key, []), cities)
    left = place_tiers(state, rest, seat, setup_tiers(state, key, capital))
    for army in left:
        state.pool[key].append(f"{army.kind}:{army.strength}:{army.steps_max}")
    events.append(Event(code="kd.set_up", data={"seat": seat, "country": country.name,
                                                "armies": len(armies) - len(left)}))

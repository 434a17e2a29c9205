"""The opening: abilities and starting locations, the first Altar, two Resources each, and
the three rounds of Location draws (one sin, two sins, an Idol)."""

from __future__ import annotations

from pbem.core.game import Setup
from pbem.core.rng import SeededRng
from pbem.games.kings_of_israel.cards.decks import kind
from pbem.games.kings_of_israel.content import Board
from pbem.games.kings_of_israel.flow import run_on
from pbem.games.kings_of_israel.levels import removals, rules_for
from pbem.games.kings_of_israel.state import Decks, KIState, Prophet


def location_deck(board: Board, level: str) -> list[str]:
    """Every Location card: one per location, the nation and 'again' cards, less removals."""
    cards = [f"{p}.1" for p in board.locations()]
    for place, count in sorted(board.location_cards.items()):
        cards += [f"{place}.{n}" for n in range(1, count + 1)]
    nations = [p.id for p in board.places if p.nation]
    for place in removals(level, nations):
        copies = [c for c in cards if kind(c) == place]
        if copies:
            cards.remove(copies[-1])
    return cards


def start(setup: Setup, rng: SeededRng) -> KIState:
    """Set up the board, then play on to the first input owed."""
    state = start_state(setup, rng)
    run_on(state, rng, [])
    return state


def start_state(setup: Setup, rng: SeededRng) -> KIState:
    """Deal abilities, place prophets and the first Altar, draw Resources, seed sin and Idols."""
    board = Board.model_validate(setup.scenario)
    seats = setup.seats
    level = str(setup.settings.get("level", "none"))
    rules = rules_for(str(setup.settings.get("version", "base")), level, len(seats))
    abilities = rng.shuffled([a.id for a in board.abilities], purpose="abilities")
    decks = Decks(
        resource=rng.shuffled(
            [f"{k}.{n}" for k, c in sorted(board.resources.items()) for n in range(1, c + 1)],
            purpose="resource deck",
        ),
        blessing=rng.shuffled(
            [f"{c.id}.{n}" for c in board.blessings for n in range(1, c.count + 1)],
            purpose="blessing deck",
        ),
        sin=rng.shuffled(
            [f"{c.id}.{n}" for c in board.sins for n in range(1, c.count + 1)], purpose="sin deck"
        ),
    )
    prophets = {
        s.id: Prophet(ability=abilities[i], at=board.ability(abilities[i]).start)
        for i, s in enumerate(seats)
    }
    state = KIState(seats=seats, board=board, rules=rules, prophets=prophets, decks=decks)
    state.altars = ["samaria"] if "samaria" in board.locations() else [board.locations()[0]]
    for seat in state.seat_ids():
        hand, decks.resource = (
            decks.resource[: rules.start_resources],
            decks.resource[rules.start_resources :],
        )
        prophets[seat].hand = hand
    _seed_sin(state, location_deck(board, level), rng)
    return state


def _seed_sin(state: KIState, cards: list[str], rng: SeededRng) -> None:
    """Draw players+2 (one cube), players+1 (two cubes), players (an Idol), then reshuffle."""
    deck = rng.shuffled(cards, purpose="location deck")
    count = len(state.seats)
    locations = set(state.board.locations())
    for size, what in ((count + 2, 1), (count + 1, 2), (count, 0)):
        drawn = 0
        while drawn < size and deck:
            place = kind(deck.pop(0))
            if place not in locations:
                continue  # a Nation or "Shall Be Again" card is set aside and replaced
            drawn += 1
            if what:
                state.sin[place] = state.sin.get(place, 0) + what
            elif place not in state.idols:
                state.idols.append(place)
    state.decks.location = rng.shuffled(cards, purpose="location deck reshuffled")

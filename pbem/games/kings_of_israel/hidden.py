"""What the rules hide from one seat, and two states built from it: a twin with the hidden
facts drawn afresh (for the secrecy check), and the seat's own picture of the game, with
every hidden fact replaced by what the seat can infer (for its suggested orders).

Hidden from a seat: the order of the face-down Location, Resource, Blessing and Sin &
Punishment decks (a Foretold Event lies face up in the Sin & Punishment deck, so its place
there is known), and, unless the rules put hands face up, the other prophets' Resource cards
and Blessings (their numbers are public). The discard piles lie face up.
"""

from __future__ import annotations

from pbem.core.copying import deep_copy
from pbem.core.rng import SeededRng
from pbem.games.kings_of_israel.state import KIState

UNKNOWN = "unknown"  # the kind of a card the seat cannot see, in its own picture


def resample_hidden(
    state: KIState, seat: str, rng: SeededRng, public_draws: bool = True
) -> KIState:
    """A state equal to `state` in all `seat` may know, with the hidden facts drawn afresh.
    With `public_draws` False the Location and Sin & Punishment decks keep their order (a
    narrower twin, whose rounds begin alike: the check's way to reach the questions there)."""
    twin = deep_copy(state)
    decks = twin.decks
    if public_draws:
        decks.location = rng.shuffled(decks.location, purpose="twin locations")
        decks.sin = _shuffled_face_down(decks.sin, decks.face_up, rng)
    others = [] if twin.rules.hands_face_up else [s for s in twin.seat_ids() if s != seat]
    hands = [twin.prophets[s].hand for s in others]
    decks.resource = _redeal(hands, decks.resource, rng, "twin resources")
    blessings = [twin.prophets[s].blessings for s in others]
    decks.blessing = _redeal(blessings, decks.blessing, rng, "twin blessings")
    return twin


def _redeal(hands: list[list[str]], deck: list[str], rng: SeededRng, purpose: str) -> list[str]:
    """Shuffle the hidden hands and the deck together; deal each hand its count again (in
    place) and return the new deck."""
    pool = rng.shuffled([card for hand in hands for card in hand] + deck, purpose=purpose)
    for hand in hands:
        count = len(hand)
        hand[:] = pool[:count]
        pool = pool[count:]
    return pool


def _shuffled_face_down(deck: list[str], face_up: list[str], rng: SeededRng) -> list[str]:
    """The deck with its face-down cards shuffled among their places; face-up ones stay."""
    down = rng.shuffled([c for c in deck if c not in face_up], purpose="twin sin deck")
    return [card if card in face_up else down.pop(0) for card in deck]


def revealed(state: KIState) -> dict[str, object]:
    """The cards turned face up for every seat so far, and the board they shaped: the discard
    piles, the cards placed out or waiting face up, the number left in each deck, and the
    cubes, Idols, Altars and ruins ("Shall Be Again" empties the Location discard pile, but
    the board keeps where those cards fell). Two runs on the same inputs differ here only
    when they turned up different hidden cards: the secrecy check stops there."""
    decks = state.decks
    return {
        "board": [sorted(state.sin.items()), state.idols, state.altars, state.destroyed],
        "location": [*sorted(decks.location_discard), str(len(decks.location))],
        "sin": [*sorted(decks.sin_discard), str(len(decks.sin))],
        "resource": [*sorted(decks.resource_discard), str(len(decks.resource))],
        "blessing": [*sorted(decks.blessing_discard), str(len(decks.blessing))],
        "face_up": [*decks.face_up, *state.permanents, *state.deferred],
        "resolving": [run.card for run in state.cards],
    }


def as_known(state: KIState, seat: str) -> KIState:
    """`seat`'s picture of the game: every card it cannot see (in the decks and, when hands are
    hidden, in its team-mates' hands) is an unknown card, and the decks hold only those."""
    known = deep_copy(state)
    decks = known.decks
    decks.resource = _unknown(len(decks.resource), "r")
    decks.blessing = _unknown(len(decks.blessing), "b")
    decks.location = _unknown(len(decks.location), "l")
    decks.sin = [c if c in decks.face_up else f"{UNKNOWN}.s" for c in decks.sin]
    if not known.rules.hands_face_up:
        for other, prophet in known.prophets.items():
            if other != seat:
                prophet.hand = _unknown(len(prophet.hand), f"{other}r")
                prophet.blessings = _unknown(len(prophet.blessings), f"{other}b")
    return known


def _unknown(count: int, tag: str) -> list[str]:
    return [f"{UNKNOWN}.{tag}{n}" for n in range(count)]

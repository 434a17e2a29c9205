"""Egyptian and Bedouin raids (events 8-13): armies drawn at random into the raiding
country's areas, run by the player who played the marker for three or four Action Phases."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.king_david.content import KINDS
from pbem.games.king_david.events.play import play, plays_of
from pbem.games.king_david.realm.armies import draw, place
from pbem.games.king_david.state import KDState

# key: (raiding country, dice, action phases it lasts)
RAIDS = {
    "egyptian-raid-d10": ("egypt", (10,), 3),
    "egyptian-raid-d10-d6": ("egypt", (10, 6), 4),
    "egyptian-raid-2d10": ("egypt", (10, 10), 4),
    "bedouin-raid-d8": ("bedouin", (8,), 3),
    "bedouin-raid-d10": ("bedouin", (10,), 4),
    "bedouin-raid-d10-d6": ("bedouin", (10, 6), 4),
}


def raids(state: KDState, seat: str, rng: SeededRng, events: list[Event]) -> None:
    """Play the phasing player's standing raid markers."""
    for key, (country, dice, lasts) in sorted(RAIDS.items()):
        if not plays_of(state, seat, key) or not play(state, seat, key, country, events):
            continue
        count = sum(rng.die(d, purpose=f"raid {key}") for d in dice)
        kinds = [k for k in KINDS for c in state.pool.get(country, []) if c.startswith(k + ":")]
        armies = []
        for _ in range(count):
            if not kinds:
                break
            kind = rng.choice(kinds, purpose=f"raid {key} kind")
            kinds.remove(kind)
            army = draw(state, country, kind, rng)
            if army is not None:
                army.raider, army.raid = seat, lasts
                armies.append(army)
        spots = [a.id for a in state.scenario.areas if a.country == country]
        left = place(state, armies, seat, spots)
        for army in left:
            state.pool[country].append(f"{army.kind}:{army.strength}:{army.steps_max}")
        events.append(Event(code="kd.raid", data={"seat": seat, "country": country,
                                                  "roll": count,
                                                  "armies": len(armies) - len(left),
                                                  "phases": lasts}))

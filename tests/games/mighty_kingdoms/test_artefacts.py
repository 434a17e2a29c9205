"""Artefacts: revealed in the battle notice, and always in exactly one place (a property test).

The property test plays seeded random `kow` campaigns with the advanced rules through the bots
(players and referee alike), hands every artefact of the campaign's list to a random unit,
capital or the pool once the first army stands, and checks after every phase that each
artefact is in exactly one place: a unit, a kingdom (its capital) or the pool.
"""

from __future__ import annotations

import os
from collections import Counter

from pbem.core.game import REFEREE, Seat, Setup
from pbem.core.rng import SeededRng
from pbem.games.mighty_kingdoms import GAME
from pbem.games.mighty_kingdoms.armies.artefacts import artefact_census
from pbem.games.mighty_kingdoms.state import MKState
from tests.games.mighty_kingdoms.summer_fixtures import add_army, fixture_map, two_kingdoms

ARTEFACTS = [
    {"name": f"Relic {n}", "points": points}
    for n, points in enumerate([5, 10, 15, 20, 25, 30, 35, 40, 50, 12, 22, 45], 1)
]
CAMPAIGNS = int(os.environ.get("PBEM_MK_ARTEFACT_CAMPAIGNS", "40"))
PHASES = 40


def test_battle_notice_reveals_items_and_artefacts_with_the_list() -> None:
    state = two_kingdoms(battle_mode="kow", advanced=True)
    add_army(state, "3 p1 B3 units Spears:2,Archers:1")
    add_army(state, "4 p2 B4 units Orcs:2")
    state.armies["3"].units[0].artefact = "Blade of Dawn"
    state.armies["4"].units[0].item = "Brew of Strength"
    state.armies["4"].allied = True
    inputs = {
        "p1": GAME.parse(state, "p1", "move 3 to B4").orders,
        "p2": GAME.parse(state, "p2", "defend 4").orders,
    }
    events = GAME.advance(state, inputs, SeededRng(1)).events
    notice = next(e for e in events if e.code == "mk.battle_notice")
    units = {
        u["name"]: u
        for side in notice.data["sides"].values()
        for army in side["armies"]
        for u in army["units"]
    }
    assert units["Spears"]["artefact"] == "Blade of Dawn"
    assert units["Orcs"]["item"] == "Brew of Strength"
    assert units["Archers"]["artefact"] is None
    allied = {
        a["army"]: a["allied"] for side in notice.data["sides"].values() for a in side["armies"]
    }
    assert allied == {"3": False, "4": True}
    revealed = next(e for e in events if e.code == "mk.lists_revealed")
    assert revealed.data["lists"]["3"][0]["artefact"] == "Blade of Dawn"
    assert revealed.visible_to is None  # the lists are public once the battle starts


def campaign(seed: int) -> MKState:
    """A fresh three-player kow campaign with the advanced rules and twelve artefacts."""
    setup = Setup(
        seats=[Seat(id=f"p{n}", name=f"Kingdom {n}") for n in (1, 2, 3)],
        scenario={"map": fixture_map().model_dump()},
        settings={"battle_mode": "kow", "advanced": "true", "artefacts": ARTEFACTS},
    )
    return GAME.start(setup, SeededRng(seed))


def scatter(state: MKState, rng: SeededRng) -> None:
    """Hand every artefact to a random unit, a kingdom or the pool; wear some units down."""
    for unit in (u for a in state.armies.values() for u in a.units):
        unit.change = rng.choice([0, 0, 0, -unit.strength - 1, -unit.strength - 2], "worn")
    names = list(state.artefacts_pool)
    state.artefacts_pool = []
    for name in names:
        free = [u for a in state.armies.values() for u in a.units if u.artefact is None]
        where = rng.die(3, "where")
        if where == 1 and free:
            rng.choice(free, "unit").artefact = name
        elif where == 2:
            seat = rng.choice(sorted(state.kingdoms), "kingdom")
            state.kingdoms[seat].artefacts_held.append(name)
        else:
            state.artefacts_pool.append(name)


def referee_text(state: MKState, rng: SeededRng) -> str:
    """A harsh random referee: any result, and each unit routed or gaining at most once."""
    record = next(b for b in state.progress.battles if b.pending)
    result = rng.choice([f"winner {record.attacker}", f"winner {record.defender}", "draw"], "r")
    lines = [f"battle {record.number}", result]
    for army_id in record.attacker_armies + record.defender_armies:
        for number in range(1, len(state.armies[army_id].units) + 1):
            if rng.die(2, "routed") == 1:
                lines.append(f"routed {army_id}/{number}")
            if rng.die(3, "gained") == 1:
                lines.append(f"gained {army_id}/{number}")
    return "\n".join(lines)


def exactly_once(state: MKState) -> None:
    """Every artefact of the campaign's list is in exactly one place, and nothing else is."""
    expected = Counter(str(a["name"]) for a in state.settings.artefacts)
    assert artefact_census(state) == expected


def test_every_artefact_is_always_in_exactly_one_place() -> None:
    moved = Counter[str]()
    for seed in range(CAMPAIGNS):
        state, rng = campaign(seed), SeededRng(1000 + seed)
        scattered = False
        for step in range(PHASES):
            if state.stage == "over":
                break
            if state.stage == "summer" and not scattered:
                scatter(state, rng)
                scattered = True
            due = GAME.due(state)
            seats = list(due.players) + ([REFEREE] if due.referee else [])
            inputs = {s: GAME.random_input(state, s, SeededRng(seed * 1000 + step)) for s in seats}
            if due.referee:
                parsed = GAME.parse(state, REFEREE, referee_text(state, rng))
                assert parsed.orders is not None, parsed.problems
                inputs[REFEREE] = parsed.orders
            advance = GAME.advance(state, inputs, SeededRng(seed * 7919 + step))
            state = advance.state
            exactly_once(state)
            moved.update(
                e.code
                for e in advance.events
                if e.code in ("mk.artefact_taken", "mk.artefact_kept")
            )
    assert moved["mk.artefact_taken"] > 0 and moved["mk.artefact_kept"] > 0, moved


def test_reports_show_artefacts_and_items_to_their_owner_only() -> None:
    from pbem.render import report
    from tests.reports.campaign import header

    state = two_kingdoms(battle_mode="kow", advanced=True)
    add_army(state, "3 p1 B3 units Spears:2,Archers:1")
    state.armies["3"].units[0].artefact = "Blade of Dawn"
    state.armies["3"].units[1].item = "Brew of Strength"
    state.kingdoms["p1"].artefacts_held = ["Crown of Ages"]
    secrets = ("Blade of Dawn", "Brew of Strength", "Crown of Ages")
    for viewer, shown in (("p1", True), ("p2", False), (None, False)):
        view = GAME.view(state, viewer, [])
        head = header(state, viewer, state)
        text = report.render_text(head, view) + report.render_html(head, view)
        assert [s in text for s in secrets] == [shown] * 3, viewer

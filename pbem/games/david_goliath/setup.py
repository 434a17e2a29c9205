"""The opening: scenario file, terrain tokens, shuffled deck and the two hands of seven."""

from __future__ import annotations

import tomllib
from typing import Any

from pbem.core.game import ContentError, Setup
from pbem.core.rng import SeededRng
from pbem.games.david_goliath.content import full_deck
from pbem.games.david_goliath.squares import is_square
from pbem.games.david_goliath.state import HAND_LIMIT, DGState, Figure

TOKENS = (("rock", 2), ("tree", 2))


def load_scenario(text: str, source: str) -> dict[str, Any]:
    """Read a scenario: 'terrain = "random"' or explicit rocks and trees on ranks 2-7."""
    try:
        data = tomllib.loads(text).get("scenario", {})
    except tomllib.TOMLDecodeError as error:
        raise ContentError(source, None, "dg.E_TOML", str(error)) from error
    rocks, trees = list(data.get("rocks", [])), list(data.get("trees", []))
    for square in rocks + trees:
        if not (isinstance(square, str) and is_square(square) and square[1] in "234567"):
            raise ContentError(
                source, None, "dg.E_TERRAIN", f"{square!r} is not a square on ranks 2-7"
            )
    if len(set(rocks + trees)) != len(rocks + trees):
        raise ContentError(source, None, "dg.E_TERRAIN", "two tokens on one square")
    if data.get("terrain", "random") != "random" and not (rocks or trees):
        raise ContentError(source, None, "dg.E_TERRAIN", 'terrain must be "random" or list squares')
    return {
        "name": data.get("name", "duel"),
        "title": data.get("title", ""),
        "rocks": rocks,
        "trees": trees,
    }


def _terrain(scenario: dict[str, Any], rng: SeededRng) -> dict[str, Any]:
    if scenario.get("rocks") or scenario.get("trees"):
        fixed = {s: "rock" for s in scenario.get("rocks", [])}
        return fixed | {s: "tree" for s in scenario.get("trees", [])}
    middle = [f"{f}{r}" for r in range(2, 8) for f in "abcdefgh"]
    drops = rng.shuffled(middle, purpose="terrain drop")
    kinds = [kind for kind, count in TOKENS for _ in range(count)]
    return dict(zip(drops, kinds, strict=False))


def start_state(setup: Setup, rng: SeededRng) -> DGState:
    """Seat 1 plays David and seat 2 Goliath (or as `goliath_seat` says); each draws seven."""
    first, second = setup.seats[0].id, setup.seats[1].id
    goliath = str(setup.settings.get("goliath_seat", "p2"))
    roles = (
        {first: "goliath", second: "david"}
        if goliath == first
        else {first: "david", second: "goliath"}
    )
    deck = rng.shuffled(full_deck(), purpose="deck")
    david, goliath_hand, deck = (
        deck[:HAND_LIMIT],
        deck[HAND_LIMIT : 2 * HAND_LIMIT],
        deck[2 * HAND_LIMIT :],
    )
    return DGState(
        seats=setup.seats[:2],
        roles=roles,  # type: ignore[arg-type]
        max_turns=int(setup.settings.get("max_turns", 30)),
        terrain=_terrain(setup.scenario, rng),
        figures={"david": Figure(hand=david), "goliath": Figure(hand=goliath_hand)},
        deck=deck,
    )

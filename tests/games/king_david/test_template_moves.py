"""The order template offers only moves the order reader accepts: every move it lists in 50
random positions (reached by the bots from seeded openings; 10 in the quick inner loop) is
read without a problem."""

from __future__ import annotations

import re
from functools import cache

from pbem.core.rng import SeededRng, derive_seed
from pbem.games.king_david import GAME
from pbem.games.king_david.flow import acting
from pbem.games.king_david.state import KDState
from pbem.games.king_david.template import template_text
from pbem.games.king_david.template_moves import offers
from pbem.wording import wording
from tests.games.king_david.harness import opening
from tests.support.examples import examples

OFFER = re.compile(r"^#\s+(move \S+) TO( with [^:]+)?: (.+)$")
POSITIONS = examples(50)


@cache
def _position(number: int) -> KDState:
    """A seeded opening for two to five players, played by the bots to some later action."""
    rng = SeededRng(derive_seed(number, "position"))
    state = opening(rng.die(4, purpose="players") + 1, seed=number)
    steps = rng.die(80, purpose="steps")
    for step in range(2000):
        if (step >= steps and acting(state)) or GAME.outcome(state) is not None:
            break
        bots = SeededRng(derive_seed(number, f"bots-{step}"))
        inputs = {s: GAME.random_input(state, s, bots) for s in GAME.due(state).players}
        state = GAME.advance(state, inputs, SeededRng(derive_seed(number, str(step)))).state
    return state


def offered(template: str) -> list[str]:
    """Every move line a template offers: its line for each group, once per listed area."""
    lines = []
    for raw in template.splitlines():
        found = OFFER.match(raw)
        if found is None:
            continue
        start, named, ways = found.groups()
        for there in re.findall(r"(\S+) \([^)]*\)", ways):
            lines.append(f"{start} {there}{named or ''}")
    return lines


def test_every_move_the_template_offers_is_accepted() -> None:
    tried, refused = 0, []
    for number in range(POSITIONS):
        state = _position(number)
        for seat in acting(state):
            for line in offered(template_text(state, seat, "pass")):
                problems = GAME.parse(state, seat, line).problems
                tried += 1
                refused += [(number, seat, line, p.code) for p in problems]
    assert refused == []
    assert tried >= 10 * POSITIONS


def test_allied_and_minor_stacks_are_offered_with_their_ids() -> None:
    withs = []
    for number in range(POSITIONS):
        state = _position(number)
        for seat in acting(state):
            withs += [x for x in offered(template_text(state, seat, "pass")) if " with " in x]
    assert withs


def test_a_refused_move_says_what_to_write_instead() -> None:
    """Over the stacking limit: how many may go, named after 'with'; a plain move of units
    that move by id only: the line with their ids."""
    said: dict[str, str] = {}
    for number in range(POSITIONS):
        state = _position(number)
        for seat in acting(state):
            for offer in offers(state, seat):
                for there, _ in offer.full:
                    said |= _refusals(state, seat, f"move {offer.area} {there}")
                if offer.named and offer.to:
                    said |= _refusals(state, seat, f"move {offer.area} {offer.to[0][0]}")
    assert "Move at most" in said["kd.E_STACK"] and "'with'" in said["kd.E_STACK"]
    assert re.search(r"write move \S+ NEXT with a\d+", said["kd.E_BY_ID"])


def _refusals(state: KDState, seat: str, line: str) -> dict[str, str]:
    return {p.code: wording(p.code, p.params) for p in GAME.parse(state, seat, line).problems}

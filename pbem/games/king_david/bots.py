"""Random legal play for bots, demos and the contract suite; the order template."""

from __future__ import annotations

from pbem.core.reactions import StandingReaction
from pbem.core.rng import SeededRng
from pbem.games.king_david.flow import acting
from pbem.games.king_david.inputs import KDOrders, Move
from pbem.games.king_david.land.movement import MoveError, check_move, rehearsal, rehearse
from pbem.games.king_david.land.stacks import borders
from pbem.games.king_david.state import BuildPlan, KDState

STANDING = (
    StandingReaction(trigger="kd.retreat", answer="retreat", when={"ahead": "no"}),
    StandingReaction(trigger="kd.retreat", answer="stand"),
    StandingReaction(trigger="kd.siege", answer="besiege"),
)


def random_orders(state: KDState, seat: str, rng: SeededRng) -> KDOrders:
    """A random legal input for whatever the seat owes now."""
    if state.window is not None:
        if state.window.seat != seat:
            return KDOrders()
        return KDOrders(answer=rng.choice([c.key for c in state.window.choices],
                                          purpose=f"bot {seat} answer"))
    if state.stage == "setup":
        return _setup(state, seat, rng)
    if seat not in acting(state):
        return KDOrders()
    orders = KDOrders(moves=legal_moves(state, seat, rng))
    if rng.die(4, purpose=f"bot {seat} standing") == 1:
        count = rng.die(3, purpose=f"bot {seat} rules")
        orders.standing = [STANDING[i] for i in range(count)][::-1]
    if rng.die(3, purpose=f"bot {seat} plays") == 1:
        orders.plays = bot_plays(state, seat)
    if rng.die(6, purpose=f"bot {seat} ally") == 1:
        others = [s for s in sorted(state.players) if s != seat]
        other = rng.choice(others, purpose=f"bot {seat} ally with")
        together = rng.die(2, purpose=f"bot {seat} together") == 1
        orders.allies = [f"{other} together" if together else other]
    if rng.die(3, purpose=f"bot {seat} build") == 1:
        kind = rng.choice(["militia", "infantry", "chariot", "phalanx"], purpose="bot kind")
        orders.build = BuildPlan(restore=True, armies={kind: rng.die(2, purpose="bot n")})
    return orders


def bot_plays(state: KDState, seat: str) -> list[str]:
    """A standing play for every event, aimed at the seat's own country or its first rival."""
    own = state.players[seat].country
    rival = next(p.country for s, p in sorted(state.players.items()) if s != seat)
    minor = next((k for k, m in sorted(state.minors.items()) if not m.active), "ammon")
    return [
        "surprise", "ambush", "act-of-god", "act-of-god enemy", "secret-entrance",
        "effective-weaponry", "ineffective-weaponry", "egyptian-raid-d10",
        "egyptian-raid-d10-d6", "egyptian-raid-2d10", "bedouin-raid-d8", "bedouin-raid-d10",
        "bedouin-raid-d10-d6", f"increase-harvest {own}", f"decrease-harvest {rival}",
        f"increase-resources {own}", f"decrease-resources {rival}", f"alliance {minor} 2",
        "ark-of-the-lord", "siege-works", "defensive-stalwart", "troop-revolt", "bribe",
        "recruit-prisoners", f"royal-death {rival}", "gods-intervention any",
        "hand-of-fate 11+12", f"vacillating-force {rival}",
    ]


def _setup(state: KDState, seat: str, rng: SeededRng) -> KDOrders:
    majors = [c.key for c in state.scenario.countries if c.major]
    return KDOrders(prefer=rng.shuffled(majors, purpose=f"bot {seat} prefer"),
                    initiative=rng.choice(["first", "last"], purpose=f"bot {seat} initiative"),
                    standing=[STANDING[0], STANDING[2]] if rng.die(2) == 1 else None)


def legal_moves(state: KDState, seat: str, rng: SeededRng) -> list[Move]:
    """Some one-area moves of whole stacks, each legal after the moves before it."""
    country = state.players[seat].country
    areas = sorted({a.area for a in state.armies if a.country == country and a.raider is None})
    board = state  # copied at the first move rehearsed on it
    moves: list[Move] = []
    used: set[str] = set()
    for area in areas:
        if rng.die(3, purpose=f"bot {seat} move {area}") == 1:
            continue
        targets = [b for b, kind in borders(state, area) if kind != "jordan" and b not in used]
        if not targets:
            continue
        move = Move(path=[area, rng.choice(targets, purpose=f"bot {seat} to")])
        try:
            check_move(board, seat, move)
        except MoveError:
            continue
        if board is state:
            board = rehearsal(state)
        rehearse(board, seat, move)
        moves.append(move)
        used.add(move.path[-1])
    return moves


def private_strings(state: KDState, seat: str) -> list[str]:
    """The ids of the seat's event markers (only its own view names them)."""
    player = state.players.get(seat)
    return list(player.events) if player else []

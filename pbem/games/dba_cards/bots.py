"""Random legal input for bots, demos and tests, and each seat's private strings."""

from __future__ import annotations

from pbem.core.copying import deep_copy
from pbem.core.reactions import StandingReaction
from pbem.core.rng import SeededRng
from pbem.games.dba_cards.content import (
    ATTACK_CARDS,
    CARDS,
    DEFENCE_CARDS,
    HAND_LIMIT,
    MOVE_CARDS,
    TRIGGER,
    UNITS,
    card_key,
)
from pbem.games.dba_cards.inputs import (
    AnswerInput,
    Attack,
    DeployInput,
    Discard,
    Dismount,
    Input,
    Move,
    Order,
    Scout,
    Standing,
    SwapInput,
    TerrainInput,
    TerrainPiece,
    Trample,
    TurnInput,
)
from pbem.games.dba_cards.opening.deploy import placed
from pbem.games.dba_cards.opening.placing import check_swap
from pbem.games.dba_cards.orders import canonical_turn, parse
from pbem.games.dba_cards.play.attacks import check_attack, could_attack
from pbem.games.dba_cards.play.deck import holds, play
from pbem.games.dba_cards.play.moves import KNIGHT_MOVERS, do_move, reach_of, reachable
from pbem.games.dba_cards.refusal import Refused
from pbem.games.dba_cards.squares import distance, knight_squares, neighbours, step
from pbem.games.dba_cards.state import DBAState, Unit
from pbem.games.dba_cards.terrain import can_enter, german_terrain
from pbem.games.dba_cards.turn import cut_to_limit


def random_input(state: DBAState, seat: str, rng: SeededRng) -> Input:
    """Random legal input for the stage now (bots, demos, the contract suite)."""
    if state.stage == "deploy":
        return random_deploy(state, seat, rng)
    if state.stage in ("terrain", "swap"):
        return random_setup(state, seat, rng)
    if state.stage == "react":
        return random_answer(state, seat, rng)
    made = random_turn(state, seat, rng)
    while made.orders:
        parsed = parse(state, seat, canonical_turn(made))
        if not parsed.errors and parsed.orders == made:
            return made
        made = TurnInput(orders=made.orders[:-1], standing=made.standing)
    return made


def private_strings(state: DBAState, seat: str) -> list[str]:
    """The ids of the cards in the seat's hand (their titles are public once played)."""
    return list(state.sides[seat].hand)


def random_deploy(state: DBAState, seat: str, rng: SeededRng) -> DeployInput:
    """One of the scenario's armies, deployed as its list says."""
    army = rng.choice(state.armies, purpose=f"bot army {seat}")
    return DeployInput(army=army.key, units=placed(state, seat, army))


def random_answer(state: DBAState, seat: str, rng: SeededRng) -> AnswerInput:
    """Any legal answer, now and then with a standing reaction for later attacks."""
    assert state.window is not None
    choice = rng.choice([c.key for c in state.window.choices], purpose="bot answer")
    return AnswerInput(window=state.window.id, choice=choice, standing=_standing(rng))


def _standing(rng: SeededRng) -> Standing:
    roll = rng.die(10, purpose="bot standing")
    if roll == 1:
        return Standing(clear=True)
    if roll == 2:
        card = rng.choice(list(DEFENCE_CARDS), purpose="bot standing card")
        # only automatic kills: a line that applies answers without asking, card held or not
        rule = StandingReaction(trigger=TRIGGER, answer=card, when={"card": "auto"})
        return Standing(add=[rule])
    if roll == 3:
        return Standing(
            add=[
                StandingReaction(
                    trigger=TRIGGER, answer="push", when={"target": ["general", "camp"]}
                )
            ]
        )
    return Standing()


def random_turn(state: DBAState, seat: str, rng: SeededRng) -> TurnInput:
    """Scout, a few moves, then every attack the bot can find, in phase order."""
    work = deep_copy(state)
    orders: list[Order] = _discard_some(work, seat, rng)
    if holds(work, seat, "scout") and rng.die(2, purpose="bot scout") == 1:
        play(work, seat, "scout")
        orders.append(Scout())
    orders += _moves(work, seat, rng)
    orders += _attacks(work, seat, rng)
    return TurnInput(orders=orders, standing=_standing(rng))


def _discard_some(work: DBAState, seat: str, rng: SeededRng) -> list[Order]:
    """Name random cards to discard down to the hand limit (the rest go by the default)."""
    hand = work.sides[seat].hand
    excess = max(len(hand) - HAND_LIMIT, 0)
    gone = rng.shuffled(sorted(hand), purpose="bot discards")[:excess]
    for card in gone:
        play(work, seat, card_key(card))
    cut_to_limit(work, seat, [])
    return [Discard(card=card_key(c)) for c in gone]


def _moves(work: DBAState, seat: str, rng: SeededRng) -> list[Order]:
    orders: list[Order] = []
    for card in sorted(c for c in work.sides[seat].hand if card_key(c) in MOVE_CARDS):
        kind = card_key(card)
        units = [
            u
            for u in work.units_of(seat)
            if not u.moved and UNITS[u.type].move > 0 and UNITS[u.type].move >= CARDS[kind].low
        ]
        if not units or rng.die(6, purpose="bot move?") == 1:
            continue
        order = (
            _advance_line(work, seat, kind, units) if rng.die(3, purpose="bot line?") == 1 else None
        )
        if order is None:
            movable = [u for u in units if _destinations(work, u, kind)]  # straight lines: few
            if not movable:
                continue
            unit = rng.choice(sorted(movable, key=lambda u: u.id), purpose="bot mover")
            target = _towards_enemy(work, unit, _destinations(work, unit, kind), rng)
            order = Move(card=kind, steps=[(unit.square, target)])
        try:
            do_move(work, seat, order)
        except Refused:
            continue
        play(work, seat, kind)
        orders.append(order)
    return orders + _specials(work, seat, rng)


def _advance_line(work: DBAState, seat: str, kind: str, units: list[Unit]) -> Move | None:
    """Several units one square straight forward with one card, when two or more can go."""
    if kind == "quick":
        return None
    facing = work.facing(seat)
    steps = []
    for unit in sorted(units, key=lambda u: u.id):
        ahead = step(unit.square, (0, facing), work.size)
        if ahead and work.unit_at(ahead) is None and can_enter(work, unit.type, ahead):
            steps.append((unit.square, ahead))
    return Move(card=kind, steps=steps[:3]) if len(steps) >= 2 else None


def _towards_enemy(work: DBAState, unit: Unit, targets: list[str], rng: SeededRng) -> str:
    """Usually the destination nearest an enemy unit; sometimes any."""
    enemies = [u.square for u in work.units if work.enemies(u.owner, unit.owner)]
    if not enemies or rng.die(3, purpose="bot wander?") == 1:
        return rng.choice(targets, purpose="bot destination")
    return min(targets, key=lambda s: (min(distance(s, e) for e in enemies), s))


def _destinations(work: DBAState, unit: Unit, kind: str) -> list[str]:
    if kind == "quick":
        return [
            s
            for s in knight_squares(unit.square, work.size)
            if work.unit_at(s) is None and can_enter(work, unit.type, s)
        ]
    return sorted(reachable(work, unit, reach_of(work, unit, kind)))


def _specials(work: DBAState, seat: str, rng: SeededRng) -> list[Order]:
    if not holds(work, seat, "special") or rng.die(4, purpose="bot special?") != 1:
        return []
    for unit in sorted(work.units_of(seat), key=lambda u: u.id):
        if unit.type == "knights":
            play(work, seat, "special")
            unit.type = "blades"
            return [Dismount(square=unit.square)]
        if unit.type in KNIGHT_MOVERS and not unit.moved:
            free = [
                s
                for s in knight_squares(unit.square, work.size)
                if work.unit_at(s) is None and can_enter(work, unit.type, s)
            ]
            if free:
                order = Move(card="special", steps=[(unit.square, free[0])])
                do_move(work, seat, order)
                play(work, seat, "special")
                return [order]
    return []


def _attacks(work: DBAState, seat: str, rng: SeededRng) -> list[Order]:
    orders: list[Order] = []
    enemies = sorted((u for u in work.units if work.enemies(u.owner, seat)), key=lambda u: u.id)
    for unit in sorted(work.units_of(seat), key=lambda u: u.id):
        found = _trample(work, seat, unit) if unit.type == "elephants" else None
        found = found or _attack_for(work, seat, unit, enemies, rng)
        if found is not None:
            orders.append(found)
    return orders


def _trample(work: DBAState, seat: str, unit: Unit) -> Order | None:
    if unit.moved or not holds(work, seat, "special"):
        return None
    for via in neighbours(unit.square, work.size):
        if work.unit_at(via) is not None or not can_enter(work, unit.type, via):
            continue
        for near in neighbours(via, work.size):
            enemy = work.unit_at(near)
            if enemy is not None and work.enemies(enemy.owner, seat):
                play(work, seat, "special")
                order = Trample(source=unit.square, via=via, target=near)
                unit.square, unit.moved, unit.attacked = via, True, True
                return order
    return None


def _attack_for(
    work: DBAState, seat: str, unit: Unit, enemies: list[Unit], rng: SeededRng
) -> Order | None:
    cards = [
        None,
        *sorted({card_key(c) for c in work.sides[seat].hand if card_key(c) in ATTACK_CARDS}),
    ]
    for enemy in enemies:
        if not could_attack(work, unit, enemy.square):
            continue
        for card in cards:
            order = Attack(source=unit.square, target=enemy.square, card=card)
            try:
                check_attack(work, seat, order)
            except Refused:
                continue
            if card is not None and rng.die(4, purpose="bot attack?") == 1:
                continue
            if card is not None:
                play(work, seat, card)
            unit.attacked = True
            return order
    return None


def random_setup(state: DBAState, seat: str, rng: SeededRng) -> TerrainInput | SwapInput:
    """DBA 2.2 setup: a seeded layout sent as placed pieces and a side; or a swap of two units."""
    if state.stage == "terrain":
        layout, rivers = german_terrain(state.size, rng)
        pieces = [
            TerrainPiece(terrain=k, squares=[s for s in layout if layout[s] == k])
            for k in sorted(set(layout.values()))
        ]
        south = rng.die(2, purpose="bot side") == 1
        return TerrainInput(
            random=False, pieces=pieces, rivers=rivers, side="south" if south else "north"
        )
    own = sorted(u.square for u in state.units_of(seat))
    if rng.die(2, purpose="bot swap") == 1:
        return SwapInput()
    swap = SwapInput(squares=rng.shuffled(own, purpose="bot swap units")[:2])
    try:
        check_swap(state, seat, swap)
    except Refused:
        return SwapInput()
    return swap

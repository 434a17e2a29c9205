"""The game turn (5.0): initiative, phase markers, each phase in order, victory; and the
action of one player, resumed after each reaction window."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.king_david.events.play import event_phase, production_shifts
from pbem.games.king_david.events.turn import action_start, alliances, hand_of_fate, royal_death
from pbem.games.king_david.inputs import KDOrders, Move
from pbem.games.king_david.land.movement import MoveError, check_move, move_one_area, movers
from pbem.games.king_david.land.stacks import has_enemy, sides_by_area
from pbem.games.king_david.phases import draw_markers, roll_initiative
from pbem.games.king_david.realm.diplomacy import diplomacy
from pbem.games.king_david.realm.economy import build_phase, produce
from pbem.games.king_david.realm.minors import build_minors, check_conquests, enter_minor
from pbem.games.king_david.realm.victory import automatic_winner, final_standings
from pbem.games.king_david.setup import set_up
from pbem.games.king_david.state import KDState, Task
from pbem.games.king_david.war.battle_end import apply_retreat_answer
from pbem.games.king_david.war.combat import continue_combat, start_combat
from pbem.games.king_david.war.leaders import leaders_overrun, pay_ransoms
from pbem.games.king_david.war.siege import can_besiege, continue_siege, siege_wanted, start_siege


def actor(state: KDState) -> str | None:
    """The seat whose action orders are awaited, or None."""
    if state.stage != "action" or state.window is not None or state.battle or state.agenda:
        return None
    if state.phase_kind() != "action" or state.actor >= len(state.order):
        return None
    return state.order[state.actor]


def partners(state: KDState, seat: str) -> list[str]:
    """Allies who act together with `seat` (5.1)."""
    return sorted(next(s for s in pair if s != seat) for pair in state.joint if seat in pair)


def _follows(state: KDState, seat: str) -> bool:
    """True when the seat acts in an earlier partner's place on the track."""
    return any(state.order.index(p) < state.order.index(seat) for p in partners(state, seat))


def acting(state: KDState) -> list[str]:
    """The seats whose action orders are awaited now: the player in the slot and the allies
    acting together with them."""
    lead = actor(state)
    if lead is None or _follows(state, lead):
        return []
    later = [p for p in partners(state, lead) if state.order.index(p) > state.order.index(lead)]
    return [lead, *later]


def owing(state: KDState) -> list[str]:
    """The seats whose input is awaited: everyone at setup, the seat a question asks, or the
    acting seats; any other seat may still send standing instructions."""
    if state.stage == "setup":
        return sorted(state.players)
    if state.window is not None:
        return [state.window.seat]
    return [seat for seat in acting(state) if not state.players[seat].plans]


def play(state: KDState, inputs: dict[str, KDOrders], rng: SeededRng) -> list[Event]:
    """Apply the owed inputs, then play on until someone owes input or the game ends."""
    events: list[Event] = []
    owed = {seat: orders for seat, orders in inputs.items() if seat in owing(state)}
    for seat, orders in sorted(inputs.items()):
        keep_instructions(state, seat, orders)
        if seat in state.players:
            diplomacy(state, seat, orders, events)
    if state.stage == "setup":
        set_up(state, rng, events)
        state.stage = "action"
        roll_initiative(state, rng, events)
        hand_of_fate(state, rng, events)
        begin_phase(state, rng, events)
    elif state.window is not None:
        _answer(state, inputs, rng, events)
    elif acting(state):
        _act(state, owed, rng, events)
    run(state, rng, events)
    return events


def keep_instructions(state: KDState, seat: str, orders: KDOrders) -> None:
    """Store the standing parts of a seat's orders (None keeps what is on file)."""
    player = state.players.get(seat)
    if player is None:
        return
    for field in ("prefer", "initiative", "standing", "losses_battle", "losses_siege",
                  "build", "bribes", "unpaid", "placing", "opposing"):
        value = getattr(orders, field)
        if value is not None:
            setattr(player, field, value)
    if orders.plays is not None:
        player.event_plays = orders.plays
    if orders.later is not None:
        player.plans = list(orders.later)


def _answer(state: KDState, inputs: dict[str, KDOrders], rng: SeededRng,
            events: list[Event]) -> None:
    window = state.window
    assert window is not None
    given = inputs.get(window.seat)
    answer = given.answer if given and given.answer and window.choice(given.answer) else None
    answer = answer or window.default
    picked = window.choice(answer)
    state.window = None
    events.append(Event(code="kd.answered", data={"seat": window.seat, "answer": answer,
                                                  "window": window.id}, visible_to=[window.seat]))
    if window.trigger == "kd.siege":
        task = state.agenda.pop(0)
        if picked is not None and picked.key == "besiege":
            start_siege(state, task.area, window.seat, events)
        return
    if state.battle is not None:
        apply_retreat_answer(state, answer, rng, events)


def _act(state: KDState, inputs: dict[str, KDOrders], rng: SeededRng,
         events: list[Event]) -> None:
    """One action: each acting seat's owed orders (`inputs`), else its next plan."""
    for army in state.armies:
        army.came_from = None
    state.acting_now, state.frozen, state.sieges_ordered = acting(state), [], []
    state.spent = {}
    for seat in state.acting_now:
        _moves(state, seat, inputs.get(seat) or _plan(state, seat, events), rng, events)
    state.agenda = [Task(kind="combat", area=a, seat=s) for s in state.acting_now
                    for a in _fights(state, s)]
    state.agenda.append(Task(kind="siege-ask", area="*"))


def _plan(state: KDState, seat: str, events: list[Event]) -> KDOrders:
    """The seat's next planned action, taken off its plans (none: it stays put)."""
    plans = state.players[seat].plans
    if not plans:
        return KDOrders()
    plan = plans.pop(0)
    events.append(Event(code="kd.planned", data={"seat": seat, "left": len(plans)},
                        visible_to=[seat]))
    return KDOrders(moves=plan.moves, sieges=plan.sieges)


def _fights(state: KDState, seat: str) -> list[str]:
    """Areas where the seat's armies meet enemy armies and may attack."""
    if state.players[seat].country in state.halted:
        return []
    areas = sorted(state.army_areas(seat))
    stacks = sides_by_area(state)
    return [a for a in areas if has_enemy(state, stacks[a], seat) and a not in state.frozen]


def _moves(state: KDState, seat: str, orders: KDOrders, rng: SeededRng,
           events: list[Event]) -> None:
    action_start(state, seat, rng, events)
    for move in orders.moves:
        try:
            check_move(state, seat, move)
        except MoveError as error:
            events.append(Event(code="kd.move_refused", data={"seat": seat, "code": error.code,
                                                              "path": " ".join(move.path)},
                                visible_to=[seat]))
            continue
        do_move(state, seat, move, rng, events)
    state.sieges_ordered += orders.sieges
    events.append(Event(code="kd.action", data={"seat": seat, "moves": len(orders.moves)}))


def do_move(state: KDState, seat: str, move: Move, rng: SeededRng,
            events: list[Event]) -> None:
    """Carry out a checked move step by step, invading minors and stopping where enemies stand."""
    armies, leaders = movers(state, seat, move)
    for here, there in zip(move.path, move.path[1:], strict=False):
        enter_minor(state, seat, there, rng, events)
        stopped = not move_one_area(state, seat, armies, leaders, here, there)
        if stopped and there != move.path[-1]:
            events.append(Event(code="kd.stopped", data={"seat": seat, "area": there}))
            break
    events.append(Event(code="kd.moved", data={
        "seat": seat, "from": move.path[0], "to": armies[0].area if armies else
        (leaders[0].area or ""), "counters": len(armies) + len(leaders)}))


def run(state: KDState, rng: SeededRng, events: list[Event]) -> None:
    """Play on until a seat owes input or the game is over."""
    while state.stage == "action" and state.window is None:
        if state.battle is not None:
            if state.battle.kind == "combat":
                continue_combat(state, rng, events)
            else:
                continue_siege(state, rng, events)
        elif state.agenda:
            _task(state, rng, events)
        elif (seat := actor(state)) is not None:
            if _follows(state, seat):
                state.actor += 1
            elif owing(state):
                return
            else:  # every seat acting now sent its orders ahead
                _act(state, {}, rng, events)
        else:
            _next(state, rng, events)


def _task(state: KDState, rng: SeededRng, events: list[Event]) -> None:
    task = state.agenda[0]
    seat = task.seat or state.order[state.actor]
    everyone = state.acting_now or [seat]
    if task.kind == "siege-ask" and task.area == "*":
        state.agenda.pop(0)
        state.agenda = [Task(kind="siege-ask", area=a, seat=s) for s in everyone
                        for a in sorted(state.army_areas(s))
                        if can_besiege(state, a, s)] + [Task(kind="end", area="*")]
        return
    if task.kind == "end":
        state.agenda.pop(0)
        for each in everyone:
            leaders_overrun(state, each, rng, events)
            _control(state, each)
        check_conquests(state, events)
        state.actor += 1
        state.agenda, state.sieges_ordered, state.frozen, state.acting_now = [], [], [], []
        state.spent = {}
        return
    if task.kind == "combat":
        state.agenda.pop(0)
        start_combat(state, task.area, seat, rng, events)
        return
    wanted = siege_wanted(state, task.area, seat, events) if can_besiege(
        state, task.area, seat) else False
    state.agenda.pop(0)
    if wanted:
        start_siege(state, task.area, seat, events)


def _control(state: KDState, seat: str) -> None:
    """Control markers where the seat's armies stand alone (6.2.6)."""
    country = state.players[seat].country
    stacks = sides_by_area(state)  # control changes below, the counters do not
    for area in sorted(state.army_areas(seat)):
        spec = state.scenario.area(area)
        mine = [a for a, side in stacks[area] if side == seat and a.country == country]
        if not mine or has_enemy(state, stacks[area], seat):
            continue
        if spec.city and state.control.get(area) != country:
            continue
        state.control[area] = country


def _next(state: KDState, rng: SeededRng, events: list[Event]) -> None:
    """Finish the phase being played and begin the next (or the next turn)."""
    if state.phase_kind() == "action" and _action_over(state, events):
        return
    state.marker += 1
    if state.marker >= len(state.markers):
        if state.turn >= state.turns:
            _finish(state, None, "the last turn is over", events)
            return
        state.turn += 1
        _drop_plans(state, events)
        pay_ransoms(state, events)
        roll_initiative(state, rng, events)
        draw_markers(state, rng, events)
        hand_of_fate(state, rng, events)
    begin_phase(state, rng, events)


def _drop_plans(state: KDState, events: list[Event]) -> None:
    """Plans are for the turn they were sent in: those not played are dropped as it ends."""
    for seat, player in sorted(state.players.items()):
        if player.plans:
            events.append(Event(code="kd.plans_dropped", data={
                "seat": seat, "count": len(player.plans)}, visible_to=[seat]))
            player.plans = []


def _action_over(state: KDState, events: list[Event]) -> bool:
    """Raiders age and automatic victory is checked after each Action Phase; True if won."""
    for army in [a for a in state.armies if a.raider and a.raid]:
        army.raid -= 1
        if army.raid <= 0:
            state.armies.remove(army)
            state.pool.setdefault(army.country, []).append(
                f"{army.kind}:{army.strength}:{army.steps_max}")
    state.halted = []
    winner = automatic_winner(state)
    if winner is not None:
        _finish(state, winner, "automatic victory", events)
        return True
    return False


def begin_phase(state: KDState, rng: SeededRng, events: list[Event]) -> None:
    """Reveal the marker reached and play the phases that need no orders."""
    state.revealed = max(state.revealed, state.marker + 1)
    kind = state.phase_kind()
    state.actor = 0
    events.append(Event(code="kd.phase", data={"turn": state.turn, "box": state.marker + 1,
                                               "kind": kind}))
    if kind == "harvest":
        produce(state, "food", events, production_shifts(state, "harvest", events))
    elif kind == "resource":
        produce(state, "resources", events, production_shifts(state, "resource", events))
    elif kind == "build":
        build_phase(state, rng, events)
        build_minors(state, rng, events)
    elif kind == "event":
        event_phase(state, events)
        alliances(state, rng, events)
    elif kind == "action":
        royal_death(state, events)
    elif kind == "end":
        _finish(state, None, "the Game Ends marker was reached", events)
        return
    if kind != "action":
        state.actor = len(state.order)


def _finish(state: KDState, winner: str | None, why: str, events: list[Event]) -> None:
    state.stage = "over"
    state.result = final_standings(state, winner)
    state.note = why
    events.append(Event(code="kd.game_over", data={"why": why, "winner": winner or ""}))

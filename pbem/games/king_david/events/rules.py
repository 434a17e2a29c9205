"""What the Event Markers do in combat and siege (events 1-2, 4-7, 19-24)."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.king_david.content import FORT_MAX
from pbem.games.king_david.events.play import play, plays_of
from pbem.games.king_david.land.stacks import (
    best_retreat,
    eliminate,
    own_armies,
    retreats,
    room,
    strength,
)
from pbem.games.king_david.realm.armies import draw, place
from pbem.games.king_david.state import Army, Battle, KDState


def _seat(battle: Battle, side: str) -> str:
    return (battle.attacker if side == "attacker" else battle.defender) or ""


def combat_events(state: KDState, battle: Battle, events: list[Event]) -> None:
    """Markers played as combat is declared: Surprise, Ambush, weaponry, Ark, Revolt, Bribe."""
    sides = ("attacker", "defender")
    surprise = plays_of(state, battle.attacker, "surprise") and play(
        state, battle.attacker, "surprise", "", events)
    ambush = battle.defender and plays_of(state, battle.defender, "ambush") and play(
        state, battle.defender, "ambush", "", events)
    if surprise and not ambush:
        battle.first = "attacker"
    elif ambush and not surprise:
        battle.first = "defender"
    for side in sides:
        seat, other = _seat(battle, side), "defender" if side == "attacker" else "attacker"
        if plays_of(state, seat, "effective-weaponry") and play(
                state, seat, "effective-weaponry", "", events):
            battle.mods[side] = battle.mods.get(side, 0) + 1
        if plays_of(state, seat, "ineffective-weaponry") and play(
                state, seat, "ineffective-weaponry", "", events):
            battle.mods[other] = battle.mods.get(other, 0) - 1
        _ark(state, battle, side, seat, events)
        _revolt_or_bribe(state, battle, side, seat, events)


def _ark(state: KDState, battle: Battle, side: str, seat: str, events: list[Event]) -> None:
    """Ark of the Lord: Judah only; once a game with two or three players (event 19)."""
    if state.players.get(seat) is None or state.players[seat].country != "judah":
        return
    if len(state.players) <= 3 and state.ark_played:
        return
    if plays_of(state, seat, "ark-of-the-lord") and play(state, seat, "ark-of-the-lord", "",
                                                         events):
        battle.ark, state.ark_played = side, state.ark_played + 1


def _enemies(state: KDState, battle: Battle, side: str) -> list[Army]:
    other = battle.defender if side == "attacker" else battle.attacker
    found = [a for a in state.armies_in(battle.area) if state.side_of(a) == other
             and a.id not in battle.out and a.id not in battle.bribed]
    return sorted(found, key=lambda a: (-a.strength, -a.steps, a.id))


def _revolt_or_bribe(state: KDState, battle: Battle, side: str, seat: str,
                     events: list[Event]) -> None:
    """Troop Revolt takes the strongest enemy army out; Bribe! turns it, for one resource."""
    lines = plays_of(state, seat, "troop-revolt")
    picked = _pick(state, _enemies(state, battle, side), lines)
    if picked and play(state, seat, "troop-revolt", picked.id, events):
        battle.out.append(picked.id)
    player = state.players.get(seat)
    lines = plays_of(state, seat, "bribe")
    picked = _pick(state, _enemies(state, battle, side), lines)
    if picked and player and player.resources >= 1:
        player.resources -= 1
        if play(state, seat, "bribe", picked.id, events):
            battle.bribed[picked.id] = _seat(battle, "defender" if side == "attacker"
                                             else "attacker")
            picked.raider = seat


def _pick(state: KDState, enemies: list[Army], lines: list[list[str]]) -> Army | None:
    """The enemy army a play line aims at: of the kind, strength (as the battle shows it) or
    id it names, the strongest unless it says `weakest`; the first line that finds one."""
    for target in lines:
        found = [a for a in enemies if all(_fits(state, a, word) for word in target)]
        if found:
            return found[-1] if "weakest" in target else found[0]
    return None


def _fits(state: KDState, army: Army, word: str) -> bool:
    if word in ("weakest", "strongest"):
        return True
    if word.isdigit():
        return strength(state, army) == int(word)
    return word in (army.kind, army.id.lower())


def act_of_god(state: KDState, battle: Battle, side: str, rolls: list[int], dice: list[int],
               events: list[Event]) -> bool:
    """Act of God (event 4): a side's own poor roll ('play act-of-god [below N|N%]') or the
    enemy's good one ('play act-of-god enemy [above N|N%]') is rolled again; silent, below or
    at least the dice's average. Any player may aim one at a country's roll ('play act-of-god
    judah below 12'), in combats and sieges not their own too (7.0): the two sides first,
    then the others in initiative order. True when a marker was played."""
    if not rolls:
        return False
    own, other = _seat(battle, side), _seat(battle, "defender" if side == "attacker"
                                                 else "attacker")
    roller = state.players[own].country if own in state.players else ""
    total, twice_average = sum(rolls), sum(d + 1 for d in dice)
    outside = [(s, None) for s in state.order if s not in (own, other)]
    for seat, mine in ((own, True), (other, False), *outside):
        lines = plays_of(state, seat, "act-of-god")
        if any(_aims(words, mine, roller) and _rerolls(words, mine, total, twice_average)
               for words in lines):
            return play(state, seat, "act-of-god", side, events)
    return False


def _aims(words: list[str], mine: bool | None, roller: str) -> bool:
    """Whether a play line is about this roll: one naming a country, about that country's;
    `own`/`enemy` (or neither), a side's own line about its own or its enemy's (mine None:
    the player is not in the combat)."""
    if words[:1] and words[0] not in ("own", "enemy", "below", "above") and not (
            words[0][0].isdigit()):
        return words[0] == roller
    return mine is not None


def _rerolls(words: list[str], mine: bool | None, total: int, twice_average: int) -> bool:
    """Whether a play line asks for this roll again: `mine` when the roll is the player's own
    (None: a line naming the roller's country, which says below or above)."""
    if words[1:2] in (["below"], ["above"]) and words[0] not in ("own", "enemy"):
        low = words[1] == "below"
    else:
        low = words[:1] != ["enemy"]
        if low != mine:
            return False
    bound = words[-1] if words[-1:] and words[-1][0].isdigit() else None
    if bound is None:  # the average: below it to help a roll, at least it to hurt one
        return total * 2 < twice_average if low else total * 2 >= twice_average
    limit = (twice_average * int(bound[:-1]) if bound.endswith("%") else 200 * int(bound))
    return total * 200 < limit if low else total * 200 > limit


def combat_over(state: KDState, battle: Battle, rng: SeededRng, events: list[Event]) -> None:
    """End of combat: bribed armies go back to their side or are lost, revolters stay with
    theirs or retreat alone, prisoners join (events 22-24)."""
    for ident, owner in sorted(battle.bribed.items()):
        army = _army(state, ident)
        if army is not None:
            army.raider = owner if army.raid else None
            _bribed_home(state, battle, army, owner, events)
    for ident in battle.out:
        army = _army(state, ident)
        if army is not None and not _friends_here(state, battle, army):
            _revolter_alone(state, battle, army, events)
    _recruit(state, battle, rng, events)


def _army(state: KDState, ident: str) -> Army | None:
    return next((a for a in state.armies if a.id == ident), None)


def _friends_here(state: KDState, battle: Battle, army: Army) -> bool:
    """True when armies of the army's side (or its allies) that fought stand where the
    battle was: revolting and bribed ones do not count (events 22, 23)."""
    side, odd = state.side_of(army), {*battle.out, *battle.bribed}
    return any(a.id not in odd and (state.side_of(a) == side or state.allied(
        side, state.side_of(a))) for a in state.armies_in(battle.area))


def _bribed_home(state: KDState, battle: Battle, army: Army, owner: str,
                 events: list[Event]) -> None:
    """Event 23: back with its side where it fought, or where its side retreated to; with
    none of its side left, it is eliminated."""
    if _friends_here(state, battle, army):
        return
    went = [to for seat, to in sorted(battle.retreated.items())
            if seat == owner or state.allied(seat, owner)]
    if went and room(state, went[0], owner) > 0:
        army.area = went[0]
        return
    eliminate(state, army, events, "bribe")


def _revolter_alone(state: KDState, battle: Battle, army: Army, events: list[Event]) -> None:
    """Event 22: a revolting army whose side is gone retreats, or else is eliminated."""
    seat = state.side_of(army) or ""
    forbidden = battle.entered_from if seat != battle.attacker else []
    options = retreats(state, battle.area, seat, forbidden)
    if options:
        army.area = best_retreat(state, battle.area, seat, options)
    else:
        eliminate(state, army, events, "revolt")


def _recruit(state: KDState, battle: Battle, rng: SeededRng, events: list[Event]) -> None:
    """Recruit Prisoners: the winner builds, for one resource each, the kinds it eliminated,
    while a counter of the kind is left and the battle's area has room (event 24); nothing is
    paid for a prisoner who cannot join, and a marker that could recruit nobody is kept."""
    for side in ("attacker", "defender"):
        seat = _seat(battle, side)
        lost = [e.split()[1] for e in battle.eliminated if not e.startswith(side)]
        player = state.players.get(seat)
        if not lost or player is None or not own_armies(state, battle.area, seat):
            continue
        if not any(_recruitable(state, seat, kind, battle.area) for kind in lost):
            continue
        if not (plays_of(state, seat, "recruit-prisoners") and play(
                state, seat, "recruit-prisoners", "", events)):
            continue
        for kind in lost:
            if not _recruitable(state, seat, kind, battle.area):
                continue
            army = draw(state, player.country, kind, rng)
            assert army is not None  # _recruitable saw a counter of the kind
            player.resources -= 1
            place(state, [army], seat, [battle.area])


def _recruitable(state: KDState, seat: str, kind: str, area: str) -> bool:
    """A resource to pay, a counter of `kind` left to draw and room in `area` (event 24)."""
    player = state.players[seat]
    counter = any(c.split(":")[0] == kind for c in state.pool.get(player.country, []))
    return player.resources >= 1 and counter and room(state, area, seat) > 0


def siege_events(state: KDState, battle: Battle, events: list[Event]) -> str | None:
    """Secret Entrance wins at once (True); Siege Works and Defensive Stalwart, by majority,
    lower or raise the level, and Siege Works at level one makes the city surrender."""
    seat, holder = battle.attacker, battle.defender or ""
    if plays_of(state, seat, "secret-entrance") and play(state, seat, "secret-entrance",
                                                          battle.area, events):
        return "secret"
    net = 0
    if plays_of(state, seat, "siege-works") and play(state, seat, "siege-works", battle.area,
                                                     events):
        net -= 1
    if plays_of(state, holder, "defensive-stalwart") and play(
            state, holder, "defensive-stalwart", battle.area, events):
        net += 1
    if net < 0 and battle.fort <= 1:
        return "surrender"
    battle.fort = max(1, min(FORT_MAX, battle.fort + net))
    return None

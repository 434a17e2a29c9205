"""The choices the rulebook leaves to a player, made in advance by a line kept on file until
replaced (issue 35); a player who says nothing gets the automatic pick, so nobody is waited for:

    unpaid a7 militia            10.1: the armies that lose a step first when upkeep falls short
    initiative 2 last            5.2: the places wanted on the Initiative Track, best first
    place david jerusalem        4.5: the city a leader sets up in
    place ammon rabbah=2 jazer   4.5, 10.3, 10.5, 11.0, 18: where the armies of a country you
                                 set up go, and its new armies of the Build Phase
    oppose ammon 3               18: resources (1-5) spent against another's Alliance roll
    build ammon=chariot+militia  10.5: the kinds of a minor's two new armies (in the build plan)
    build ammon=none             10.5: or none of them
    play vacillating-force judah hebron      play act-of-god below 12      play bribe chariot 3
    play act-of-god philistia above 60%      (event 4 on any combat, the player's or not)

Here the lines are read and written back in their one text form, the event lines' extra words
checked, and the order template's reminder of them written; the rules apply them in realm/,
events/ and phases.py."""

from __future__ import annotations

import re

from pbem.core.problems import did_you_mean
from pbem.games.king_david.content import KINDS
from pbem.games.king_david.inputs import KDOrders
from pbem.games.king_david.state import KDState

WORDS = ("unpaid", "initiative", "place", "oppose")
ARMY_ID = re.compile(r"a\d+")
BOUND = re.compile(r"\d+%?")
PICKS = ("weakest", "strongest")


class ChoiceError(ValueError):
    """A choice line the reader refuses: its code and parameters."""

    def __init__(self, code: str, suggestion: str | None = None, **params: str) -> None:
        super().__init__(code)
        self.code, self.suggestion, self.params = code, suggestion, params


def read_choice(state: KDState, seat: str, orders: KDOrders, head: str,
                rest: list[str]) -> None:
    """Read an `unpaid`, `initiative`, `place` or `oppose` line into `orders`."""
    if head == "unpaid":
        orders.unpaid = [] if rest == ["none"] else _unpaid(state, seat, rest)
    elif head == "oppose":
        orders.opposing = {} if rest == ["none"] else (orders.opposing or {}) | _oppose(
            state, seat, rest)
    elif head == "initiative":
        orders.initiative = " ".join(_initiative(state, rest))
    elif rest == ["none"]:
        orders.placing = {}
    else:
        who, wishes = _place(state, rest)
        orders.placing = (orders.placing or {}) | {who: wishes}


def _unpaid(state: KDState, seat: str, words: list[str]) -> list[str]:
    """Kinds, and ids of the seat's own armies: those whose upkeep is left unpaid first."""
    country = state.players[seat].country
    mine = {a.id.lower() for a in state.armies if a.country == country and a.raider is None}
    for word in words:
        if word not in KINDS and word not in mine:
            raise ChoiceError("kd.E_UNPAID", text=word)
    if not words:
        raise ChoiceError("kd.E_UNPAID", text="")
    return list(dict.fromkeys(words))


def _oppose(state: KDState, seat: str, words: list[str]) -> dict[str, int]:
    """`oppose MINOR N` (event 18): N resources, 1 to 5, against any other player's Alliance
    roll with that country; any country may be named, since at setup nobody knows yet which
    ones no player takes (a country a player takes is never a minor, so the line never acts)."""
    own = state.players[seat].country
    minors = [c.key for c in state.scenario.countries if c.key != own]
    if len(words) != 2 or not (words[1].isdigit() and 1 <= int(words[1]) <= 5) or (
            words[0] not in minors):
        near = did_you_mean(words[0], minors) if words and words[0] not in minors else None
        raise ChoiceError("kd.E_OPPOSE", suggestion=near, text=" ".join(words),
                          minors=", ".join(minors) or "none")
    return {words[0]: int(words[1])}


def _initiative(state: KDState, words: list[str]) -> list[str]:
    """Places on the Initiative Track, best first: first, last or a number (5.2)."""
    places = [str(n) for n in range(1, len(state.players) + 1)]
    if not words or any(w not in ("first", "last", *places) for w in words):
        raise ChoiceError("kd.E_INITIATIVE", text=" ".join(words), most=places[-1])
    return list(dict.fromkeys(words))


def _place(state: KDState, words: list[str]) -> tuple[str, list[str]]:
    """`place LEADER CITY` or `place COUNTRY AREA[=N] ...`, each area in that country."""
    if not words:
        raise ChoiceError("kd.E_PLACE", who="", text="")
    who, wishes = words[0], words[1:]
    leader = next((ld for ld in state.scenario.leaders if ld.name.lower() == who), None)
    country = leader.country if leader else who
    if not any(c.key == country for c in state.scenario.countries):
        names = [ld.name.lower() for ld in state.scenario.leaders]
        raise ChoiceError("kd.E_PLACE_WHO", suggestion=did_you_mean(who, names + [
            c.key for c in state.scenario.countries]), who=who)
    if not wishes or (leader and len(wishes) > 1):
        raise ChoiceError("kd.E_PLACE", who=who, text=" ".join(wishes))
    for wish in wishes:
        area, _, count = wish.partition("=")
        spec = next((a for a in state.scenario.areas if a.id == area), None)
        if (spec is None or spec.country != country or (leader and not spec.city) or
                (leader and count) or (count and not count.isdigit())):
            raise ChoiceError("kd.E_PLACE", who=who, text=wish)
    return who, wishes


def minor_kinds(state: KDState, seat: str, key: str, value: str) -> list[str]:
    """A build line's `MINOR=KIND[+KIND]` (10.5): the kinds of the two new armies of a minor
    the seat runs, each one the minor has counters of; one kind named is both; `MINOR=none`
    (no kinds) adds none, as 10.5's "may add two units" allows."""
    own = state.players[seat].country
    if value == "none" and key != own:
        return []
    kinds = value.split("+")
    mix = sorted({c.kind for c in state.scenario.counters if c.country == key})
    if key == own or len(kinds) > 2 or any(k not in mix for k in kinds):
        raise ChoiceError("kd.E_BUILD_MINOR", text=f"{key}={value}", country=key,
                          kinds=", ".join(k for k in KINDS if k in mix) or "none")
    return kinds


def check_play(state: KDState, key: str, rest: list[str]) -> None:
    """The words after an event the player may aim: Vacillating Force's areas (event 3), Act of
    God's side and bound (4), the enemy army Troop Revolt or Bribe! takes (22, 23)."""
    if key == "vacillating-force":
        bad = [w for w in rest[1:] if not any(a.id == w for a in state.scenario.areas)]
    elif key == "act-of-god":
        countries = {c.key for c in state.scenario.countries}
        bad = [] if _reroll_words(rest, countries) else [" ".join(rest)]
    else:
        bad = [w for w in rest if not (w in KINDS or w in PICKS or w.isdigit()
                                       or ARMY_ID.fullmatch(w))]
    if bad:
        raise ChoiceError("kd.E_PLAY_AIM", name=key, text=bad[0])


def _reroll_words(words: list[str], countries: set[str]) -> bool:
    """`[own|enemy] [below|above N|N%]`: below for your own roll, above for the enemy's; or
    `COUNTRY below|above [N|N%]`: that country's roll, in any combat or siege (7.0)."""
    if words[:1] and words[0] in countries:
        return words[1:2] in (["below"], ["above"]) and (
            len(words) == 2 or (len(words) == 3 and bool(BOUND.fullmatch(words[2]))))
    side, rest = (words[0], words[1:]) if words[:1] in (["own"], ["enemy"]) else ("own", words)
    if not rest:
        return True
    wanted = "below" if side == "own" else "above"
    return len(rest) == 2 and rest[0] == wanted and bool(BOUND.fullmatch(rest[1]))


def choice_text(orders: KDOrders) -> list[str]:
    """The choice lines of `orders` in their one text form."""
    lines = []
    if orders.unpaid is not None:
        lines.append("unpaid " + (" ".join(orders.unpaid) or "none"))
    if orders.initiative is not None:
        lines.append(f"initiative {orders.initiative}")
    if orders.placing is not None:
        lines += [f"place {who} {' '.join(w)}" for who, w in sorted(orders.placing.items())]
        lines += [] if orders.placing else ["place none"]
    if orders.opposing is not None:
        lines += [f"oppose {k} {n}" for k, n in sorted(orders.opposing.items())]
        lines += [] if orders.opposing else ["oppose none"]
    return lines


def reminder(state: KDState) -> list[str]:
    """The order template's reminder of the choices a player may make in advance."""
    places = "|".join(str(n) for n in range(1, len(state.players) + 1))
    pairs = [
        ("unpaid ID|KIND ...", "10.1: unpaid first when short"),
        (f"initiative {places}|first|last ...", "5.2: places wanted, best first"),
        ("place LEADER CITY", "4.5: where a leader sets up"),
        ("place COUNTRY AREA[=N] ...", "4.5, 11.0: where armies set up,"),
        ("", "10.3, 10.5: and the new ones built"),
        ("build ... MINOR=KIND[+KIND]|none", "10.5: a minor's two new armies"),
        ("oppose MINOR 1-5", "event 18: resources against"),
        ("", "another's Alliance roll with it"),
        ("play vacillating-force COUNTRY AREA", "event 3: the stack held"),
        ("play act-of-god below N[%]", "event 4: re-roll yours below"),
        ("play act-of-god enemy above N[%]", "event 4: re-roll theirs above"),
        ("play act-of-god COUNTRY below|above N[%]", "event 4: anyone's roll"),
        ("play troop-revolt|bribe [KIND] [STRENGTH]", "events 22, 23: which army"),
        ("   [weakest] [ID]", ""),
    ]
    return ["# Choices the rules leave you, kept until replaced (silent: pbem's pick,",
            "# as your report says):"] + [f"#   {line:<42}{what}".rstrip() for line, what in pairs]

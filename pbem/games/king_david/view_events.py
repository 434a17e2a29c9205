"""Events as a report words them: each seat by its country's name (its player's before the
countries are chosen), countries and minors by name, rolls and orders of play by country. The
recorded keys stay as they are, for player tools and the map; the names go beside them as
`<key>_name`, which the wording in events.txt reads (a refused move's reason is worded there
too, by its code: `kd.move_refused.code.<code>`)."""

from __future__ import annotations

from typing import Any

from pbem.games.king_david.state import KDState

SEAT_KEYS = ("seat", "attacker", "defender", "controller", "invader", "other", "winner")
COUNTRY_KEYS = ("country", "by", "minor")
NOBODY = "nobody"


def named_events(state: KDState, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`events` (dumped) with the names a reader reads beside the recorded keys."""
    return [{**event, "data": _named(state, event.get("data", {}))} for event in events]


def seat_name(state: KDState, seat: str) -> str:
    """A seat as players know it: its country, else its player's name."""
    player = state.players.get(seat)
    if player is not None and player.country:
        return country_name(state, player.country)
    return player_name(state, seat)


def player_name(state: KDState, seat: str) -> str:
    """The name of the player in `seat`."""
    return next((s.name for s in state.seats if s.id == seat), seat or NOBODY)


def country_name(state: KDState, key: str) -> str:
    """A country's or minor's name from its key (a name passes through)."""
    return next((c.name for c in state.scenario.countries if c.key == key.lower()), key)


def _named(state: KDState, data: dict[str, Any]) -> dict[str, Any]:
    named = dict(data)
    for key in SEAT_KEYS:
        if isinstance(data.get(key), str):
            named[f"{key}_name"] = seat_name(state, data[key])
    if isinstance(data.get("seat"), str):
        named["player_name"] = player_name(state, data["seat"])
    for key in COUNTRY_KEYS:
        if isinstance(data.get(key), str):
            named[f"{key}_name"] = country_name(state, data[key])
    if isinstance(data.get("rolls"), str):
        named["rolls_name"] = _rolls(state, data["rolls"])
    if isinstance(data.get("spent"), str):  # resources spent against an Alliance roll (18)
        named["spent_name"] = _rolls(state, data["spent"]) or NOBODY
    if isinstance(data.get("order"), str):
        named["order_name"] = ", ".join(seat_name(state, s) for s in data["order"].split())
    if isinstance(data.get("purpose"), str):
        named["purpose_name"] = _purpose(state, data["purpose"])
    if "target" in data:
        named["target_name"] = _target(state, data["target"])
    return named


def _rolls(state: KDState, rolls: str) -> str:
    """'p1=8 p2=6' as 'Judah 8, Aramea 6'."""
    pairs = [part.partition("=") for part in rolls.split()]
    return ", ".join(f"{seat_name(state, seat)} {roll}" for seat, _, roll in pairs)


def _target(state: KDState, target: Any) -> str:
    """What an event marker is played on, as its line ends: ' on Egypt', or nothing."""
    if target in ("-", "", None):
        return ""
    return f" on {country_name(state, str(target))}"


def _purpose(state: KDState, purpose: str) -> str:
    """'control of ammon' as 'control of Ammon'."""
    head, sep, key = purpose.rpartition(" of ")
    return f"{head}{sep}{country_name(state, key)}" if sep else purpose

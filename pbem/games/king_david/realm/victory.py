"""Victory (12.0): cities held beyond the home country, less home cities lost; automatic
victory after an Action Phase (not with two players) and the multipliers at the end."""

from __future__ import annotations

from pbem.games.king_david.state import KDState


def points(state: KDState, seat: str) -> int:
    """Victory points: foreign cities controlled, less home cities an enemy controls."""
    country = state.players[seat].country
    gained = lost = 0
    for area in state.scenario.areas:
        if not area.city:
            continue
        holder = state.control.get(area.id)
        if area.country != country and holder == country:
            gained += 1
        if area.country == country and holder != country:
            lost += 1
    return gained - lost


def automatic_winner(state: KDState) -> str | None:
    """The one seat at its automatic victory level, if exactly one is (12.1)."""
    if len(state.players) <= 2:
        return None
    reached = [s for s in sorted(state.players) if s not in state.dropped
               and points(state, s) >= state.scenario.country(state.players[s].country).auto]
    return reached[0] if len(reached) == 1 else None


def final_standings(state: KDState, winner: str | None = None) -> list[dict[str, object]]:
    """Standings, best first: points times the country's multiplier; ties share the win."""
    rows = []
    for seat in sorted(state.players):
        country = state.scenario.country(state.players[seat].country)
        vp = points(state, seat)
        rows.append({"seat": seat, "country": country.name, "points": vp,
                     "score": round(vp * country.multiplier, 2)})
    out = set(state.dropped)  # a dropped seat's country is scored but cannot win
    rows.sort(key=lambda r: (
        r["seat"] in out, -float(r["score"]), str(r["seat"])))  # type: ignore[arg-type]
    best = rows[0]["score"]
    for row in rows:
        if row["seat"] in out:
            row["result"] = "loss"
        elif winner is not None and winner not in out:
            row["result"] = "win" if row["seat"] == winner else "loss"
        else:
            row["result"] = "win" if row["score"] == best else "loss"
    return rows

"""The order template in a report: the seat's default orders, then every stack it may move
(its own armies and leaders, raiders it runs, minor countries' armies it runs) with the line
that moves it and the areas the order checker accepts for it now (6.1; template_moves.py)."""

from __future__ import annotations

from pbem.games.king_david.choices import reminder
from pbem.games.king_david.flow import acting
from pbem.games.king_david.land.stacks import home_bound
from pbem.games.king_david.setup import available
from pbem.games.king_david.state import Army, KDState
from pbem.games.king_david.template_moves import Offer, offers

HEAD = ("# Your stacks and the moves the rules allow now: copy a line, TO one of the areas "
        "after its colon (a longer path: move AREA NEXT NEXT ...; each line is checked after "
        "the lines above it):")
NOWHERE = "stays: no area it may enter now"
AHEAD = ["# then",
         "#   the moves and sieges after it are your next action's, played when it comes",
         "#   without a mail to you (checked then); each further 'then' one more action, for",
         "#   this turn only; 'plans none' clears them"]


def template_text(state: KDState, seat: str, canonical: str) -> str:
    """The default orders, with the seat's stacks and their ways out as comments (at setup,
    how to choose a country)."""
    lines = [canonical]
    if state.stage == "setup":
        lines += [f"# prefer {' '.join(available(state))}",
                  "#   the countries you would rather play, best first (4.1)"]
    elif seat in acting(state):
        lines.append(HEAD)
        lines += [f"#   {line}" for line in stack_lines(state, seat)]
        lines += AHEAD
    return "\n".join(lines + _choices(state, seat))


def _choices(state: KDState, seat: str) -> list[str]:
    """At setup and in the seat's action: the choices it may make in advance (issue 35)."""
    return reminder(state) if state.stage == "setup" or seat in acting(state) else []


def stack_lines(state: KDState, seat: str) -> list[str]:
    """Per group of units the seat may move: the area and the units, then the line that moves
    them with the areas it may enter now, and the areas with room for only some of them."""
    lines = []
    for offer in offers(state, seat):
        where = f"{offer.area} ({place_text(state, offer.area)})"
        lines.append(f"{where}: {_units(state, seat, offer)}")
        ways = ", ".join(f"{there} ({how})" for there, how in offer.to)
        lines.append(f"  {offer.line('TO')}: {ways}" if ways else f"  {NOWHERE}")
        rooms = ", ".join(f"{there} ({n} more)" for there, n in offer.full if n)
        if rooms:
            lines.append(f"  room for only some of them in {rooms}: name those that go "
                         "with 'with'")
    return lines


def _units(state: KDState, seat: str, offer: Offer) -> str:
    units = [*(_army(a) for a in offer.armies), *(ld.name for ld in offer.leaders)]
    return ", ".join(units) + _note(state, seat, offer)


def place_text(state: KDState, area: str) -> str:
    """An area's terrain, city and port, e.g. 'clear, city Gaza, port'."""
    spec = state.scenario.area(area)
    parts = [spec.terrain, f"city {spec.city}" if spec.city else "", "port" if spec.port else ""]
    return ", ".join(p for p in parts if p)


def _army(army: Army) -> str:
    return f"{army.id} {army.kind} {army.strength}/{army.steps}"


def _note(state: KDState, seat: str, offer: Offer) -> str:
    """What sets another country's units apart from the seat's own."""
    first = offer.armies[0] if offer.armies else None
    country = first.country if first else offer.leaders[0].country
    if country == state.players[seat].country:
        return ""
    name = state.scenario.country(country).name
    if first is not None and first.raider:
        return f" ({name} raiders, {first.raid} Action Phase(s) left)"
    if first is not None and home_bound(state, first):
        return f" ({name}'s, only within {name})"
    return f" ({name}'s, your ally)"

"""The summer order language: army orders in priority order plus standing instructions."""

from __future__ import annotations

from collections.abc import Callable

from pbem.core.game import ParseResult
from pbem.games.mighty_kingdoms.inputs import SummerOrders, WinMove
from pbem.games.mighty_kingdoms.orders import (
    DIRECTION_WORDS,
    SUMMER,
    Collector,
    Line,
    army_id,
    content_words,
    keyword,
    lines_of,
    tile_id,
    tile_list,
)
from pbem.games.mighty_kingdoms.state import Army, MKState, Order, natural_key

ARMY_ORDERS = ["move", "defend", "raze", "regroup", "hold"]
INSTRUCTIONS = ["battle", "opponent", "target", "retreat", "win", "winmove", "slaughter"]
KEYWORDS = ARMY_ORDERS + INSTRUCTIONS


def parse_summer(state: MKState, seat: str, text: str) -> ParseResult:
    """Read one player's month: every problem is reported, every good line is kept."""
    out = Collector()
    orders = SummerOrders()
    handlers: dict[str, Callable[[MKState, str, Line, SummerOrders, Collector], None]] = {
        "move": _army_order, "defend": _army_order, "raze": _army_order, "regroup": _army_order,
        "hold": _army_order,
        "battle": _battle, "opponent": _opponent, "target": _target, "retreat": _retreat,
        "win": _win_move, "winmove": _win_move, "slaughter": _slaughter,
    }
    lines = [part for line in lines_of(text) for part in _one_order_each(line)]
    for line in lines:
        words = _verb_first(line.words)
        verb = keyword(words[0], KEYWORDS, line.number, out, SUMMER)
        if verb is not None:
            handlers[verb](state, seat, Line(line.number, words, line.text), orders, out)
    if orders == SummerOrders():
        if not out.problems:
            out.invalid(lines[0].number if lines else 1, "mk.E_NO_ORDERS")
        return ParseResult(orders=None, problems=out.problems)  # earlier orders stay on file
    return ParseResult(orders=orders, problems=out.problems)


def _one_order_each(line: Line) -> list[Line]:
    """`move 1 to E8 defend 2` on one line is two orders: split before a later army order."""
    cuts = [0] + [i for i in range(1, len(line.words) - 1)
                  if line.words[i].lower() in ARMY_ORDERS
                  and line.words[i + 1].lstrip("#").isdigit()
                  and line.words[i - 1].lower() != "win"]
    bounds = zip(cuts, [*cuts[1:], len(line.words)], strict=True)
    return [Line(line.number, line.words[a:b], " ".join(line.words[a:b])) for a, b in bounds]


def _verb_first(words: list[str]) -> list[str]:
    """Accept '3 move C4' as well as 'move 3 C4'."""
    if len(words) > 1 and words[0].lstrip("#").isdigit():
        return [words[1], words[0], *words[2:]]
    if len(words) > 2 and words[0].lower() == "army" and words[1].lstrip("#").isdigit():
        return [words[2], words[1], *words[3:]]
    return words


def own_army(state: MKState, seat: str, word: str, line: int, out: Collector) -> Army | None:
    """Resolve an army number that must belong to `seat`."""
    number = army_id(word, line, out)
    if number is None:
        return None
    army = state.armies.get(number)
    if army is None or army.tile is None:
        out.illegal(line, "mk.E_UNKNOWN_ARMY", army=number)
    elif army.owner != seat:
        out.illegal(line, "mk.E_NOT_YOURS", army=number)
    else:
        return army
    return None


def _army_order(
    state: MKState, seat: str, line: Line, orders: SummerOrders, out: Collector
) -> None:
    verb = line.words[0].lower()
    words = content_words(line.words[1:])
    if not words:
        out.invalid(line.number, "mk.E_MISSING_VALUE", what="army")
        return
    used = 2 if verb == "move" else 1
    words, extra = words[:used], words[used:]
    army = own_army(state, seat, words[0], line.number, out)
    if army is None:
        return
    if any(o.army == army.id for o in orders.orders):
        out.illegal(line.number, "mk.E_DUPLICATE", what=f"army {army.id}")
        return
    order = _checked_order(state, army, verb, words[1:], line.number, out)
    if order is None:
        return  # refused: its error says why, and no warning may call it taken
    orders.orders.append(order)
    if extra:
        out.warn(line.number, "mk.W_IGNORED_WORDS", words=" ".join(extra))


def _checked_order(
    state: MKState, army: Army, verb: str, rest: list[str], line: int, out: Collector
) -> Order | None:
    here = army.tile or ""
    if army.lying and verb != "regroup" and not lying_may_hold(state, verb):
        out.illegal(line, "mk.E_LYING", army=army.id)
    elif verb == "regroup" and not army.lying:
        out.illegal(line, "mk.E_NOT_LYING", army=army.id)
    elif verb == "raze" and state.tiles[here].settlement is None:
        out.illegal(line, "mk.E_NO_SETTLEMENT", army=army.id, tile=here)
    elif verb == "move":
        target = _destination(state, army, rest, line, out)
        return Order(army=army.id, kind="move", target=target) if target else None
    else:
        return Order(army=army.id, kind=verb)  # type: ignore[arg-type]
    return None


def lying_may_hold(state: MKState, verb: str) -> bool:
    """A lying army may only Regroup, unless the campaign lets silent armies stay down (idle)."""
    return verb == "hold" and state.settings.missing_orders == "idle"


def _destination(
    state: MKState, army: Army, rest: list[str], line: int, out: Collector
) -> str | None:
    if not rest:
        out.invalid(line, "mk.E_MISSING_VALUE", what="destination")
        return None
    here = army.tile or ""
    neighbours = state.map.neighbours(here)
    direction = DIRECTION_WORDS.get(rest[0].lower())
    if direction is not None:
        if direction not in neighbours:
            out.illegal(line, "mk.E_OFF_MAP", army=army.id, direction=rest[0])
            return None
        target: str | None = neighbours[direction]
    else:
        target = tile_id(state, rest[0], line, out)
    if target is None:
        return None
    problem = move_problem(state, here, target)
    if problem is not None:
        out.illegal(line, problem, army=army.id, source=here, tile=target)
        return None
    return target


def move_problem(state: MKState, source: str, target: str) -> str | None:
    """The code that forbids a move from `source` into `target` now, or None."""
    direction = next((d for d, t in state.map.neighbours(source).items() if t == target), None)
    terrain = state.map.tile(target).terrain
    if direction is None:
        return "mk.E_NOT_ADJACENT"
    if terrain == "water":
        return "mk.E_WATER_TILE"
    if terrain == "marsh":
        return "mk.E_MARSH"
    if "water" in state.map.crossing(source, direction):
        return "mk.E_WATER_EDGE"
    if state.tiles[target].tower:
        return "mk.E_TOWER"
    return None


def _battle(state: MKState, seat: str, line: Line, orders: SummerOrders, out: Collector) -> None:
    for tile in tile_list(state, content_words(line.words[1:]), line.number, out):
        if tile not in orders.battle_tiles:
            orders.battle_tiles.append(tile)


def _opponent(state: MKState, seat: str, line: Line, orders: SummerOrders, out: Collector) -> None:
    names = {k.name.lower(): s for s, k in state.kingdoms.items()}
    words = line.words[1:]
    whole = " ".join(words).lower()
    found = [names[whole]] if whole in names else [_seat_of(state, w, names) for w in words]
    for word, found_seat in zip(words, found, strict=False):
        if found_seat is None:
            out.invalid(line.number, "mk.E_UNKNOWN_PLAYER", player=word)
        elif found_seat == seat:
            out.illegal(line.number, "mk.E_SELF", player=word)
        elif found_seat not in orders.opponents:
            orders.opponents.append(found_seat)


def _seat_of(state: MKState, word: str, names: dict[str, str]) -> str | None:
    if word.lower() in state.kingdoms:
        return word.lower()
    return names.get(word.lower())


def _target(state: MKState, seat: str, line: Line, orders: SummerOrders, out: Collector) -> None:
    for word in content_words(line.words[1:]):
        number = army_id(word, line.number, out)
        army = state.armies.get(number) if number else None
        if number is None:
            continue
        if army is None or army.tile is None:
            out.illegal(line.number, "mk.E_UNKNOWN_ARMY", army=number)
        elif army.owner == seat:
            out.illegal(line.number, "mk.E_OWN_TARGET", army=number)
        elif number not in orders.targets:
            orders.targets.append(number)


def _retreat(state: MKState, seat: str, line: Line, orders: SummerOrders, out: Collector) -> None:
    words = content_words(line.words[1:])
    army = own_army(state, seat, words[0], line.number, out) if words else None
    if army is None:
        if not words:
            out.invalid(line.number, "mk.E_MISSING_VALUE", what="army")
        return
    tiles = tile_list(state, words[1:], line.number, out)
    if army.id in orders.retreats:
        out.illegal(line.number, "mk.E_DUPLICATE", what=f"retreat {army.id}")
    elif not tiles:
        out.invalid(line.number, "mk.E_MISSING_VALUE", what="tile")
    else:
        orders.retreats[army.id] = tiles


def _win_move(state: MKState, seat: str, line: Line, orders: SummerOrders, out: Collector) -> None:
    words = content_words(line.words[1:])
    if line.words[0].lower() == "win":
        if not words or words[0].lower() != "move":
            out.invalid(line.number, "mk.E_UNKNOWN_KEYWORD", "win move", word=line.words[0])
            return
        words = words[1:]
    if len(words) != 2:
        out.invalid(line.number, "mk.E_MISSING_VALUE", what="army and tile")
        return
    army = own_army(state, seat, words[0], line.number, out)
    tile = tile_id(state, words[1], line.number, out)
    if army is None or tile is None:
        return
    if any(m.army == army.id for m in orders.win_moves):
        out.illegal(line.number, "mk.E_DUPLICATE", what=f"win move {army.id}")
        return
    orders.win_moves.append(WinMove(army=army.id, tile=tile))


def _slaughter(state: MKState, seat: str, line: Line, orders: SummerOrders, out: Collector) -> None:
    for word in content_words(line.words[1:]):
        army = own_army(state, seat, word, line.number, out)
        if army is not None and army.id not in orders.slaughter:
            orders.slaughter.append(army.id)


def canonical_summer(orders: SummerOrders) -> str:
    """The one canonical text of a month's orders."""
    lines = [_order_text(o) for o in orders.orders]
    if orders.battle_tiles:
        lines.append("battle " + " ".join(orders.battle_tiles))
    if orders.opponents:
        lines.append("opponent " + " ".join(orders.opponents))
    if orders.targets:
        lines.append("target " + " ".join(orders.targets))
    for army in sorted(orders.retreats, key=natural_key):
        lines.append(f"retreat {army} to " + " ".join(orders.retreats[army]))
    lines.extend(f"win move {m.army} to {m.tile}" for m in orders.win_moves)
    if orders.slaughter:
        lines.append("slaughter " + " ".join(orders.slaughter))
    return "\n".join(lines)


def _order_text(order: Order) -> str:
    if order.kind == "move":
        return f"move {order.army} to {order.target}"
    return f"{order.kind} {order.army}"


def default_order(army: Army, missing: str = "defend") -> Order:
    """The order a silent army gets, by the `missing_orders` setting.

    defend (the rulings): an upright army Defends, a lying one Regroups; hold: an upright army
    stays without Defend, a lying one Regroups; idle: every army holds (a lying one stays down).
    """
    if army.lying:
        return Order(army=army.id, kind="hold" if missing == "idle" else "regroup")
    return Order(army=army.id, kind="defend" if missing == "defend" else "hold")


def default_summer(state: MKState, seat: str) -> SummerOrders:
    """Every army of `seat` on its default order, marked as a default."""
    armies = [a for a in state.armies_of(seat) if a.tile is not None]
    missing = state.settings.missing_orders
    return SummerOrders(orders=[default_order(a, missing) for a in armies], defaulted=True)

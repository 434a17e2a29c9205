"""The Campaigns of King David as the engine sees it: its description and the functions it is
made of."""

from __future__ import annotations

from pbem.core.game import GameMeta, Setting
from pbem.core.record import GameRecord
from pbem.games.king_david import bots, dropping, edits, progress
from pbem.games.king_david.hidden import resample_hidden
from pbem.games.king_david.inputs import KDOrders
from pbem.games.king_david.orders import canonical_orders, parse_orders
from pbem.games.king_david.setup import load_scenario, start_state
from pbem.games.king_david.state import KDState
from pbem.games.king_david.view import view_for

META = GameMeta(
    name="king-david",
    title="The Campaigns of King David",
    min_players=2,
    max_players=5,
    style="mixed",
    default_scenario="king-david/israel.toml",
    summary="Judah, Philistia, Aramea, Tyre and Moab over seven turns of random phases.",
    settings=[
        Setting(key="turns", default=7, minimum=1, maximum=7,
                help="game turns (13.0: three for a short game, four or five for a medium)"),
        Setting(key="variable_end", default=False,
                help="13.0: Game Ends markers go into the phase cup from turn three"),
    ],
)

GAME: GameRecord[KDState, KDOrders] = GameRecord(
    meta=META,
    state_type=KDState,
    input_type=KDOrders,
    load_scenario=load_scenario,  # the map, counters and charts
    start=start_state,  # the first phase markers and the event cup; countries come next
    phase=progress.phase,
    due=progress.due,
    parse=parse_orders,  # a message's orders and standing instructions
    canonical=lambda _state, _seat, orders: canonical_orders(orders),
    default_input=dropping.default_input,
    advance=progress.advance,
    view=view_for,
    outcome=progress.outcome,
    random_input=bots.random_orders,
    private_strings=bots.private_strings,  # the seat's event markers
    edit=edits.edit,  # between actions
    edit_commands=edits.edit_commands,
    drop=dropping.drop,  # a player leaves; their country holds
    resample_hidden=resample_hidden,  # what the rules hide from a seat drawn afresh
)

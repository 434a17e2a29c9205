"""David and Goliath as the engine sees it: its description and the functions it is made of."""

from __future__ import annotations

from pbem.core.game import GameMeta, Setting
from pbem.core.record import GameRecord
from pbem.games.david_goliath import bots, progress, resample, setup
from pbem.games.david_goliath.inputs import DGOrders
from pbem.games.david_goliath.orders import canonical_orders, parse_orders
from pbem.games.david_goliath.referee import drop as dropping
from pbem.games.david_goliath.referee import edits
from pbem.games.david_goliath.state import DGState
from pbem.games.david_goliath.view import view_for

META = GameMeta(
    name="david-goliath",
    title="David and Goliath",
    min_players=2,
    max_players=2,
    style="alternating",
    default_scenario="david-goliath/valley-of-elah.toml",
    summary="A two-player card duel on a chessboard: sling and stone against spear and sword.",
    settings=[
        Setting(key="max_turns", default=30, help="turns before the duel is called a draw"),
        Setting(key="goliath_seat", default="p2", choices=["p1", "p2"], help="who plays Goliath"),
    ],
)

GAME: GameRecord[DGState, DGOrders] = GameRecord(
    meta=META,
    state_type=DGState,
    input_type=DGOrders,
    load_scenario=setup.load_scenario,
    start=setup.start_state,  # drop the terrain, shuffle the deck and deal seven cards each
    phase=progress.phase,
    due=progress.due,
    parse=parse_orders,  # an action line, discards and standing reactions
    canonical=lambda _state, _seat, orders: canonical_orders(orders),
    default_input=progress.default_input,
    advance=progress.advance,
    view=view_for,
    outcome=progress.outcome,
    random_input=bots.random_orders,
    private_strings=bots.private_strings,  # the seat's hand, card by card
    edit=edits.edit,
    edit_commands=edits.edit_commands,
    drop=dropping.drop,  # a player leaves: they concede the duel
    resample_hidden=resample.resample_hidden,  # the other hand and the deck order dealt afresh
    revealed=resample.public_discard,  # the cards shown to both players: the discard pile
)

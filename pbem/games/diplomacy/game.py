"""Diplomacy as the engine sees it: its description and the functions it is made of."""

from __future__ import annotations

from pbem.core.game import GameMeta, Setting
from pbem.core.record import GameRecord
from pbem.games.diplomacy import bots, edits, progress
from pbem.games.diplomacy import drop as dropping
from pbem.games.diplomacy.datc.cases import settle_scenario_cases
from pbem.games.diplomacy.inputs import DipOrders
from pbem.games.diplomacy.orders import canonical_orders, parse_orders
from pbem.games.diplomacy.rules.phases import due, phase_info
from pbem.games.diplomacy.setup import load_scenario, start_state
from pbem.games.diplomacy.state import DipState
from pbem.games.diplomacy.view import view_for

META = GameMeta(
    name="diplomacy",
    title="Diplomacy",
    min_players=5,
    max_players=7,
    style="sealed",
    default_scenario="diplomacy/standard.toml",
    summary="The seven great powers of 1901 Europe; orders adjudicated to the DATC.",
    settings=[
        Setting(key="victory", default=0, minimum=0, maximum=200,
                help="supply centres that win outright (0: the board's, 18 on the standard)"),
        Setting(key="end_year", default=0, minimum=0, maximum=9999,
                help="the game ends drawn after this year's Fall (0: no last year)"),
        Setting(key="powers", default="random", choices=["random", "in-order"],
                help="powers drawn by lot, or given to p1, p2, ... in the board's order"),
        Setting(key="rules", default="2023", choices=["2023", "2000"],
                help="2023: the DATC's current preferences (a support's coast must match, no "
                     "land route behind `via convoy`, civil disorder counted to owned centres); "
                     "2000: the older options"),
        Setting(key="draws", default="dias", choices=["dias", "partial"],
                help="dias: a draw includes every surviving power with a player; partial: a "
                     "vote may name the powers that share the draw (DRAW FRANCE ENGLAND)"),
    ],
)

GAME: GameRecord[DipState, DipOrders] = GameRecord(
    meta=META,
    state_type=DipState,
    input_type=DipOrders,
    load_scenario=load_scenario,  # read and check a board file
    start=start_state,  # Spring of the first year, powers given to seats
    phase=phase_info,  # Spring 1901 movement, Fall 1901 retreats, Winter 1901 adjustments, ...
    due=due,  # the players whose powers have something to order
    parse=parse_orders,  # a power's orders and votes
    canonical=canonical_orders,  # and the units left without an order, as comments
    default_input=progress.default_input,
    advance=progress.advance,
    view=view_for,
    outcome=progress.outcome,
    random_input=bots.random_orders,  # sensible random legal orders
    private_strings=bots.private_strings,  # the seat's standing votes
    preview_state=progress.preview_state,  # a player's PREVIEW: the board, no secret votes
    drop=dropping.drop,  # a player leaves: their power falls into civil disorder
    edit=edits.edit,  # units, dislodged units, centres, civil disorder; within the phase
    edit_commands=edits.edit_commands,
    settle_cases=settle_scenario_cases,
)

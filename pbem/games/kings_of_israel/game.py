"""Kings of Israel as the engine sees it: its description and the functions it is made of."""

from __future__ import annotations

from pbem.core.game import GameMeta, Setting
from pbem.core.record import GameRecord
from pbem.games.kings_of_israel import bots, edits, hidden, progress
from pbem.games.kings_of_israel import drop as dropping
from pbem.games.kings_of_israel.inputs import KIOrders
from pbem.games.kings_of_israel.language.acks import explained
from pbem.games.kings_of_israel.levels import LEVEL_NAMES, VERSIONS
from pbem.games.kings_of_israel.orders import parse_orders
from pbem.games.kings_of_israel.scenario import load_scenario
from pbem.games.kings_of_israel.setup import start
from pbem.games.kings_of_israel.state import KIState
from pbem.games.kings_of_israel.view import as_held, view_for

META = GameMeta(
    name="kings-of-israel",
    title="Kings of Israel",
    min_players=2,
    max_players=4,
    style="alternating",
    default_scenario="kings-of-israel/israel.toml",
    summary="Two to four prophets work together against sin spreading through Israel.",
    settings=[
        Setting(
            key="version",
            default="base",
            choices=list(VERSIONS),
            help="base, easy (hands face up, Blessings for sacrifices) or expert (False Prophet)",
        ),
        Setting(
            key="level",
            default="none",
            choices=list(LEVEL_NAMES),
            help="a Campaign Mode level; it sets its own rules and overrides version",
        ),
    ],
)

GAME: GameRecord[KIState, KIOrders] = GameRecord(
    meta=META,
    state_type=KIState,
    input_type=KIOrders,
    load_scenario=load_scenario,  # the board and decks of a scenario file
    start=start,
    phase=progress.phase,
    due=progress.due,
    parse=parse_orders,  # actions, later turns, Blessings, answers and standing rules
    canonical=explained,  # each group headed by what it will do and when
    default_input=dropping.default_input,  # `end`: the turn, with nothing in it
    advance=progress.advance,
    view=view_for,
    outcome=progress.outcome,
    random_input=bots.random_orders,  # a greedy team-mate's input
    private_strings=bots.private_strings,  # the seat's card instance ids
    question_as_read=as_held,  # the Blessings its seat holds that answer an Idol, and so on
    edit=edits.edit,
    edit_commands=edits.edit_commands,
    drop=dropping.drop,  # a player leaves the team; his prophet's turns pass by default
    resample_hidden=hidden.resample_hidden,  # decks and hidden hands redrawn
    revealed=hidden.revealed,  # the cards turned face up for every seat so far
)

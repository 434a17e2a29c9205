"""The DBA card game as the engine sees it: its description and the functions it is made of
(see docs/dba-cards.md)."""

from __future__ import annotations

from pbem.core.game import GameMeta, Setting
from pbem.core.record import GameRecord
from pbem.games.dba_cards import bots, edits, orders, progress
from pbem.games.dba_cards import drop as dropping
from pbem.games.dba_cards.hidden import resample_hidden
from pbem.games.dba_cards.inputs import INPUTS, Input
from pbem.games.dba_cards.setup import load_scenario, opening
from pbem.games.dba_cards.state import DBAState
from pbem.games.dba_cards.view import view_for

META = GameMeta(
    name="dba-cards",
    title="DBA card game",
    min_players=2,
    max_players=4,
    style="alternating",
    default_scenario="dba-cards/open-field.toml",
    summary="Ancient armies on a chessboard, fought with a shared deck of move, attack and "
    "defence cards; the defender answers attacks by mail.",
    settings=[
        Setting(
            key="terrain",
            default="scenario",
            choices=["scenario", "random"],
            help="scenario: the referee's layout; random: a seeded random layout",
        ),
        Setting(
            key="house_rules",
            default="none",
            choices=["none", "german"],
            help="german: the German house rules (12x12 board, pursuit, exact moves, …)",
        ),
        Setting(
            key="german_setup",
            default="referee",
            choices=["referee", "dba22"],
            help="German rules: referee: the scenario's (or a seeded) terrain; dba22: the defender"
            " (seat two) places terrain and picks a side, and may swap two units after deployment",
        ),
        Setting(
            key="turn_limit",
            default=120,
            help="the game ends after this many turns (fewest losses wins); 0: no limit",
        ),
    ],
)

GAME: GameRecord[DBAState, Input] = GameRecord(
    meta=META,
    state_type=DBAState,
    input_type=INPUTS,
    load_scenario=load_scenario,  # terrain layout and sample army lists
    start=opening,  # both players owe a deployment
    phase=progress.phase,
    due=progress.due,
    parse=orders.parse,
    canonical=orders.canonical,
    default_input=progress.default_input,
    advance=progress.advance,
    view=view_for,
    outcome=progress.outcome,
    random_input=bots.random_input,
    private_strings=bots.private_strings,  # the card ids in the seat's hand
    edit=edits.edit,
    edit_commands=edits.edit_commands,
    drop=dropping.drop,  # a player leaves: their side concedes the battle
    resample_hidden=resample_hidden,  # the deck and the other hands drawn afresh
)

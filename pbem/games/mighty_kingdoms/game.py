"""Mighty Kingdoms as the engine sees it: its description and the functions it is made of
(see docs/mighty-kingdoms.md)."""

from __future__ import annotations

from pbem.core.game import GameMeta, Setting
from pbem.core.record import GameRecord
from pbem.games.mighty_kingdoms import bots, progress, referee, stage_orders
from pbem.games.mighty_kingdoms.hidden import resample_hidden
from pbem.games.mighty_kingdoms.inputs import INPUTS, Input
from pbem.games.mighty_kingdoms.maps.mapfile import load_scenario_text
from pbem.games.mighty_kingdoms.phases import due_now, phase_info
from pbem.games.mighty_kingdoms.setup import opening_state
from pbem.games.mighty_kingdoms.standings import outcome
from pbem.games.mighty_kingdoms.state import MKState
from pbem.games.mighty_kingdoms.view import build_view

META = GameMeta(
    name="mighty-kingdoms",
    title="Mighty Kingdoms",
    min_players=2,
    max_players=8,
    style="sealed",
    default_scenario="mighty-kingdoms/maps/valley-3.toml",
    summary="Explore a hex map, build a kingdom and fight battles, one summer month per turn.",
    settings=[
        Setting(key="battle_mode", default="simple", choices=["simple", "kow"],
                help="simple: the adjudicator rolls; kow: tabletop battles, the referee reports"),
        Setting(key="years", default=2, minimum=1, help="how many years the campaign lasts"),
        Setting(key="advanced", default=False, help="wizard's towers, quests and artefacts"),
        Setting(key="army_cap", default=6, minimum=1, help="most armies a kingdom may have"),
        Setting(key="battle_cap", default=100, minimum=1,
                help="most battles in one month before the referee is flagged"),
        Setting(key="missing_orders", default="defend", choices=["defend", "hold", "idle"],
                help="a silent army: defend (upright Defends, lying Regroups), hold (upright "
                     "stays without Defend, lying Regroups) or idle (every army stays as it is)"),
        Setting(key="retreat_default", default="safe", choices=["safe", "settlement"],
                help="retreat tile without a preference: safe (no enemies, joined to the "
                     "capital, best settlement) or settlement (best settlement first)"),
        Setting(key="deploy_default", default="capital", choices=["capital", "fortress", "spread"],
                help="winter armies without a plan: capital (capital, fortresses, cities, "
                     "villages), fortress (fortresses first) or spread (one per settlement first)"),
    ],
)

GAME: GameRecord[MKState, Input] = GameRecord(
    meta=META,
    state_type=MKState,
    input_type=INPUTS,
    load_scenario=load_scenario_text,  # a map/scenario file, checked by the map file reader
    start=lambda setup, _rng: opening_state(setup),  # every seat owes a race
    phase=phase_info,
    due=due_now,
    parse=stage_orders.parse,
    canonical=stage_orders.canonical_text,
    default_input=stage_orders.default_for,  # see the rulings' defaults
    advance=progress.advance,
    view=build_view,
    outcome=outcome,
    random_input=bots.random_input,
    private_strings=bots.private_strings,  # unit names of armies not yet revealed by a battle
    edit=referee.edit,
    edit_commands=referee.edit_commands,
    drop=referee.drop,  # a player concedes
    resample_hidden=resample_hidden,  # what the fog hides from a seat drawn afresh
)

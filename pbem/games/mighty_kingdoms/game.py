"""The Mighty Kingdoms game record: every Game protocol method, dispatching on the stage."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from pbem.core.edits import EditUsage
from pbem.core.game import (
    REFEREE,
    Advance,
    ContentError,
    Due,
    Event,
    GameMeta,
    Outcome,
    ParseResult,
    PhaseInfo,
    Setting,
    Setup,
)
from pbem.core.problems import Problem
from pbem.core.rng import SeededRng
from pbem.games.mighty_kingdoms import inputs as kinds
from pbem.games.mighty_kingdoms import referee as referee_hooks
from pbem.games.mighty_kingdoms.battles.kow import default_result
from pbem.games.mighty_kingdoms.battles.orders import parse_result
from pbem.games.mighty_kingdoms.bots import private_strings, random_text
from pbem.games.mighty_kingdoms.content import MapData
from pbem.games.mighty_kingdoms.hidden import resample_hidden
from pbem.games.mighty_kingdoms.maps.mapfile import load_scenario_text
from pbem.games.mighty_kingdoms.orders_setup import parse_setup
from pbem.games.mighty_kingdoms.phases import due_now, phase_info
from pbem.games.mighty_kingdoms.setup import (
    resolve_army,
    resolve_capital,
    resolve_placement,
    resolve_race,
)
from pbem.games.mighty_kingdoms.stage_orders import canonical_text, default_for
from pbem.games.mighty_kingdoms.standings import standings
from pbem.games.mighty_kingdoms.state import Kingdom, MKState, Settings, TileState
from pbem.games.mighty_kingdoms.summer.month import resolve_month, resume_month
from pbem.games.mighty_kingdoms.summer.orders import parse_summer
from pbem.games.mighty_kingdoms.view import build_view
from pbem.games.mighty_kingdoms.winter.orders import parse_winter
from pbem.games.mighty_kingdoms.winter.season import resolve_winter

SETUP_STAGES = ("race", "capital", "placement", "army")
MIGHT_NOTE = ("Might as in the later edition: village 1, city 2, fortress 2, capital 3, army 5. "
              "Equal might: the earlier seat (p1 before p2) ranks higher.")

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

WORD_SETTINGS = ("battle_mode", "missing_orders", "retreat_default", "deploy_default")
TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off"}


def coerce_settings(raw: dict[str, Any], races: list[str]) -> Settings:
    """Settings from CLI strings ('kow', '3', 'true') or typed values."""
    values: dict[str, Any] = {"races": races}
    for key, value in raw.items():
        if key == "advanced" and isinstance(value, str):
            if value.lower() not in TRUE_WORDS | FALSE_WORDS:
                raise ContentError("settings", None, "mk.E_SETTING", f"advanced={value}")
            value = value.lower() in TRUE_WORDS
        elif key in WORD_SETTINGS and isinstance(value, str):
            value = value.lower()
        values[key] = value
    try:
        return Settings.model_validate(values)
    except ValueError as error:
        raise ContentError("settings", None, "mk.E_SETTING", str(error)) from error


def opening_state(setup: Setup) -> MKState:
    """The state before anyone has chosen anything."""
    scenario = setup.scenario
    map_data = MapData.model_validate(scenario["map"])
    seats, starts = len(setup.seats), len(map_data.start_tiles())
    if not map_data.min_players <= seats <= min(map_data.max_players, starts):
        raise ContentError(map_data.name, None, "mk.E_PLAYER_COUNT",
                           f"{seats} players; the map takes {map_data.min_players} to "
                           f"{map_data.max_players} and has {starts} start tiles")
    settings = coerce_settings(setup.settings, list(scenario.get("races") or []))
    if "artefacts" not in setup.settings:  # the referee's own list wins over the map's
        settings.artefacts = [dict(a) for a in scenario.get("artefacts") or []]
    return MKState(
        map=map_data,
        settings=settings,
        seats=list(setup.seats),
        kingdoms={s.id: Kingdom(seat=s.id, name=s.name) for s in setup.seats},
        tiles={t: TileState(id=t) for t in sorted(map_data.tiles)},
        artefacts_pool=[str(a["name"]) for a in settings.artefacts],
    )


class MightyKingdoms:
    """Mighty Kingdoms as a pbem game (see docs/mighty-kingdoms.md)."""

    meta = META

    def load_scenario(self, text: str, source: str) -> dict[str, Any]:
        """Read a map/scenario file (the map file reader does the validation)."""
        result: dict[str, Any] = load_scenario_text(text, source)
        return result

    def start(self, setup: Setup, rng: SeededRng) -> MKState:
        """The opening state: every seat owes a race."""
        return opening_state(setup)

    def state_from_json(self, data: dict[str, Any]) -> MKState:
        """Rebuild a state from JSON."""
        return MKState.model_validate(data)

    def input_from_json(self, data: dict[str, Any]) -> BaseModel:
        """Rebuild any stage's input from JSON."""
        return kinds.input_from_json(data)

    def phase(self, state: MKState) -> PhaseInfo:
        """The current phase's key, label, turn and help topic."""
        return phase_info(state)

    def due(self, state: MKState) -> Due:
        """Who owes input now."""
        return due_now(state)

    def parse(self, state: MKState, seat: str, text: str) -> ParseResult:
        """Read a player's (or the referee's) email for the current stage."""
        if seat == REFEREE:
            if state.stage == "battle":
                return parse_result(state, text)
            return _nothing_due()
        if state.stage in SETUP_STAGES:
            return parse_setup(state, seat, text)
        if state.stage == "summer":
            return parse_summer(state, seat, text)
        if state.stage == "winter":
            return parse_winter(state, seat, text)
        return _nothing_due()

    def canonical(self, state: MKState, seat: str, orders: Any) -> str:
        """The one canonical text of any input."""
        return canonical_text(state, seat, orders)

    def default_input(self, state: MKState, seat: str) -> BaseModel:
        """The input used when `seat` sends nothing (see the rulings' defaults)."""
        return default_for(state, seat)

    def advance(self, state: MKState, inputs: dict[str, Any], rng: SeededRng) -> Advance:
        """Apply the inputs of the current stage to a copy of `state`."""
        work = state.working_copy()
        typed, ignored = _stage_inputs(state, inputs)
        new, events = _step(work, typed, rng)
        new.turn = state.turn + 1
        return Advance(state=new, events=ignored + events)

    def random_input(self, state: MKState, seat: str, rng: SeededRng) -> BaseModel:
        """Random legal input (bots, demos, the contract suite); winter uses the default."""
        text = random_text(state, seat, rng)
        parsed = self.parse(state, seat, text) if text else None
        if parsed is None or parsed.errors or parsed.orders is None:
            return self.default_input(state, seat)
        orders: BaseModel = parsed.orders
        return orders

    def resample_hidden(self, state: MKState, seat: str, rng: SeededRng) -> MKState:
        """The state with what the fog hides from `seat` drawn afresh (hidden.py)."""
        return resample_hidden(state, seat, rng)

    def private_strings(self, state: MKState, seat: str) -> list[str]:
        """Unit names of a seat's armies not yet revealed by a battle."""
        return private_strings(state, seat)

    def edit(self, state: MKState, command: str) -> Advance:
        """A referee's typed state edit (see referee.py)."""
        return referee_hooks.edit(state, command)

    def edit_commands(self) -> list[EditUsage]:
        """The edit commands `edit` accepts."""
        return referee_hooks.edit_commands()

    def drop(self, state: MKState, seat: str) -> Advance:
        """A player concedes (see referee.py)."""
        return referee_hooks.drop(state, seat)

    def view(self, state: MKState, viewer: str | None, events: list[Event]) -> dict[str, Any]:
        """What `viewer` may see."""
        return build_view(state, viewer, events)

    def outcome(self, state: MKState) -> Outcome | None:
        """The standings once the last year is over."""
        if state.stage != "over":
            return None
        return Outcome(finished=True, standings=standings(state), note=MIGHT_NOTE)


def _nothing_due() -> ParseResult:
    return ParseResult(orders=None, problems=[
        Problem(line=1, code="mk.E_NOTHING_DUE", kind="illegal")])


STAGE_KINDS = {"race": "race", "capital": "capital", "placement": "placement", "army": "army",
               "summer": "summer", "battle": "battle-result", "winter": "winter"}


def _stage_inputs(state: MKState, inputs: dict[str, Any]) -> tuple[dict[str, Any], list[Event]]:
    """Typed inputs of the kind this stage takes; anything else is left out and reported."""
    wanted = STAGE_KINDS.get(state.stage)
    kept: dict[str, Any] = {}
    ignored: list[Event] = []
    for seat, value in sorted(inputs.items()):
        typed = kinds.input_from_json(value) if isinstance(value, dict) else value
        kind = getattr(typed, "kind", None)
        if kind == wanted and (seat == REFEREE) == (kind == "battle-result"):
            kept[seat] = typed
        elif typed is not None:
            ignored.append(Event(code="mk.input_ignored", data={"seat": seat, "kind": kind},
                                 visible_to=[seat]))
    return kept, ignored


def _step(state: MKState, inputs: dict[str, Any], rng: SeededRng) -> tuple[MKState, list[Event]]:
    steps = {"race": resolve_race, "capital": resolve_capital, "placement": resolve_placement,
             "army": resolve_army, "summer": resolve_month}
    if state.stage in steps:
        return steps[state.stage](state, inputs, rng)  # type: ignore[operator]
    if state.stage == "battle":
        given = inputs.get(REFEREE) or default_result(state)
        return resume_month(state, given, rng)
    if state.stage == "winter":
        return resolve_winter(state, inputs, rng)
    return state, []


GAME = MightyKingdoms()

"""The one validator for campaign settings (`--set key=value`): the game's and the schedule's."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model, field_validator

from pbem.core.game import Game, Setting
from pbem.errors import Invalid
from pbem.services.base.schedule import CAMPAIGN_SETTINGS
from pbem.validation import check_timezone, did_you_mean, reason_of, shown_value

# Bounds and help for the schedule settings every campaign has (docs/settings.md); a key
# added to schedule.CAMPAIGN_SETTINGS without a spec is still checked by its default's type.
SCHEDULE_SPECS = {
    s.key: s
    for s in (
        Setting(key="deadline_hours", default=72.0, minimum=0.25, help="hours a phase stays open"),
        Setting(key="timezone", default="UTC", help="the time zone deadlines are shown in"),
        Setting(key="press", default=True, help="players may send press to each other"),
        Setting(
            key="press_to",
            default="anyone",
            choices=["anyone", "all"],
            help="press to one player or all (anyone), or to all only (all: broadcast press)",
        ),
        Setting(
            key="press_style",
            default="white",
            choices=["white", "grey", "either"],
            help="white: press names its sender; grey: press never does; "
            "either: the sender chooses with PRESS GREY",
        ),
        Setting(
            key="press_fake",
            default=False,
            help="PRESS FAKE p2: private press shown to its recipient as press to all",
        ),
        Setting(
            key="press_copy",
            default="none",
            choices=["none", "private", "all"],
            help="the referee gets a copy of no press, of private press, or of all press",
        ),
        Setting(
            key="disorder_after",
            default=0,
            minimum=0,
            maximum=99,
            help="a seat that misses this many phases in a row is dropped under the game's "
            "rules (Diplomacy: civil disorder) without the referee; 0: never",
        ),
        Setting(
            key="disorder_topic",
            default="",
            help="the phases disorder_after counts, by help topic (movement); empty: every phase",
        ),
        Setting(
            key="early_delay_minutes",
            default=-1,
            minimum=-1,
            help="minutes to wait once every order is in; -1: the site's [turns] value",
        ),
        Setting(key="round_to_hour", default=True, help="round deadlines up to a whole hour"),
        Setting(
            key="reaction_hours",
            default=12.0,
            minimum=0.25,
            help="hours a reaction window (a Defense or Negate question) stays open",
        ),
        Setting(
            key="reports",
            default="budget",
            choices=["budget", "every"],
            help="budget: a report when a player must act, else one digest a game turn; "
            "every: a report to everyone after every phase",
        ),
    )
}
SCHEDULE_SETTINGS = [
    SCHEDULE_SPECS.get(key) or Setting(key=key, default=default)
    for key, default in CAMPAIGN_SETTINGS.items()
]
TOPIC_KEY = re.compile(r"^deadline_hours\.(?P<topic>[a-z0-9_-]{1,40})$")
GAME = "game"
CAMPAIGN = "campaign"


def validate_campaign_settings(game: Game, raw: dict[str, str]) -> dict[str, Any]:
    """Check `key=value` settings for a campaign of `game`; return them typed, or raise Invalid.

    Nothing is stored here: callers store the returned values only once all of them passed.
    """
    checked: dict[str, Any] = {}
    for key, value in raw.items():
        spec_key = _spec_key(game, key)
        checked[key] = _check_value(game, spec_key, key, value)
    return checked


def section_of(game: Game, key: str) -> str:
    """Where a setting lives in the stored settings: 'game' or 'campaign'."""
    return GAME if key in {s.key for s in game.meta.settings} else CAMPAIGN


def settings_for_new_campaign(
    game: Game, raw: dict[str, str]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The game's and the schedule's settings for a new campaign: defaults, then `raw`."""
    checked = validate_campaign_settings(game, raw)
    game_values: dict[str, Any] = {s.key: s.default for s in game.meta.settings}
    schedule: dict[str, Any] = dict(CAMPAIGN_SETTINGS)
    for key, value in checked.items():
        (game_values if section_of(game, key) == GAME else schedule)[key] = value
    return game_values, schedule


def _spec_key(game: Game, key: str) -> str:
    known = [s.key for s in game.meta.settings] + [s.key for s in SCHEDULE_SETTINGS]
    if key in known:
        return key
    if TOPIC_KEY.match(key):
        return "deadline_hours"
    raise Invalid(
        "campaign.E_UNKNOWN_SETTING",
        key=shown_value(key),
        game=game.meta.name,
        hint=did_you_mean(key, [*known, "deadline_hours.<topic>"]),
        known=", ".join(sorted([*known, "deadline_hours.<topic>"])),
    )


def _check_value(game: Game, spec_key: str, key: str, value: Any) -> Any:
    specs = _specs_of(game)
    model = _schema(game.meta.name, specs)
    value = _matching_choice(next(s for s in specs if s.key == spec_key), value)
    try:
        parsed = model.model_validate({spec_key: value})
    except ValidationError as exc:
        raise Invalid(
            "campaign.E_BAD_SETTING",
            key=shown_value(key),
            value=shown_value(value),
            reason=reason_of(exc.errors()[0]),
        ) from None
    return getattr(parsed, spec_key)


def _matching_choice(spec: Setting, value: Any) -> Any:
    """A choice written in another case ('KOW') as the spec spells it ('kow')."""
    if isinstance(value, str):
        for choice in spec.choices:
            if choice.lower() == value.strip().lower():
                return choice
    return value


def _specs_of(game: Game) -> tuple[Setting, ...]:
    return (*game.meta.settings, *SCHEDULE_SETTINGS)


def _schema(game_name: str, specs: tuple[Setting, ...]) -> type[BaseModel]:
    """A pydantic model with one optional field per setting, typed and bounded by its spec."""
    fields: dict[str, Any] = {spec.key: (_annotation(spec), None) for spec in specs}
    validators = {"zone": field_validator("timezone")(_zone)} if "timezone" in fields else {}
    return create_model(
        f"Settings_{game_name.replace('-', '_')}",
        __config__=ConfigDict(extra="forbid", str_strip_whitespace=True),
        __validators__=validators,
        **fields,
    )


def _zone(cls: type, value: Any) -> Any:
    return check_timezone(value) if isinstance(value, str) else value


def _annotation(spec: Setting) -> Any:
    if spec.choices:
        return Literal[tuple(spec.choices)] | None
    if spec.kind is bool:
        return bool | None
    kind = spec.kind if spec.kind in (int, float) else str
    return Annotated[kind, Field(ge=spec.minimum, le=spec.maximum)] | None

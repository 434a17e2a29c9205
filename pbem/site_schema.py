"""The one schema for site settings: pbem.toml sections and PBEM_* variables, both validated."""

from __future__ import annotations

import os
from typing import Annotated, Any, Literal

from pydantic import Field, ValidationError, field_validator
from pydantic_core import PydanticCustomError
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    SettingsError,
)

from pbem.errors import ConfigError
from pbem.validation import check_timezone, did_you_mean, reason_of, shown_value
from pbem.wording import wording

ENV_PREFIX = "PBEM_"
SECRET_FIELDS = ("database_url", "imap_url", "smtp_url")
# pbem.toml section -> key in the file -> field of SiteSettings
TOML_KEYS: dict[str, dict[str, str]] = {
    "database": {"url": "database_url", "url_file": "database_url_file"},
    "mail": {
        "referee_address": "referee_address",
        "imap_url": "imap_url",
        "imap_url_file": "imap_url_file",
        "smtp_url": "smtp_url",
        "smtp_url_file": "smtp_url_file",
        "domain": "mail_domain",
        "reply_rate_per_hour": "reply_rate_per_hour",
        "unverified_notices_per_day": "unverified_notices_per_day",
        "press_rate_per_hour": "press_rate_per_hour",
        "referee_rate_per_hour": "referee_rate_per_hour",
        "ca_file": "ca_file",
        "sent_raw_days": "sent_raw_days",
        "smtp_connections": "smtp_connections",
    },
    "turns": {
        "timezone": "timezone",
        "early_delay_minutes": "early_delay_minutes",
        "reminder_hours": "reminder_hours",
        "missed_turn_policy": "missed_turn_policy",
        "missed_turn_limit": "missed_turn_limit",
        "tick_seconds": "tick_seconds",
        "draw_processes": "draw_processes",
    },
    "reports": {"dir": "report_dir"},
}
DATABASE_SCHEMES = ("sqlite", "postgresql", "postgres", "postgresql+psycopg")
PositiveHours = Annotated[int, Field(gt=0)]


class SiteSettings(BaseSettings):
    """Every site setting with its type and range; PBEM_<FIELD> overrides pbem.toml."""

    model_config = SettingsConfigDict(
        env_prefix=ENV_PREFIX, extra="forbid", env_ignore_empty=True, frozen=True
    )

    database_url: str = ""
    imap_url: str = ""
    smtp_url: str = ""
    referee_address: str = ""
    mail_domain: str = ""
    ca_file: str = ""
    reply_rate_per_hour: int = Field(default=20, ge=1)
    unverified_notices_per_day: int = Field(default=3, ge=0)
    press_rate_per_hour: int = Field(default=10, ge=0)
    referee_rate_per_hour: int = Field(default=5, ge=0)
    timezone: str = "UTC"
    early_delay_minutes: int = Field(default=10, ge=0)
    reminder_hours: list[PositiveHours] = Field(default_factory=lambda: [24, 2])
    missed_turn_policy: Literal["keep-defaults", "flag-replacement"] = "keep-defaults"
    missed_turn_limit: int = Field(default=2, ge=1)
    tick_seconds: int = Field(default=50, ge=1)
    draw_processes: int = Field(default=0, ge=0, le=32)
    sent_raw_days: int = Field(default=0, ge=0, le=36_500)
    smtp_connections: int = Field(default=2, ge=1, le=8)
    report_dir: str = ""

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        """The environment first, then the values read from pbem.toml."""
        return env_settings, init_settings

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        return check_timezone(value)

    @field_validator("database_url")
    @classmethod
    def _database_scheme(cls, value: str) -> str:
        scheme = value.partition("://")[0].lower() if "://" in value else ""
        if value and scheme not in DATABASE_SCHEMES:
            raise PydanticCustomError("database_url", "unsupported database URL")
        return value

    @field_validator("imap_url", "smtp_url")
    @classmethod
    def _mail_scheme(cls, value: str, info: Any) -> str:
        from pbem.mail.transport.errors import UrlError
        from pbem.mail.transport.urls import parse_server_url

        if not value or (info.field_name == "smtp_url" and value.startswith("file://")):
            return value
        allowed = {"imap", "maildir"} if info.field_name == "imap_url" else {"smtp"}
        try:
            parse_server_url(value, allowed=allowed)
        except UrlError as exc:
            kind = info.field_name.partition("_")[0]
            raise PydanticCustomError(f"{kind}_url", "unusable mail server URL") from exc
        return value

    @field_validator("referee_address")
    @classmethod
    def _address(cls, value: str) -> str:
        if value and ("@" not in value or any(ch.isspace() for ch in value)):
            raise PydanticCustomError("address", "not a mail address")
        return value


def flatten_toml(data: dict[str, Any], path: str) -> dict[str, Any]:
    """pbem.toml's sections as SiteSettings fields; unknown sections and keys are refused."""
    values: dict[str, Any] = {}
    for section, table in data.items():
        keys = TOML_KEYS.get(section)
        if keys is None or not isinstance(table, dict):
            hint = did_you_mean(section, TOML_KEYS) if keys is None else ""
            raise ConfigError(
                "config.E_UNKNOWN_SECTION",
                path=path,
                section=section,
                hint=hint,
                known=", ".join(f"[{s}]" for s in TOML_KEYS),
            )
        for key, value in table.items():
            if key not in keys:
                raise ConfigError(
                    "config.E_UNKNOWN_KEY",
                    path=path,
                    section=section,
                    key=key,
                    hint=did_you_mean(key, keys),
                    known=", ".join(keys),
                )
            values[keys[key]] = value
    return values


def validate_site(values: dict[str, Any], path: str) -> SiteSettings:
    """Validate file values under the environment; the first problem becomes a ConfigError."""
    try:
        return SiteSettings(**values)
    except ValidationError as exc:
        error = exc.errors()[0]
        field_name = str(error["loc"][0]) if error["loc"] else ""
        raise ConfigError(
            "config.E_BAD_VALUE",
            where=_where(field_name, path),
            value=shown_value(_shown_input(field_name, values, error["input"])),
            reason=reason_of(error),
        ) from None
    except SettingsError as exc:
        field_name = _field_in(str(exc))
        raise ConfigError(
            "config.E_BAD_VALUE",
            where=_where(field_name, path),
            value=shown_value(os.environ.get(env_name(field_name), "")),
            reason=wording("reason.json"),
        ) from None


def env_name(field_name: str) -> str:
    """The environment variable that overrides a field."""
    return ENV_PREFIX + field_name.upper()


def _where(field_name: str, path: str) -> str:
    if os.environ.get(env_name(field_name)):
        return env_name(field_name)
    for section, keys in TOML_KEYS.items():
        for key, target in keys.items():
            if target == field_name:
                return f"{path} [{section}] {key}"
    return field_name or path


def _shown_input(field_name: str, values: dict[str, Any], fallback: Any) -> Any:
    """The whole value as written (not the one list item pydantic names), secrets hidden."""
    if field_name in SECRET_FIELDS:
        return "***"
    if os.environ.get(env_name(field_name)):
        return os.environ[env_name(field_name)]
    return values.get(field_name, fallback)


def _field_in(message: str) -> str:
    for field_name in SiteSettings.model_fields:
        if f'"{field_name}"' in message:
            return field_name
    return ""

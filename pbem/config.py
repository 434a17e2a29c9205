"""Configuration from pbem.toml with environment overrides. Secrets are never printed."""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pbem.errors import ConfigError
from pbem.site_schema import SECRET_FIELDS, flatten_toml, validate_site

CONFIG_NAME = "pbem.toml"
DEFAULT_DATABASE = "sqlite:///pbem.db"
DEFAULTS = "(defaults)"


@dataclass(frozen=True)
class Secret:
    """A value that must never be shown; `str()` and `repr()` hide it."""

    value: str = field(repr=False)

    def __str__(self) -> str:
        return "***" if self.value else ""

    def __bool__(self) -> bool:
        return bool(self.value)


@dataclass(frozen=True)
class Settings:
    """Everything a run needs to know about its surroundings."""

    database_url: Secret
    imap_url: Secret
    smtp_url: Secret
    referee_address: str
    mail_domain: str
    timezone: str = "UTC"
    data_dir: Path = Path(".")
    report_dir: Path = Path("reports")
    reply_rate_per_hour: int = 20
    unverified_notices_per_day: int = 3  # notices about mail that did not authenticate
    press_rate_per_hour: int = 10  # PRESS mails a player may send in an hour
    referee_rate_per_hour: int = 5  # REFEREE mails a player may send in an hour
    early_delay_minutes: int = 10
    reminder_hours: tuple[int, ...] = (24, 2)
    missed_turn_policy: str = "keep-defaults"  # or "flag-replacement"
    missed_turn_limit: int = 2
    tick_seconds: int = 50  # a tick stops starting adjudications and reports after this
    draw_processes: int = (
        0  # processes drawing reports in a tick, the tick's own included; 0: a core each
    )
    sent_raw_days: int = 0  # sent mail keeps its pictures this long, then only text and HTML
    smtp_connections: int = 2  # a tick sends over this many SMTP sessions at once
    ca_file: str = ""
    source: str = DEFAULTS


def find_config(explicit: str | None) -> Path | None:
    """Locate pbem.toml: --config, then PBEM_CONFIG, then the working directory."""
    for candidate in (explicit, os.environ.get("PBEM_CONFIG")):
        if candidate:
            path = Path(candidate)
            if not path.is_file():
                raise ConfigError("config.E_NOT_FOUND", path=str(path))
            return path
    local = Path.cwd() / CONFIG_NAME
    return local if local.is_file() else None


def _read_toml(path: Path | None) -> dict[str, Any]:
    if path is None:
        return {}
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError("config.E_SYNTAX", path=str(path), detail=str(exc)) from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError("config.E_UNREADABLE", path=str(path), detail=str(exc)) from exc


def load_settings(explicit: str | None = None) -> Settings:
    """Build Settings from the config file and PBEM_* environment variables, all validated."""
    path = find_config(explicit)
    base = path.parent if path else Path.cwd()
    values = flatten_toml(_read_toml(path), str(path or CONFIG_NAME))
    _read_secret_files(values, base)
    site = validate_site(values, str(path or CONFIG_NAME))
    referee = site.referee_address or "referee@pbem.localhost"
    return Settings(
        database_url=Secret(site.database_url or _sqlite_beside(base)),
        imap_url=Secret(site.imap_url),
        smtp_url=Secret(site.smtp_url),
        referee_address=referee,
        mail_domain=site.mail_domain or referee.rpartition("@")[2] or "pbem.localhost",
        timezone=site.timezone,
        data_dir=base,
        report_dir=Path(site.report_dir) if site.report_dir else base / "reports",
        reply_rate_per_hour=site.reply_rate_per_hour,
        unverified_notices_per_day=site.unverified_notices_per_day,
        press_rate_per_hour=site.press_rate_per_hour,
        referee_rate_per_hour=site.referee_rate_per_hour,
        early_delay_minutes=site.early_delay_minutes,
        reminder_hours=tuple(site.reminder_hours),
        missed_turn_policy=site.missed_turn_policy,
        missed_turn_limit=site.missed_turn_limit,
        tick_seconds=site.tick_seconds,
        draw_processes=site.draw_processes,
        sent_raw_days=site.sent_raw_days,
        smtp_connections=site.smtp_connections,
        ca_file=site.ca_file,
        source=str(path) if path else DEFAULTS,
    )


def _read_secret_files(values: dict[str, Any], base: Path) -> None:
    """Fill secrets named by PBEM_*_FILE or a `*_file` key; a set PBEM_* variable still wins."""
    for field_name in SECRET_FIELDS:
        named = os.environ.get(f"PBEM_{field_name.upper()}_FILE") or values.pop(
            field_name + "_file", None
        )
        values.pop(field_name + "_file", None)
        if not named:
            continue
        path = Path(str(named))
        path = path if path.is_absolute() else base / path
        try:
            values[field_name] = path.read_text().strip()
        except (OSError, UnicodeDecodeError) as exc:
            raise ConfigError("config.E_SECRET_FILE", path=str(path)) from exc


def _sqlite_beside(base: Path) -> str:
    return f"sqlite:///{(base / 'pbem.db').resolve()}"


SAMPLE_CONFIG = """\
# pbem configuration. Environment variables override every value here:
# PBEM_DATABASE_URL, PBEM_IMAP_URL, PBEM_SMTP_URL, PBEM_REFEREE_ADDRESS.
# A secret may also come from a file: PBEM_IMAP_URL_FILE=/path, or imap_url_file = "path".

[database]
url = "sqlite:///pbem.db"        # or postgresql+psycopg://user@host/dbname

[mail]
referee_address = "referee@example.org"
# imap_url = "imaps://referee:password@mail.example.org:993/INBOX"
# smtp_url = "smtp://referee:password@mail.example.org:587?starttls=1"
reply_rate_per_hour = 20
unverified_notices_per_day = 3     # notices about mail without a valid key, per address
press_rate_per_hour = 10
referee_rate_per_hour = 5
sent_raw_days = 0                  # sent mail keeps its map pictures this long (resend redraws)
smtp_connections = 2               # SMTP sessions a tick sends over at once

[turns]
timezone = "Europe/London"
early_delay_minutes = 10
reminder_hours = [24, 2]
missed_turn_policy = "keep-defaults"   # or "flag-replacement"
missed_turn_limit = 2
tick_seconds = 50                      # then adjudication and reports wait for the next tick
draw_processes = 0                     # helpers drawing reports; 0: cores - 1 (up to 4), 1: none
"""

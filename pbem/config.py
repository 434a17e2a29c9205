"""Configuration from pbem.toml with environment overrides. Secrets are never printed."""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pbem.errors import ConfigError

CONFIG_NAME = "pbem.toml"
DEFAULT_DATABASE = "sqlite:///pbem.db"


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
    early_delay_minutes: int = 10
    reminder_hours: tuple[int, ...] = (24, 2)
    missed_turn_policy: str = "keep-defaults"  # or "flag-replacement"
    missed_turn_limit: int = 2
    ca_file: str = ""
    source: str = "(defaults)"


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


def _secret(env: str, table: dict[str, Any], key: str, base: Path) -> Secret:
    """Read a secret from the environment, a `*_file` setting, or the file itself, in that order."""
    if os.environ.get(env):
        return Secret(os.environ[env])
    file_env = os.environ.get(env + "_FILE") or table.get(key + "_file")
    if file_env:
        path = Path(str(file_env))
        path = path if path.is_absolute() else base / path
        try:
            return Secret(path.read_text().strip())
        except OSError as exc:
            raise ConfigError("config.E_SECRET_FILE", path=str(path)) from exc
    return Secret(str(table.get(key, "")))


def load_settings(explicit: str | None = None) -> Settings:
    """Build Settings from the config file and PBEM_* environment variables."""
    path = find_config(explicit)
    data = _read_toml(path)
    base = path.parent if path else Path.cwd()
    db = _secret("PBEM_DATABASE_URL", data.get("database", {}), "url", base)
    mail = data.get("mail", {})
    referee = os.environ.get("PBEM_REFEREE_ADDRESS") or str(mail.get("referee_address", ""))
    domain = referee.rpartition("@")[2] or "pbem.localhost"
    turns = data.get("turns", {})
    return Settings(
        database_url=db if db else Secret(_sqlite_beside(base)),
        imap_url=_secret("PBEM_IMAP_URL", mail, "imap_url", base),
        smtp_url=_secret("PBEM_SMTP_URL", mail, "smtp_url", base),
        referee_address=referee or "referee@pbem.localhost",
        mail_domain=str(mail.get("domain", domain)),
        timezone=str(turns.get("timezone", os.environ.get("PBEM_TIMEZONE", "UTC"))),
        data_dir=base,
        report_dir=Path(str(data.get("reports", {}).get("dir", base / "reports"))),
        reply_rate_per_hour=int(mail.get("reply_rate_per_hour", 20)),
        early_delay_minutes=int(turns.get("early_delay_minutes", 10)),
        reminder_hours=tuple(int(h) for h in turns.get("reminder_hours", (24, 2))),
        missed_turn_policy=str(turns.get("missed_turn_policy", "keep-defaults")),
        missed_turn_limit=int(turns.get("missed_turn_limit", 2)),
        ca_file=os.environ.get("PBEM_CA_FILE", str(mail.get("ca_file", ""))),
        source=str(path) if path else "(defaults)",
    )


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

[turns]
timezone = "Europe/London"
early_delay_minutes = 10
reminder_hours = [24, 2]
missed_turn_policy = "keep-defaults"   # or "flag-replacement"
missed_turn_limit = 2
"""

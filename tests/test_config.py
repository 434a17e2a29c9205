"""Configuration: file discovery, environment overrides, secrets never shown."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem.config import load_settings
from pbem.errors import ConfigError


def test_file_then_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "pbem.toml"
    path.write_text(
        '[mail]\nreferee_address = "ref@example.org"\nimap_url = "imap://u:filepw@h/INBOX"\n'
    )
    monkeypatch.setenv("PBEM_CONFIG", str(path))
    monkeypatch.setenv("PBEM_SMTP_URL", "smtp://u:envpw@h:25")
    settings = load_settings()
    assert settings.referee_address == "ref@example.org" and settings.mail_domain == "example.org"
    assert settings.imap_url.value.endswith("filepw@h/INBOX") and settings.smtp_url.value.endswith(
        "h:25"
    )
    assert (
        "filepw" not in repr(settings)
        and "envpw" not in repr(settings)
        and "envpw" not in str(settings)
    )
    monkeypatch.setenv("PBEM_REFEREE_ADDRESS", "other@example.net")
    assert load_settings().referee_address == "other@example.net"


def test_secret_from_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    secret = tmp_path / "imap.secret"
    secret.write_text("imaps://u:fromfile@h/INBOX\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PBEM_CONFIG", raising=False)
    monkeypatch.setenv("PBEM_IMAP_URL_FILE", str(secret))
    assert load_settings().imap_url.value == "imaps://u:fromfile@h/INBOX"


def test_explicit_missing_file_and_bad_toml(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        load_settings(str(tmp_path / "nope.toml"))
    assert caught.value.code == "config.E_NOT_FOUND"
    bad = tmp_path / "bad.toml"
    bad.write_text("[mail\n")
    with pytest.raises(ConfigError) as caught:
        load_settings(str(bad))
    assert caught.value.code == "config.E_SYNTAX"


def test_default_ledger_is_sqlite_beside_the_config(tmp_path: Path) -> None:
    path = tmp_path / "pbem.toml"
    path.write_text("")
    assert load_settings(str(path)).database_url.value == f"sqlite:///{tmp_path / 'pbem.db'}"

"""The settings schema: site settings from file and environment, campaign settings from --set."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem.config import load_settings
from pbem.errors import ConfigError, Invalid
from pbem.registry import get_game
from pbem.services.base.campaign_settings import (
    section_of,
    settings_for_new_campaign,
    validate_campaign_settings,
)
from pbem.validation import control_characters, did_you_mean


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty pbem.toml named by PBEM_CONFIG, and no PBEM_* overrides."""
    for name in ("PBEM_TIMEZONE", "PBEM_REMINDER_HOURS", "PBEM_DATABASE_URL", "PBEM_IMAP_URL"):
        monkeypatch.delenv(name, raising=False)
    path = tmp_path / "pbem.toml"
    path.write_text("")
    monkeypatch.setenv("PBEM_CONFIG", str(path))
    return path


def test_typed_values_from_the_file(config: Path) -> None:
    config.write_text(
        '[turns]\ntimezone = "Europe/Paris"\nreminder_hours = [48, 6, 1]\n'
        'missed_turn_policy = "flag-replacement"\n[mail]\nreply_rate_per_hour = 5\n'
    )
    settings = load_settings()
    assert settings.timezone == "Europe/Paris" and settings.reminder_hours == (48, 6, 1)
    assert settings.missed_turn_policy == "flag-replacement" and settings.reply_rate_per_hour == 5


def test_the_environment_wins_and_is_checked_the_same(
    config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config.write_text("[turns]\nearly_delay_minutes = 3\n")
    monkeypatch.setenv("PBEM_EARLY_DELAY_MINUTES", "7")
    assert load_settings().early_delay_minutes == 7
    monkeypatch.setenv("PBEM_EARLY_DELAY_MINUTES", "-1")
    with pytest.raises(ConfigError) as caught:
        load_settings()
    assert caught.value.code == "config.E_BAD_VALUE"
    assert caught.value.params["where"] == "PBEM_EARLY_DELAY_MINUTES"


def test_a_string_is_never_read_as_a_list_of_hours(config: Path) -> None:
    config.write_text('[turns]\nreminder_hours = "24"\n')
    with pytest.raises(ConfigError) as caught:
        load_settings()
    assert caught.value.params["value"] == "24" and "list" in caught.value.params["reason"]


def test_secret_urls_are_checked_but_never_shown(config: Path, tmp_path: Path) -> None:
    (tmp_path / "smtp.secret").write_text("pop3://user:hunter2@host\n")
    config.write_text('[mail]\nsmtp_url_file = "smtp.secret"\n')
    with pytest.raises(ConfigError) as caught:
        load_settings()
    assert "hunter2" not in str(caught.value.params) and caught.value.params["value"] == "***"


def test_campaign_settings_are_typed_and_bounded() -> None:
    game = get_game("mighty-kingdoms")
    checked = validate_campaign_settings(
        game,
        {"years": "3", "advanced": "Yes", "battle_mode": "KOW", "deadline_hours.winter": "96"},
    )
    assert checked == {
        "years": 3,
        "advanced": True,
        "battle_mode": "kow",
        "deadline_hours.winter": 96.0,
    }
    for raw in ({"years": "0"}, {"army_cap": "0"}, {"deadline_hours": "-5"}, {"press": "maybe"}):
        with pytest.raises(Invalid) as caught:
            validate_campaign_settings(game, raw)
        assert caught.value.code == "campaign.E_BAD_SETTING", raw
    with pytest.raises(Invalid) as caught:
        validate_campaign_settings(game, {"deadline_hours.Summer Time": "3"})
    assert caught.value.code == "campaign.E_UNKNOWN_SETTING"


def test_new_campaign_settings_split_into_game_and_schedule() -> None:
    game = get_game("mighty-kingdoms")
    game_values, schedule = settings_for_new_campaign(game, {"years": "1", "press": "off"})
    assert game_values["years"] == 1 and game_values["battle_mode"] == "simple"
    assert schedule["press"] is False and schedule["deadline_hours"] == 72
    assert section_of(game, "years") == "game" and section_of(game, "press") == "campaign"


def test_helpers() -> None:
    assert control_characters("Ann\r\n") == ["U+000D", "U+000A"]
    assert control_characters("Zoë [/x]") == []
    assert did_you_mean("yeers", ["years", "press"]).endswith('"years"?')
    assert did_you_mean("zzz", ["years", "press"]) == ""


def test_cli_masking_hides_keys_secrets_and_passwords() -> None:
    from pbem.cli.output import mask

    text = (
        "Re: [pbem spring.p1.abcdefgh23] orders\n"
        "Spring p2 Kx7mq2abcd\n"
        "smtp://referee:hunter2@mail.example.org:587\n"
        "move army 3 to B4\n"
    )
    shown = mask(text)
    assert "abcdefgh23" not in shown and "spring.p1.***" in shown
    assert "Kx7mq2abcd" not in shown and "Spring p2 ***" in shown
    assert "hunter2" not in shown and "referee:***@mail" in shown
    assert "move army 3 to B4" in shown

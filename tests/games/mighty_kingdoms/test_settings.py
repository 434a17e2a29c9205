"""The settings for every default a referee may want changed, declared and validated."""

from __future__ import annotations

import pytest

from pbem.core.game import ContentError
from pbem.games.mighty_kingdoms.game import META
from pbem.games.mighty_kingdoms.setup import coerce_settings


def test_defaults_have_declared_settings_with_choices() -> None:
    declared = {s.key: s for s in META.settings}
    for key, default, choices in [
        ("missing_orders", "defend", {"defend", "hold", "idle"}),
        ("retreat_default", "safe", {"safe", "settlement"}),
        ("deploy_default", "capital", {"capital", "fortress", "spread"}),
    ]:
        assert declared[key].default == default and set(declared[key].choices) == choices
        assert getattr(coerce_settings({}, []), key) == default


def test_command_line_words_are_read_in_any_case() -> None:
    settings = coerce_settings(
        {"missing_orders": "HOLD", "retreat_default": "Settlement", "deploy_default": "spread"}, []
    )
    assert (settings.missing_orders, settings.retreat_default, settings.deploy_default) == (
        "hold",
        "settlement",
        "spread",
    )


@pytest.mark.parametrize("key", ["missing_orders", "retreat_default", "deploy_default"])
def test_an_unknown_choice_is_refused(key: str) -> None:
    with pytest.raises(ContentError):
        coerce_settings({key: "whatever"}, [])

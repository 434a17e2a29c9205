"""The inner loop's share of random examples, and the full count everywhere else."""

from __future__ import annotations

import pytest
from hypothesis import settings

from tests.support import examples


def test_every_example_runs_unless_the_quick_loop_is_asked_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(examples.VARIABLE, raising=False)
    assert examples.examples(200) == 200
    monkeypatch.setenv(examples.VARIABLE, "full")
    assert examples.examples(300, least=10) == 300
    assert all(examples.sampled(index) for index in range(12))


def test_the_quick_loop_runs_a_share_and_never_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(examples.VARIABLE, "quick")
    assert examples.examples(200) == 200 // examples.QUICK_SHARE
    assert examples.examples(3) == 1
    assert examples.examples(30, least=10) == 10
    made = [index for index in range(12) if examples.sampled(index)]
    assert made == list(range(0, 12, examples.QUICK_SHARE))


def test_an_unknown_mode_is_refused_not_taken_for_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(examples.VARIABLE, "fast")
    with pytest.raises(ValueError, match="quick"):
        examples.examples(10)


def test_the_full_run_draws_the_same_examples_and_the_quick_loop_fresh_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    before = settings.default
    try:
        for mode, fixed in (("full", True), ("quick", False)):
            monkeypatch.setenv(examples.VARIABLE, mode)
            examples.load_hypothesis_profile()
            assert settings.default.derandomize is fixed
    finally:
        settings.register_profile("before", before)
        settings.load_profile("before")

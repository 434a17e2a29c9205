"""How many random examples the property tests run.

`make test` and CI run every example. `make unit`, the inner loop, sets PBEM_TEST_EXAMPLES=quick
and runs a fifth of them (the same tests, each on the first fifth of its seeds; a check made at
every step of a long game, on every fifth step), so that a change gets an answer in two
minutes; the full counts still decide whether a change lands.

The full run is also the same run every time: its Hypothesis examples are drawn from a fixed
seed (`derandomize`), so that a change lands or not on its own merits. The quick loop draws new
examples at every run, so the inner loop keeps looking for inputs nobody thought of; what it
finds goes into a test's explicit cases.
"""

from __future__ import annotations

import os

from hypothesis import settings

VARIABLE = "PBEM_TEST_EXAMPLES"
MODES = ("full", "quick")
QUICK_SHARE = 5


def mode() -> str:
    """'full' (the default) or 'quick', from PBEM_TEST_EXAMPLES."""
    value = os.environ.get(VARIABLE, "full") or "full"
    if value not in MODES:
        raise ValueError(f"{VARIABLE} is {value!r}; it may be one of {', '.join(MODES)}")
    return value


def examples(full: int, least: int = 1) -> int:
    """`full` examples, or in the quick inner loop a fifth of them (at least `least`)."""
    return max(least, full // QUICK_SHARE) if mode() == "quick" else full


def sampled(index: int) -> bool:
    """Whether the `index`-th of a run of checks is made: every one, or in the quick inner loop
    every fifth."""
    return mode() == "full" or index % QUICK_SHARE == 0


def load_hypothesis_profile() -> None:
    """Hypothesis's settings for this mode: fixed examples in the full run, fresh ones in the
    quick loop."""
    settings.register_profile("full", derandomize=True)
    settings.register_profile("quick", derandomize=False)
    settings.load_profile(mode())

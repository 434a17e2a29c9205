"""Size limits: bounded acknowledgements, and work that grows linearly with the input.

Work is measured as the number of Python function calls (cProfile's count), never wall-clock.
"""

from __future__ import annotations

import cProfile
import pstats
from collections.abc import Callable
from pathlib import Path

import pytest

from pbem.mail.reading.inbound import read_message
from pbem.services.base.runtime import Runtime
from pbem.services.intake.entry import submit_by_address
from pbem.services.intake.intake_limits import MAX_PROBLEMS_LISTED
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from tests.support.runtime import make_runtime, sqlite_url

MK_PLAYERS = ["Ann <ann@localhost>", "Ben <ben@localhost>", "Cat <cat@localhost>"]


@pytest.fixture
def mk(tmp_path: Path) -> Runtime:
    """A Mighty Kingdoms campaign 'mk' on the shipped three-player map."""
    rt = make_runtime(sqlite_url(tmp_path))
    create_campaign(rt, NewCampaign("mk", "mighty-kingdoms", "valley-3", MK_PLAYERS, seed=3))
    return rt


def bad_lines(count: int) -> str:
    """`count` lines that are no orders at all, each worth one problem."""
    return "\n".join(f"army A{i} moev B{i % 7} C{i % 5} zzz" for i in range(count))


def calls(work: Callable[[], object]) -> int:
    """How many Python function calls `work` makes (deterministic, unlike a timer)."""
    profile = cProfile.Profile()
    profile.enable()
    work()
    profile.disable()
    return int(pstats.Stats(profile).total_calls)  # type: ignore[attr-defined]


def test_acknowledgement_lists_at_most_n_problems_then_how_many_more(mk: Runtime) -> None:
    receipt = submit_by_address(mk, "mk", "ann@localhost", bad_lines(60))
    ack = receipt["acknowledgement"]
    assert len(receipt["problems"]) >= 60
    listed = [line for line in ack.splitlines() if line.startswith("  line ")]
    assert len(listed) == MAX_PROBLEMS_LISTED
    more = len(receipt["problems"]) - MAX_PROBLEMS_LISTED
    assert f"and {more} more problems not listed here" in ack


def test_few_problems_are_all_listed_without_a_tail(mk: Runtime) -> None:
    ack = submit_by_address(mk, "mk", "ann@localhost", bad_lines(3))["acknowledgement"]
    assert len([line for line in ack.splitlines() if line.startswith("  line ")]) == 3
    assert "more problems" not in ack


def test_acknowledgement_size_does_not_grow_with_the_mail(mk: Runtime) -> None:
    small = submit_by_address(mk, "mk", "ann@localhost", bad_lines(100))["acknowledgement"]
    large = submit_by_address(mk, "mk", "ann@localhost", bad_lines(5000))["acknowledgement"]
    assert len(large) - len(small) < 100 and len(large) < 10_000


def test_submitting_orders_is_linear_in_the_number_of_lines(mk: Runtime) -> None:
    def submit(count: int) -> Callable[[], object]:
        return lambda: submit_by_address(mk, "mk", "ann@localhost", bad_lines(count))

    submit(10)()  # warm caches (templates, regexes) so they do not count against the small run
    small, large = calls(submit(1000)), calls(submit(4000))
    assert large / small < 4.4, (small, large)


def test_reading_a_mail_is_linear_in_its_size() -> None:
    def read(count: int) -> Callable[[], object]:
        body = bad_lines(count).replace("\n", "\r\n").encode()
        raw = b"From: a@localhost\r\nSubject: orders\r\nMessage-ID: <m@x>\r\n\r\n" + body
        return lambda: read_message(raw)

    read(10)()
    small, large = calls(read(2000)), calls(read(8000))
    assert large / small < 4.4, (small, large)


def test_summer_orders_parse_linearly() -> None:
    from pbem.games.mighty_kingdoms.game import GAME
    from tests.games.mighty_kingdoms.summer_fixtures import two_kingdoms

    state = two_kingdoms()
    lines = ["moev 1 B3", "move 99 to E8", "battle x", "target 7 Q9", 'move "1 to B3', "xyzzy"]

    def parse(count: int) -> Callable[[], object]:
        text = "\n".join(lines[i % len(lines)] for i in range(count))
        return lambda: GAME.parse(state, "p1", text)

    parse(12)()
    small, large = calls(parse(1200)), calls(parse(4800))
    assert large / small < 4.4, (small, large)

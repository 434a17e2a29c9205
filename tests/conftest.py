"""Shared fixtures: the real mail stack (Dovecot + SMTP relay) and fresh PostgreSQL databases.

Tests that need a service are marked `services`. When a service cannot be had they are
skipped, or fail when PBEM_REQUIRE_SERVICES=1 (CI sets it so a broken setup is loud).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import NoReturn

import pytest

from pbem.cli.collecting import collect_less
from pbem.services.base.seeding import FIXED_SECRET_VARIABLE
from tests.support import mailstack, postgres
from tests.support.built_once import build_each_app_once
from tests.support.examples import QUICK_SHARE, load_hypothesis_profile, mode
from tests.support.tile_folder import forget_tiles_of_this_run, keep_tiles_for_this_run

# PBEM_TEST_CPU=FILE writes the CPU each test takes (see tests/support/cpu_report.py).
pytest_plugins = ["pytester", "tests.support.cpu_report"]

STACK_USERS = ("referee", "alice", "bob", "carol", "dave", "erin", "frank")
SERVICE_FIXTURES = frozenset({"mail_stack", "pg_url"})
# The campaign secret every test's campaigns share, so that a --seed gives a known game (golden
# mail, dealt hands, two campaigns compared). Tests of secrecy remove it (see `random_secrets`).
TEST_CAMPAIGN_SECRET = "7e57" * 16


def pytest_configure(config: pytest.Config) -> None:
    """Silence a deprecation aiosmtpd triggers inside its own AUTH code; collect garbage less
    often (some 10% of the suite's CPU, for a few per cent more memory); build each CLI app's
    click command once (tests/support/built_once.py); keep painted tiles in a folder of the
    run's own (tests/support/tile_folder.py); draw Hypothesis's examples as the mode says
    (tests/support/examples.py)."""
    config.addinivalue_line(
        "filterwarnings", "ignore:Session.login_data is deprecated:DeprecationWarning"
    )
    collect_less()  # as `pbem` does (pbem/cli/collecting.py)
    build_each_app_once()
    keep_tiles_for_this_run()
    load_hypothesis_profile()


def pytest_unconfigure() -> None:
    """Remove the painted tiles this run kept, if this process made their folder."""
    forget_tiles_of_this_run()


def pytest_report_header() -> str:
    """Say how many random examples the property tests run (tests/support/examples.py)."""
    if mode() == "quick":
        return (f"random examples: quick (1/{QUICK_SHARE} of each property test's, fresh ones "
                "every run, make unit)")
    return "random examples: full (every property test's, the same every run, make test and CI)"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that uses a real-service fixture with `services`, and put the slow
    tests first: parallel workers (`make test`) deal them out round robin at the start, so
    no long test is left running alone at the end."""
    for item in items:
        if SERVICE_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.services)
    items.sort(key=_dealt_late(items))  # stable


def _dealt_late(items: list[pytest.Item]) -> Callable[[pytest.Item], bool]:
    """False for a slow test, True for the rest; a module that shares a fixture among its tests
    (an xdist group) moves whole, in pytest's order, so each of its fixtures is made once."""
    slow_groups = {_group(i) for i in items if i.get_closest_marker("slow") and _group(i)}

    def late(item: pytest.Item) -> bool:
        group = _group(item)
        return group not in slow_groups if group else item.get_closest_marker("slow") is None

    return late


def _group(item: pytest.Item) -> str | None:
    marker = item.get_closest_marker("xdist_group")
    return str(marker.args[0]) if marker and marker.args else None


@pytest.fixture(scope="session", autouse=True)
def _fixed_campaign_secret_for_shared_fixtures() -> Iterator[None]:
    """Fix the campaign secret before any module- or session-scoped fixture makes campaigns."""
    with pytest.MonkeyPatch.context() as session_patch:
        session_patch.setenv(FIXED_SECRET_VARIABLE, TEST_CAMPAIGN_SECRET)
        yield


@pytest.fixture(autouse=True)
def _fixed_campaign_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fix the campaign secret (PBEM_FIXED_CAMPAIGN_SECRET) for this test and its subprocesses."""
    monkeypatch.setenv(FIXED_SECRET_VARIABLE, TEST_CAMPAIGN_SECRET)


@pytest.fixture()
def random_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Campaigns made in this test draw their secrets from `secrets`, as in production."""
    monkeypatch.delenv(FIXED_SECRET_VARIABLE, raising=False)


def service_unavailable(reason: str) -> NoReturn:
    """Skip the test, or fail it when PBEM_REQUIRE_SERVICES=1."""
    if os.environ.get("PBEM_REQUIRE_SERVICES") == "1":
        pytest.fail(f"required service unavailable: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def _mail_stack_session() -> Iterator[mailstack.MailStack | str]:
    """Start the stack once per session; yields the reason string if it cannot start."""
    ok, reason = mailstack.available()
    if not ok:
        yield reason
        return
    users = {name: f"pw-{name}" for name in STACK_USERS}
    try:
        stack = mailstack.MailStack(users).start()
    except (mailstack.MailStackError, OSError) as exc:
        yield f"mail stack failed to start: {exc}"
        return
    try:
        yield stack
    finally:
        stack.stop()


@pytest.fixture()
def mail_stack(_mail_stack_session: mailstack.MailStack | str) -> mailstack.MailStack:
    """The session's Dovecot + SMTP relay (users referee, alice..frank; password pw-<name>)."""
    if isinstance(_mail_stack_session, str):
        service_unavailable(_mail_stack_session)
    return _mail_stack_session


@pytest.fixture(scope="session")
def _postgres_session() -> str:
    """Empty string when PostgreSQL is usable, otherwise why not (checked once)."""
    ok, reason = postgres.postgres_available()
    return "" if ok else reason


@pytest.fixture()
def pg_url(_postgres_session: str) -> Iterator[str]:
    """A fresh, empty database for one test, as a SQLAlchemy URL (postgresql+psycopg://)."""
    if _postgres_session:
        service_unavailable(_postgres_session)
    with postgres.fresh_database() as url:
        yield postgres.sqlalchemy_url(url)

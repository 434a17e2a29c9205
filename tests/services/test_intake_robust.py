"""No input crashes intake: arbitrary bytes and mangled real mail always get an outcome."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlmodel import Session, select

from pbem.ledger.models import InboundMessage
from pbem.services.base.runtime import Runtime
from pbem.services.intake.ingest import IngestStats, store_raw
from pbem.services.intake.mailroom import process_pending
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from tests.services.conftest import PLAYERS
from tests.support.examples import examples
from tests.support.runtime import make_runtime, register_toy, scenario_file, sqlite_url

REAL = (
    b"From: Alice <alice@localhost>\r\nTo: referee+duel.p1.abc@localhost\r\nSubject: Re: orders\r\n"
    b"Message-ID: <x@y>\r\nContent-Type: multipart/alternative; boundary=zz\r\n\r\n"
    b"--zz\r\nContent-Type: text/plain; charset=utf-8\r\n\r\npick 3\r\n--zz\r\n"
    b"Content-Type: text/html\r\n\r\n<p>pick 3</p>\r\n--zz--\r\n"
)


def mangled() -> st.SearchStrategy[bytes]:
    """Real mail with a slice cut out and random bytes put in."""
    return st.tuples(st.integers(0, len(REAL)), st.integers(0, 40), st.binary(max_size=60)).map(
        lambda t: REAL[: t[0]] + t[2] + REAL[t[0] + t[1] :]
    )


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(raw=st.one_of(st.binary(max_size=400), mangled()))
def test_any_bytes_get_an_outcome(rt: Runtime, toy_campaign: str, raw: bytes) -> None:
    with Session(rt.engine) as session:
        uid = len(session.exec(select(InboundMessage)).all()) + 1
    store_raw(rt, "test://box", raw, uid)
    stats = IngestStats()
    process_pending(rt, stats)
    with Session(rt.engine) as session:
        row = session.exec(select(InboundMessage).where(InboundMessage.uid == uid)).one()
    assert row.status in ("processed", "duplicate") and row.outcome


HEADER_TEXT = st.text(
    alphabet=st.characters(min_codepoint=0, max_codepoint=0x10FFFF), max_size=300
) | st.sampled_from(
    ["=?utf-7?q?+2AA-?=", "=?utf-8?q?a=00b?=", "\U0001f600" * 900, "\x00", "\r\n\t", "\udcff"]
)


@pytest.fixture(params=["sqlite", "postgresql"])
def backend_rt(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Runtime]:
    """A runtime with a toy campaign on each backend."""
    register_toy()
    url = sqlite_url(tmp_path) if request.param == "sqlite" else request.getfixturevalue("pg_url")
    runtime = make_runtime(url)
    create_campaign(runtime, NewCampaign("duel", "toy", scenario_file(tmp_path), PLAYERS, seed=7))
    yield runtime
    runtime.engine.dispose()


def _header_bytes(value: str) -> bytes:
    return value.encode("utf-8", "surrogatepass")


@settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(message_id=HEADER_TEXT, subject=HEADER_TEXT, name=HEADER_TEXT)
def test_any_header_values_are_stored_and_processed_on_both_backends(
    backend_rt: Runtime, message_id: str, subject: str, name: str
) -> None:
    raw = (
        b"From: " + _header_bytes(name) + b" <alice@localhost>\r\n"
        b"To: referee@localhost\r\nSubject: " + _header_bytes(subject) + b"\r\n"
        b"Message-ID: <" + _header_bytes(message_id) + b"@x>\r\n\r\npick 3\r\n"
    )
    with Session(backend_rt.engine) as session:
        uid = len(session.exec(select(InboundMessage)).all()) + 1
    store_raw(backend_rt, "test://box", raw, uid)
    process_pending(backend_rt, IngestStats())
    with Session(backend_rt.engine) as session:
        row = session.exec(select(InboundMessage).where(InboundMessage.uid == uid)).one()
    assert row.status in ("processed", "duplicate") and row.outcome
    assert len(row.message_id.encode("utf-8")) <= 512 and "\x00" not in row.message_id

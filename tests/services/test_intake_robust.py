"""No input crashes intake: arbitrary bytes and mangled real mail always get an outcome."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlmodel import Session, select

from pbem.ledger.models import InboundMessage
from pbem.services.ingest import IngestStats, process_pending, store_raw
from pbem.services.runtime import Runtime

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
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
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

"""Open seats: past the campaign's NMR limit a seat is offered by LIST and taken by SIGNON,
with a welcome showing the position and the others told; the referee may open one too."""

from __future__ import annotations

from pathlib import Path

from sqlmodel import Session, select

from pbem.ledger import queries
from pbem.ledger.models import Outbox
from pbem.services.base.runtime import Runtime
from pbem.services.community.seats import open_seat
from pbem.services.community.starting import start_full
from pbem.services.intake.entry import submit_by_address
from pbem.services.turns.turns import run_phase
from tests.community.test_desk import _open, _send, _texts


def _started(rt: Runtime, tmp_path: Path, nmr_limit: int = 0) -> None:
    _open(rt, tmp_path, nmr_limit=nmr_limit)
    _send(rt, "ann@x.org", "SIGNON spring")
    _send(rt, "ben@x.org", "SIGNON spring")
    start_full(rt)


def test_a_seat_past_the_nmr_limit_is_listed_and_taken(rt: Runtime, tmp_path: Path) -> None:
    _started(rt, tmp_path, nmr_limit=1)
    assert _send(rt, "cy@x.org", "SIGNON spring") == {"community.E_FULL": 1}
    submit_by_address(rt, "spring", "ann@x.org", "pick 3")
    run_phase(rt, "spring", force=True)  # Ben missed round 1
    _send(rt, "cy@x.org", "LIST")
    assert "spring (Toy Dice): running, open seat: p2" in _texts(rt, "cy@x.org")[-1]
    assert _send(rt, "ann@x.org", "SIGNON spring") == {"community.E_ALREADY": 1}
    assert _send(rt, "cy@x.org", "SIGNON spring") == {"community.took_seat": 1}
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, "spring")
        seat = queries.player_by_seat(session, campaign, "p2")
        assert seat is not None and seat.address == "cy@x.org" and seat.missed == 0
        kinds = session.exec(select(Outbox.kind).where(Outbox.recipient == "cy@x.org")).all()
    assert sorted(kinds) == ["community", "community", "community-list", "welcome"]
    (welcome,) = _texts(rt, "cy@x.org", "welcome")
    assert "You take over seat p2 from Ben" in welcome and "Round 2" in welcome
    assert len([t for t in _texts(rt, "ann@x.org") if "takes over p2" in t]) == 1
    assert _send(rt, "dee@x.org", "SIGNON spring") == {"community.E_FULL": 1}  # taken now


def test_the_referee_opens_a_seat(rt: Runtime, tmp_path: Path) -> None:
    _started(rt, tmp_path)
    assert open_seat(rt, "spring", "p1", "moved away")["status"] == "open"
    assert _send(rt, "cy@x.org", "SIGNON spring") == {"community.took_seat": 1}
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, "spring")
        seat = queries.player_by_seat(session, campaign, "p1")
        assert seat is not None and (seat.address, seat.status) == ("cy@x.org", "active")


def test_a_seat_the_referee_drops_is_offered_too(rt: Runtime, tmp_path: Path) -> None:
    _started(rt, tmp_path)
    _send(rt, "cy@x.org", "LIST")
    assert "open seat" not in _texts(rt, "cy@x.org")[-1]
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, "spring")
        seat = queries.player_by_seat(session, campaign, "p2")
        assert seat is not None
        seat.status = "dropped"  # as `player drop` leaves it (the toy game has no drop hook)
        session.add(seat)
        session.commit()
    _send(rt, "cy@x.org", "LIST")
    assert "running, open seat: p2" in _texts(rt, "cy@x.org")[-1]
    assert _send(rt, "cy@x.org", "SIGNON spring") == {"community.took_seat": 1}

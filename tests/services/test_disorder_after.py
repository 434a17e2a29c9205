"""Civil disorder without the referee (issue 36 item 6): with `disorder_after = N` a seat that
has missed N phases in a row (of `disorder_topic`, Diplomacy's movement phases) is dropped at
the end of the turn that found it silent, recorded as the referee's drop is (so replay agrees),
and every player is told; phases of another topic neither count nor reset."""

from __future__ import annotations

import email
from email.policy import default as default_policy
from pathlib import Path

from sqlmodel import Session, col, select

from pbem.games.diplomacy import GAME
from pbem.ledger import queries
from pbem.ledger.models import Adjustment, Outbox
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import current_state
from pbem.services.intake.entry import submit_by_address
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from pbem.services.turns.replay import replay
from pbem.services.turns.turns import run_phase
from tests.support.runtime import make_runtime, sqlite_url

NAME = "dip"
MOVEMENT = {"disorder_after": "2", "disorder_topic": "movement", "powers": "in-order"}


def _start(tmp_path: Path, sets: dict[str, str]) -> Runtime:
    rt = make_runtime(sqlite_url(tmp_path))
    players = [f"P{i} <p{i}@localhost>" for i in range(1, 6)]
    create_campaign(rt, NewCampaign(NAME, "diplomacy", None, players, seed=4, sets=sets))
    return rt


def _phase(rt: Runtime, silent: set[str], given: dict[str, str] | None = None) -> str:
    """Every seat but the `silent` ones sends its `given` orders or holds with every unit in a
    movement phase (and nothing in another); run the phase; its label."""
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, NAME)
        state = current_state(session, campaign)
        due = queries.open_phase(session, campaign)
        assert due is not None
        label = due.label
    for seat in sorted(set(state.powers) - silent):
        units = state.units_of(state.powers[seat]) if state.step == "movement" else []
        text = (given or {}).get(seat) or "\n".join(f"{u.kind} {u.at.upper()} H" for u in units)
        if text:
            submit_by_address(rt, NAME, seat, text)
    run_phase(rt, NAME, force=True)
    return label


def _disorder(rt: Runtime) -> list[str]:
    with Session(rt.engine) as session:
        return list(current_state(session, queries.campaign_named(session, NAME)).disorder)


def _told(rt: Runtime) -> list[str]:
    with Session(rt.engine) as session:
        rows = session.exec(select(Outbox).where(col(Outbox.key).startswith("disorder:"))).all()
        return [_text(row.raw) for row in rows]


def _text(raw: bytes) -> str:
    body = email.message_from_bytes(raw, policy=default_policy).get_body(("plain",))
    assert body is not None
    return str(body.get_content())


def test_a_seat_silent_for_two_movement_phases_falls_into_civil_disorder(tmp_path: Path) -> None:
    rt = _start(tmp_path, MOVEMENT)
    assert _phase(rt, {"p3", "p2"}) == "Spring 1901 movement"  # France and England silent
    assert _disorder(rt) == [] and _told(rt) == []  # one miss is not two
    assert _phase(rt, {"p3"}) == "Fall 1901 movement"  # England back, France silent again
    assert _disorder(rt) == ["p3"]
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, NAME)
        (drop,) = session.exec(select(Adjustment)).all()
        assert (drop.kind, drop.command) == ("drop", "p3")
        assert "missed 2 phases" in drop.reason
        player = queries.player_by_seat(session, campaign, "p3")
        assert player is not None and player.status == "dropped"
    told = _told(rt)
    assert len(told) == 5 and all("France falls into civil disorder" in t for t in told)
    assert "2 movement phases in a row," in told[0] and "of them Fall 1901 movement" in told[0]
    with Session(rt.engine) as session:
        state = current_state(session, queries.campaign_named(session, NAME))
    assert "p3" not in GAME.due(state).players and GAME.due(state).players  # France owes nothing
    _phase(rt, set())  # and the game goes on without it
    assert replay(rt, NAME).ok


def test_other_topics_neither_count_nor_reset_and_without_a_topic_every_phase_counts(
    tmp_path: Path,
) -> None:
    turkey_moves = {"p5": "A CON - BUL\nF ANK H\nA SMY H"}  # Turkey builds in the winter
    by_topic = _start(tmp_path / "a", MOVEMENT)
    any_phase = _start(tmp_path / "b", {"disorder_after": "2", "powers": "in-order"})
    for rt in (by_topic, any_phase):
        assert _phase(rt, set(), turkey_moves) == "Spring 1901 movement"
        assert _phase(rt, {"p5"}) == "Fall 1901 movement"  # Turkey's first miss
        assert _phase(rt, {"p5"}) == "Winter 1901 adjustments"  # its build missed too
    assert _disorder(any_phase) == ["p5"]  # every phase counts: two in a row
    assert _disorder(by_topic) == []  # the winter is not a movement phase: still one
    assert _phase(by_topic, {"p5"}) == "Spring 1902 movement"
    assert _disorder(by_topic) == ["p5"]  # the winter between did not reset the count
    assert replay(by_topic, NAME).ok and replay(any_phase, NAME).ok

    never = _start(tmp_path / "c", {"powers": "in-order"})
    for _ in range(3):
        _phase(never, {"p1"})
    assert _disorder(never) == []  # disorder_after = 0: the referee decides

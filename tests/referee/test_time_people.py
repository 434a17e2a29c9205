"""Referee services: deadlines, pause and resume, settings, people, orders on file, the log."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import Session, select

from pbem.clock import FixedClock
from pbem.errors import Conflict, Invalid, NotFound
from pbem.ledger import queries
from pbem.ledger.models import Outbox, Phase, Player, RefereeAction
from pbem.services.base.audit import campaign_log
from pbem.services.base.runtime import Runtime
from pbem.services.intake.entry import submit_by_address
from pbem.services.outbox.letters import player_token
from pbem.services.referee import lifecycle, orders_desk, people, timing
from pbem.services.referee.overview import detail, overview
from pbem.services.turns.turns import run_due


def _outbox(rt: Runtime, kind: str | None = None) -> list[Outbox]:
    with Session(rt.engine) as session:
        rows = session.exec(select(Outbox).order_by(Outbox.id)).all()
    return [r for r in rows if kind is None or r.kind == kind]


def _phase(rt: Runtime) -> Phase:
    with Session(rt.engine) as session:
        phase = session.exec(select(Phase).where(Phase.status == "open")).first()
        assert phase is not None
        return phase


def _actions(rt: Runtime) -> list[RefereeAction]:
    with Session(rt.engine) as session:
        return list(session.exec(select(RefereeAction).order_by(RefereeAction.id)).all())


def test_deadline_is_set_and_extended_with_reason_and_players_told(
    rt: Runtime, toy_campaign: str
) -> None:
    before = _phase(rt).deadline
    assert before is not None
    timing.set_deadline(rt, toy_campaign, "Bob is travelling", extend="2d")
    assert _phase(rt).deadline == before + timedelta(days=2)
    timing.set_deadline(rt, toy_campaign, "fixed time", at="2026-03-20T18:00")
    assert _phase(rt).deadline.isoformat() == "2026-03-20T17:00:00+00:00"  # Paris is +01:00
    notices = [r for r in _outbox(rt, "from-referee") if "deadline" in r.subject.lower()]
    assert len(notices) == 6 and {r.recipient for r in notices} >= {"bob@localhost"}
    assert [a.action for a in _actions(rt)] == ["deadline", "deadline"]
    assert '"reason":"Bob is travelling"' in _actions(rt)[0].detail_json


def test_deadline_refuses_no_reason_bad_text_and_the_past(rt: Runtime, toy_campaign: str) -> None:
    with pytest.raises(Invalid) as no_reason:
        timing.set_deadline(rt, toy_campaign, "  ", extend="1d")
    assert no_reason.value.code == "referee.E_REASON"
    with pytest.raises(Invalid) as bad:
        timing.set_deadline(rt, toy_campaign, "why", extend="soon")
    assert bad.value.code == "referee.E_DURATION"
    with pytest.raises(Invalid) as past:
        timing.set_deadline(rt, toy_campaign, "why", at="2020-01-01T00:00")
    assert past.value.code == "referee.E_DEADLINE_PAST"
    assert _actions(rt) == []


def test_pause_stops_orders_and_turns_and_resume_moves_the_deadline(
    rt: Runtime, toy_campaign: str
) -> None:
    deadline = _phase(rt).deadline
    assert deadline is not None and isinstance(rt.clock, FixedClock)
    paused_at = rt.clock.at
    timing.pause(rt, toy_campaign, "holiday")
    with pytest.raises(Conflict):
        submit_by_address(rt, toy_campaign, "alice@localhost", "pick 3")
    rt.clock.at = deadline + timedelta(days=1)
    assert run_due(rt) == []
    timing.resume(rt, toy_campaign, "back")
    assert _phase(rt).deadline == deadline + (rt.clock.at - paused_at)
    assert submit_by_address(rt, toy_campaign, "alice@localhost", "pick 3")["accepted"]
    titles = [r.subject for r in _outbox(rt, "from-referee")]
    assert sum("paused" in t for t in titles) == 3 and sum("resumed" in t for t in titles) == 3
    with pytest.raises(Conflict):
        timing.resume(rt, toy_campaign, "again")


def test_settings_change_is_validated_like_create(rt: Runtime, toy_campaign: str) -> None:
    result = timing.change_settings(
        rt, toy_campaign, {"deadline_hours": "48", "hold_for_questions": "yes"}, "slower"
    )
    assert result["changed"] == {"deadline_hours": 48, "hold_for_questions": True}
    with pytest.raises(Invalid) as unknown:
        timing.change_settings(rt, toy_campaign, {"speed": "fast"}, "why")
    assert unknown.value.code == "campaign.E_UNKNOWN_SETTING"
    with pytest.raises(Invalid) as fixed:
        timing.change_settings(rt, toy_campaign, {"rounds": "9"}, "why")
    assert fixed.value.code == "referee.E_GAME_SETTING_FIXED"
    with pytest.raises(Invalid):
        timing.change_settings(rt, toy_campaign, {"deadline_hours": "0"}, "too fast")
    with pytest.raises(Invalid):
        timing.change_settings(rt, toy_campaign, {"hold_for_questions": "maybe"}, "unsure")


def test_replace_gives_new_secret_address_and_a_welcome_with_the_report(
    rt: Runtime, toy_campaign: str
) -> None:
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, toy_campaign)
        old_token = player_token(campaign, queries.player_by_seat(session, campaign, "p2"))
    people.replace_player(rt, toy_campaign, "bob@localhost", "Dora <dora@localhost>", "Bob left")
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, toy_campaign)
        player = queries.player_by_seat(session, campaign, "p2")
        assert player is not None and player.address == "dora@localhost"
        assert player_token(campaign, player) != old_token
        with pytest.raises(NotFound):
            queries.player_by_address(session, campaign, "bob@localhost")
    welcome = _outbox(rt, "welcome")[-1]
    assert welcome.recipient == "dora@localhost"
    assert b"take over seat p2 from Bob" in welcome.raw and b"Round 1" in welcome.raw
    with pytest.raises(Invalid):
        people.replace_player(rt, toy_campaign, "p1", "X <carol@localhost>", "taken")


def test_addresses_and_secret_rotation(rt: Runtime, toy_campaign: str) -> None:
    people.change_address(rt, toy_campaign, "p1", "work mail", add="Alice@Work.Example")
    receipt = submit_by_address(rt, toy_campaign, "alice@work.example", "pick 4")
    assert receipt["seat"] == "p1"
    people.change_address(rt, toy_campaign, "p1", "left job", remove="alice@work.example")
    with pytest.raises(NotFound):
        submit_by_address(rt, toy_campaign, "alice@work.example", "pick 4")
    people.set_primary(rt, toy_campaign, "p1", "alice@new.example", "moved")
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, toy_campaign)
        player = queries.player_by_seat(session, campaign, "p1")
        assert player is not None and player.address == "alice@new.example"
        secret = player.secret
    people.rotate_secret(rt, toy_campaign, "p1", "leaked")
    with Session(rt.engine) as session:
        assert session.exec(select(Player).where(Player.seat == "p1")).one().secret != secret
    assert [a.action for a in _actions(rt)] == ["address", "address", "address", "rotate-secret"]


def test_orders_shown_and_cleared(rt: Runtime, toy_campaign: str) -> None:
    submit_by_address(rt, toy_campaign, "alice@localhost", "pick 6")
    rows = {r["seat"]: r for r in orders_desk.show_orders(rt, toy_campaign)}
    assert rows["p1"]["orders"] == "pick 6" and rows["p2"]["orders"] is None
    orders_desk.clear_orders(rt, toy_campaign, "p1", "sent by mistake")
    assert orders_desk.show_orders(rt, toy_campaign, "p1")[0]["orders"] is None


def test_overview_shows_late_flagged_bouncing_and_detail_digests(
    rt: Runtime, toy_campaign: str
) -> None:
    submit_by_address(rt, toy_campaign, "carol@localhost", "pick 2")
    with Session(rt.engine) as session:
        bob = session.exec(select(Player).where(Player.seat == "p2")).one()
        bob.status, bob.delivery = "flagged", "bouncing"
        session.add(bob)
        session.commit()
    line = overview(rt)[0]
    assert line["waiting"] == ["alice@localhost", "bob@localhost"] and line["late"] == []
    assert line["flagged"] == ["bob@localhost"] and line["bouncing"] == ["bob@localhost"]
    orders = {o["seat"]: o for o in detail(rt, toy_campaign)["orders"]}
    assert orders["p3"]["digest"] and len(orders["p3"]["digest"]) == 12
    assert orders["p1"]["sent_at"] is None


def test_end_and_archive_with_log(rt: Runtime, toy_campaign: str) -> None:
    with pytest.raises(Conflict):
        lifecycle.archive(rt, toy_campaign, "too soon")
    lifecycle.end_campaign(rt, toy_campaign, "Carol wins by agreement", "players agreed")
    lifecycle.archive(rt, toy_campaign, "done")
    assert overview(rt)[0]["status"] == "archived"
    assert overview(rt)[0]["declared_result"] == "Carol wins by agreement"
    log = campaign_log(rt, toy_campaign)
    referee = [e for e in log if e["kind"] == "referee"]
    assert [e["what"] for e in referee] == ["end", "archive"]
    assert referee[0]["reason"] == "players agreed"
    assert any(e["kind"] == "mail out" for e in log) and any(e["kind"] == "turn" for e in log)


def test_a_paused_campaign_sends_no_reminders(rt: Runtime, toy_campaign: str) -> None:
    from pbem.services.turns.reminders import send_reminders

    deadline = _phase(rt).deadline
    assert deadline is not None and isinstance(rt.clock, FixedClock)
    timing.pause(rt, toy_campaign, "holiday")
    rt.clock.at = deadline - timedelta(hours=1)
    assert send_reminders(rt) == 0
    timing.resume(rt, toy_campaign, "back")
    rt.clock.at = _phase(rt).deadline - timedelta(hours=1)  # type: ignore[operator]
    assert send_reminders(rt) == 3

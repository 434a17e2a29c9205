"""Preview, rollback and re-run, typed edits and drops: all replayable from the ledger."""

from __future__ import annotations

import email
import json
from email.policy import default as default_policy

import pytest
from sqlmodel import Session, func, select

from pbem.errors import Invalid
from pbem.ledger import queries
from pbem.ledger.models import Adjustment, Outbox, Phase, Player, RefereeAction, Submission
from pbem.services.base.runtime import Runtime
from pbem.services.base.state_diff import diff_states
from pbem.services.base.states import canonical_json, current_state
from pbem.services.intake.entry import submit_by_address
from pbem.services.turns import adjustments
from pbem.services.turns.preview import preview
from pbem.services.turns.replay import replay
from pbem.services.turns.rollback import rollback
from pbem.services.turns.turns import run_phase

ADDRESSES = ["alice@localhost", "bob@localhost", "carol@localhost"]


def _play_round(rt: Runtime, name: str, picks: list[int]) -> None:
    for address, pick in zip(ADDRESSES, picks, strict=True):
        submit_by_address(rt, name, address, f"pick {pick}")
    run_phase(rt, name, force=True)


def _state(rt: Runtime, name: str) -> dict[str, object]:
    with Session(rt.engine) as session:
        state = current_state(session, queries.campaign_named(session, name))
        return json.loads(canonical_json(state))


def _plain(raw: bytes) -> str:
    """The text part of a queued mail."""
    message = email.message_from_bytes(raw, policy=default_policy)
    body = message.get_body(preferencelist=("plain",))
    assert body is not None
    return str(body.get_content())


def _count(rt: Runtime, model: type) -> int:
    with Session(rt.engine) as session:
        return session.exec(select(func.count()).select_from(model)).one()


def test_preview_commits_nothing_and_matches_the_real_run(rt: Runtime, toy_campaign: str) -> None:
    submit_by_address(rt, toy_campaign, "alice@localhost", "pick 6")
    before = _state(rt, toy_campaign)
    rows = (_count(rt, Submission), _count(rt, Outbox), _count(rt, Phase))
    shown = preview(rt, toy_campaign, "bob@localhost")
    assert (_count(rt, Submission), _count(rt, Outbox), _count(rt, Phase)) == rows
    assert shown.defaults == ["p2", "p3"] and shown.player_report
    run_phase(rt, toy_campaign, force=True)
    assert shown.diff == diff_states(before, _state(rt, toy_campaign))


def test_rollback_shows_a_diff_then_reruns_and_sends_corrections(
    rt: Runtime, toy_campaign: str
) -> None:
    _play_round(rt, toy_campaign, [1, 1, 1])
    _play_round(rt, toy_campaign, [2, 2, 2])
    submit_by_address(rt, toy_campaign, "carol@localhost", "pick 4")  # round 3, carried over
    now = _state(rt, toy_campaign)
    plan = rollback(rt, toy_campaign, "round-1", {"p1": "pick 6"}, "Alice's mail was lost")
    assert not plan.committed and plan.rerun == ["round-1", "round-2"]
    assert _state(rt, toy_campaign) == now  # nothing changed yet
    done = rollback(rt, toy_campaign, "round-1", {"p1": "pick 6"}, "Alice's mail was lost", True)
    assert done.committed and _state(rt, toy_campaign)["last"] == {"p1": 2, "p2": 2, "p3": 2}
    assert plan.diff == done.diff == diff_states(now, _state(rt, toy_campaign))
    with Session(rt.engine) as session:
        statuses = [p.status for p in session.exec(select(Phase).order_by(Phase.seq)).all()]
        corrections = session.exec(select(Outbox).where(Outbox.kind == "correction")).all()
        open_phase = session.exec(select(Phase).where(Phase.status == "open")).one()
        carried = queries.live_submission(session, open_phase, "p3")
        action = session.exec(select(RefereeAction)).one()
        rerun_one = session.exec(select(Phase).where(Phase.seq == 4)).one()
        used = {r.seat: r.canonical for r in queries.used_submissions(session, rerun_one)}
    assert used == {"p1": "pick 6", "p2": "pick 1", "p3": "pick 1"}
    assert statuses == ["void", "void", "void", "done", "done", "open"]
    assert len(corrections) == plan.mails == 3
    assert all("CORRECTED" in c.subject for c in corrections)
    text = _plain(corrections[0].raw)
    assert text.startswith("CORRECTION: the referee re-ran the campaign from Round 1")
    assert "== Round 1 ==" in text and "== Round 2 ==" in text  # both phases re-run, one mail
    assert open_phase.key == "round-3" and carried is not None and carried.canonical == "pick 4"
    assert action.action == "rollback" and "lost" in action.detail_json
    assert replay(rt, toy_campaign).ok


def test_rollback_refuses_orders_that_do_not_parse(rt: Runtime, toy_campaign: str) -> None:
    _play_round(rt, toy_campaign, [1, 1, 1])
    with pytest.raises(Invalid) as caught:
        rollback(rt, toy_campaign, "round-1", {"p1": "pick 9"}, "typo", True)
    assert caught.value.code == "referee.E_RERUN"
    with Session(rt.engine) as session:
        assert session.exec(select(Phase).where(Phase.status == "void")).all() == []


def test_edits_and_drops_are_replayed_and_told_to_players(rt: Runtime, editable: str) -> None:
    _play_round(rt, editable, [3, 3, 3])
    adjustments.edit_state(rt, editable, "score p2 5", "scoring error last round")
    adjustments.drop_player(rt, editable, "carol@localhost", "Carol left the game")
    state = _state(rt, editable)
    assert state["scores"]["p2"] == 5 and state["scores"]["p3"] == 0
    with Session(rt.engine) as session:
        notices = session.exec(
            select(Outbox).where(Outbox.subject.contains("Referee adjustment"))
        ).all()
        carol = session.exec(select(Player).where(Player.seat == "p3")).one()
    assert len(notices) == 6 and carol.status == "dropped"
    assert b"score p2 5" in notices[0].raw
    _play_round(rt, editable, [1, 1, 1])
    assert replay(rt, editable).ok and replay(rt, editable).checked == 5
    with pytest.raises(Invalid) as refused:
        adjustments.edit_state(rt, editable, "score p9 1", "no such seat")
    assert refused.value.code == "referee.E_EDIT"


def test_rollback_voids_later_adjustments_and_replay_still_matches(
    rt: Runtime, editable: str
) -> None:
    _play_round(rt, editable, [3, 3, 3])
    adjustments.edit_state(rt, editable, "score p1 9", "bonus")
    _play_round(rt, editable, [2, 2, 2])
    plan = rollback(rt, editable, "round-1", {}, "re-run round one", True)
    assert plan.voided_adjustments == 1
    with Session(rt.engine) as session:
        assert session.exec(select(Adjustment)).one().void
    assert _state(rt, editable)["scores"]["p1"] <= 2  # two rounds, and the bonus is gone
    assert replay(rt, editable).ok
    with Session(rt.engine) as session:
        corrections = session.exec(select(Outbox).where(Outbox.kind == "correction")).all()
    assert len(corrections) == 3  # one a player, each naming the edit it undid
    for row in corrections:
        text = _plain(row.raw)
        assert "The rollback also undid what the referee changed since then:" in text
        assert "score p1 9" in text


def test_the_toy_game_has_no_edit_hook(rt: Runtime, toy_campaign: str) -> None:
    with pytest.raises(Invalid) as caught:
        adjustments.edit_state(rt, toy_campaign, "score p1 1", "try")
    assert caught.value.code == "referee.E_NO_HOOK"


def test_a_rollback_waits_for_a_running_tick(
    rt: Runtime, toy_campaign: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pbem.errors import Locked
    from pbem.services.base.locks import run_lock
    from pbem.services.turns import rollback as rollback_module

    _play_round(rt, toy_campaign, [1, 1, 1])
    monkeypatch.setattr(rollback_module, "LOCK_WAIT_SECONDS", 0.2)
    with run_lock(rt.engine, 1), pytest.raises(Locked):
        rollback(rt, toy_campaign, "round-1", {}, "while a tick runs", True)
    assert rollback(rt, toy_campaign, "round-1", {}, "no tick now", True).committed


def test_a_draft_of_a_rolled_back_phase_is_retired_not_drawn(
    rt: Runtime, toy_campaign: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pbem.services.reports.drafts import draw_drafts
    from pbem.services.turns import turns

    monkeypatch.setattr(turns, "draw_drafts", lambda _rt: 0)  # the tick died before drawing
    _play_round(rt, toy_campaign, [1, 1, 1])
    monkeypatch.undo()
    rollback(rt, toy_campaign, "round-1", {"p1": "pick 6"}, "Alice's mail was lost", True)
    assert draw_drafts(rt) == 0
    with Session(rt.engine) as session:
        reports = session.exec(select(Outbox).where(Outbox.kind == "report")).all()
        corrections = session.exec(select(Outbox).where(Outbox.kind == "correction")).all()
    assert {r.status for r in reports} == {"void"} and len(reports) == 3
    assert [c.status for c in corrections] == ["pending"] * 3  # the corrections go instead


def test_a_private_line_of_an_undone_edit_reaches_only_its_seat() -> None:
    from pbem.services.turns.rollback import _undone_note

    undone = {None: ["The referee changed the game: a card into P1's hand."],
              "p1": ["You were given: Gold."]}
    mine, theirs = _undone_note(undone, "p1"), _undone_note(undone, "p2")
    assert "a card into P1's hand" in mine and "You were given: Gold." in mine
    assert "a card into P1's hand" in theirs and "Gold" not in theirs
    assert _undone_note({}, "p1") == ""  # nothing undone: no note


def test_a_rollback_that_voids_a_drop_gives_the_seat_back_to_its_player(
    rt: Runtime, editable: str
) -> None:
    _play_round(rt, editable, [3, 3, 3])
    adjustments.drop_player(rt, editable, "carol@localhost", "Carol left the game")
    _play_round(rt, editable, [2, 2, 2])
    plan = rollback(rt, editable, "round-1", {}, "Carol came back", True)
    assert plan.voided_adjustments == 1
    with Session(rt.engine) as session:
        carol = session.exec(select(Player).where(Player.seat == "p3")).one()
    assert carol.status == "active"  # the state has her seat again: so has she
    assert replay(rt, editable).ok

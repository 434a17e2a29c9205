"""A mail is taken for the phase it was written for (issue 29): the thread binds it, and it may
only be used while its seat has not been asked for input since (services/turns/freshness.py)."""

from __future__ import annotations

from collections.abc import Iterator
from email import message_from_bytes
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session, col, select

from pbem.core.game import Due
from pbem.core.rng import SeededRng
from pbem.ledger import queries
from pbem.ledger.models import Outbox, Phase, Player, Submission
from pbem.mail.routing import plus_address, token_for
from pbem.registry import games
from pbem.services.base.runtime import Runtime
from pbem.services.intake.entry import submit_by_address
from pbem.services.intake.ingest import IngestStats, store_raw
from pbem.services.intake.mailroom import process_pending
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from pbem.services.turns.rollback import rollback
from pbem.services.turns.turns import run_phase
from tests.support.reaction_toy import GAME as REACT
from tests.support.runtime import make_runtime, scenario_file, sqlite_url
from tests.support.toy_game import Pick, ToyGame, ToyState

PLAYERS = ["Alice <alice@localhost>", "Bob <bob@localhost>"]


class CarryOver(ToyGame):
    """The toy game, but its orders carry over from phase to phase."""

    meta = ToyGame.meta.model_copy(update={"name": "toy-carry", "orders_carry_over": True})


class TakeTurns(ToyGame):
    """The toy game, but only p1 owes each round; p2 may pick, or not (then 1)."""

    meta = ToyGame.meta.model_copy(update={"name": "toy-turns"})

    def due(self, state: ToyState) -> Due:
        """p1 owes, p2 may send."""
        return Due(players=["p1"], optional=["p2"]) if state.round <= state.rounds else Due()

    def advance(self, state: ToyState, inputs: dict[str, Any], rng: SeededRng) -> Any:
        """As the toy game, a silent p2 picking 1."""
        return super().advance(state, {"p2": Pick(number=1), **inputs}, rng)


@pytest.fixture(params=["toy", "toy-carry", "toy-turns"])
def camp(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Runtime]:
    """A two-player campaign "duel" of one toy game; round 1 open."""
    registered = {"toy": ToyGame(), "toy-carry": CarryOver(), "toy-turns": TakeTurns()}
    games()[request.param] = registered[request.param]
    rt = make_runtime(sqlite_url(tmp_path))
    new = NewCampaign("duel", request.param, scenario_file(tmp_path), PLAYERS, seed=3)
    create_campaign(rt, new)
    yield rt
    rt.engine.dispose()
    games().pop(request.param, None)


def _game(rt: Runtime) -> str:
    with Session(rt.engine) as session:
        return queries.campaign_named(session, "duel").game


def _letters(rt: Runtime, kind: str, to: str = "alice@localhost") -> list[Outbox]:
    with Session(rt.engine) as session:
        rows = session.exec(
            select(Outbox)
            .where(Outbox.kind == kind, Outbox.recipient == to)
            .order_by(col(Outbox.id))
        ).all()
        return list(rows)


def _reply(rt: Runtime, to: Outbox, body: str, sender: str = "alice@localhost") -> dict[str, int]:
    """Reply to one of our letters as a mail client would, and process it."""
    with Session(rt.engine) as session:
        player = session.exec(select(Player).where(Player.address == sender)).one()
    message = EmailMessage()
    message["From"] = sender
    message["To"] = plus_address("referee@localhost", token_for("duel", player.seat, player.secret))
    message["Subject"] = "Re: " + to.subject
    message["Message-ID"] = make_msgid(domain="players.localhost")
    message["In-Reply-To"] = to.message_id
    message["References"] = to.message_id
    message.set_content(body)
    store_raw(rt, "test://box", bytes(message), next(_uid))
    stats = IngestStats()
    process_pending(rt, stats)
    return stats.outcomes


_uid = iter(range(1, 100_000))


def _text(row: Outbox) -> str:
    body = message_from_bytes(row.raw).get_payload(decode=True)
    assert isinstance(body, bytes)
    return body.decode()


def _live(rt: Runtime, seat: str = "p1") -> Submission | None:
    with Session(rt.engine) as session:
        phase = queries.open_phase(session, queries.campaign_named(session, "duel"))
        assert phase is not None
        return queries.live_submission(session, phase, seat)


def test_a_reply_to_the_newest_report_is_taken_for_the_open_phase(camp: Runtime) -> None:
    run_phase(camp, "duel", force=True)
    (report,) = _letters(camp, "report")
    assert _reply(camp, report, "pick 3") == {"mail.orders_accepted": 1}
    live = _live(camp)
    assert live is not None and live.canonical == "pick 3"
    ack = _letters(camp, "ack")[-1]
    assert "Taken for: Round 2" in _text(ack)


def test_a_reply_to_a_mail_of_a_decided_phase_is_refused_naming_both(camp: Runtime) -> None:
    (welcome,) = _letters(camp, "welcome")
    assert _reply(camp, welcome, "pick 6") == {"mail.orders_accepted": 1}
    run_phase(camp, "duel", force=True)
    outcome = _reply(camp, welcome, "pick 2")
    if _game(camp) == "toy-carry":  # the game says orders carry over: taken for round 2
        assert outcome == {"mail.orders_accepted": 1}
        return
    assert outcome == {"mail.E_OLD_PHASE": 1}
    assert _live(camp) is None  # nothing recorded for round 2
    notice = _letters(camp, "notice")[-1]
    text = _text(notice)
    assert "Your orders were not used: they were for Round 1" in notice.subject
    assert "Your mail replies to our mail about Round 1." in text
    assert "That phase has been decided, with these orders from you" in text
    assert "pick 6" in text and "Open now: Round 2" in text and "mail.E_OLD_PHASE" in text


def test_a_reply_to_the_acknowledgement_of_the_open_phase_replaces_the_orders(
    camp: Runtime,
) -> None:
    (welcome,) = _letters(camp, "welcome")
    _reply(camp, welcome, "pick 2")
    ack = _letters(camp, "ack")[-1]
    assert _reply(camp, ack, "pick 5") == {"mail.orders_accepted": 1}
    live = _live(camp)
    assert live is not None and live.canonical == "pick 5"


def test_a_seat_asked_nothing_since_is_still_heard(camp: Runtime) -> None:
    (welcome,) = _letters(camp, "welcome", to="bob@localhost")
    run_phase(camp, "duel", force=True)
    outcome = _reply(camp, welcome, "pick 4", sender="bob@localhost")
    if _game(camp) == "toy":  # bob owed round 1, which was decided with his default
        assert outcome == {"mail.E_OLD_PHASE": 1}
        assert "the default for you" in _text(_letters(camp, "notice", "bob@localhost")[-1])
        return
    # toy-turns: bob owed nothing in round 1 or now, so his pick is optional input for round 2;
    # toy-carry: orders carry over
    assert outcome == {"mail.orders_accepted": 1}
    live = _live(camp, "p2")
    assert live is not None and live.canonical == "pick 4"


def test_a_reply_bound_to_a_phase_a_rollback_replaced_is_taken_for_its_replacement(
    camp: Runtime,
) -> None:
    run_phase(camp, "duel", force=True)
    (report,) = _letters(camp, "report")  # sent while round 2 was open
    rollback(camp, "duel", "round-1", {"p1": "pick 6"}, "a fix", confirm=True)
    with Session(camp.engine) as session:
        voided = session.exec(select(Phase).where(Phase.status == "void")).all()
    assert [p.key for p in voided if p.key == "round-2"]  # the round 2 it was bound to is gone
    assert _reply(camp, report, "pick 3") == {"mail.orders_accepted": 1}
    live = _live(camp)
    assert live is not None and live.canonical == "pick 3"


@pytest.fixture
def duel(tmp_path: Path) -> Iterator[Runtime]:
    """A strike-and-block campaign "duel": alice (p1) strikes, bob (p2) is asked to block."""
    games()["toy-react"] = REACT
    rt = make_runtime(sqlite_url(tmp_path))
    create_campaign(rt, NewCampaign("duel", "toy-react", scenario_file(tmp_path), PLAYERS, seed=3))
    yield rt
    rt.engine.dispose()
    games().pop("toy-react", None)


def _fresh(rt: Runtime, subject: str, body: str, sender: str = "bob@localhost") -> dict[str, int]:
    """A new mail (no thread headers), from bob unless said, with the sender's key."""
    with Session(rt.engine) as session:
        player = session.exec(select(Player).where(Player.address == sender)).one()
    message = EmailMessage()
    message["From"] = sender
    message["To"] = plus_address(
        "referee@localhost", token_for("duel", player.seat, player.secret)
    )
    message["Subject"] = subject
    message["Message-ID"] = make_msgid(domain="players.localhost")
    message.set_content(body)
    store_raw(rt, "test://box", bytes(message), next(_uid))
    stats = IngestStats()
    process_pending(rt, stats)
    return stats.outcomes


def _strike(rt: Runtime) -> None:
    submit_by_address(rt, "duel", "alice@localhost", "strike")
    run_phase(rt, "duel", force=True)


def test_a_question_named_in_the_subject_binds_a_mail_without_thread_headers(
    duel: Runtime,
) -> None:
    _strike(duel)
    (asked,) = _letters(duel, "reaction", to="bob@localhost")
    assert "question w1" in asked.subject
    assert "Question w1, asked by: Round 1: strike\n" in _text(asked).replace("\r\n", "\n")
    assert _fresh(duel, "Re: question w1", "react block") == {"mail.orders_accepted": 1}
    run_phase(duel, "duel", force=True)
    _strike(duel)  # question w2 to bob is open now
    assert _fresh(duel, "about question w1", "react pass") == {"mail.E_OLD_QUESTION": 1}
    assert _live(duel, "p2") is None
    text = _text(_letters(duel, "notice", to="bob@localhost")[-1]).replace("\r\n", "\n")
    assert "Your mail answers question w1 (Round 1: answer-w1)." in text
    assert 'That question is closed: the answer taken was\n"block" (your answer)' in text
    assert "Open now: question w2 to you" in text
    assert _fresh(duel, "my answer", "react pass") == {"mail.orders_accepted": 1}  # unbound
    live = _live(duel, "p2")
    assert live is not None and live.canonical == "react pass"


def test_an_answer_to_another_players_question_is_refused_as_theirs(duel: Runtime) -> None:
    _strike(duel)  # question w1 is bob's
    outcome = _fresh(duel, "Re: question w1", "react block", sender="alice@localhost")
    assert outcome == {"mail.E_NOT_YOUR_QUESTION": 1}
    assert _live(duel, "p1") is None and _live(duel, "p2") is None  # nothing taken or closed
    (notice,) = _letters(duel, "notice", to="alice@localhost")
    assert "Your answer was not used: question w1 is not yours" in notice.subject
    text = _text(notice).replace("\r\n", "\n")
    assert "question w1, which was asked of another player" in text
    assert "mail.E_NOT_YOUR_QUESTION" in text
    assert _fresh(duel, "Re: question w1", "react block") == {"mail.orders_accepted": 1}  # bob


def test_a_reply_in_the_thread_of_another_players_question_is_refused_as_theirs(
    duel: Runtime,
) -> None:
    """The issue's case: alice replies, with her own key, to the mail that asked bob (its
    In-Reply-To and subject both name his question); nothing is taken or closed."""
    _strike(duel)
    (asked,) = _letters(duel, "reaction", to="bob@localhost")
    assert _reply(duel, asked, "react block", sender="alice@localhost") == {
        "mail.E_NOT_YOUR_QUESTION": 1}
    assert _live(duel, "p1") is None and _live(duel, "p2") is None
    assert _reply(duel, asked, "react block", sender="bob@localhost") == {
        "mail.orders_accepted": 1}  # still bob's to answer

"""Team play by email through the real Dovecot and SMTP: a team-mate's mail while a question
is open, a mail of Blessings alone in one's own turn, and the hand-limit question.

Two prophets at the Jehoash level, seed 118 (under the suite's fixed campaign secret): after
two empty turns, round 2's Sin Increases makes an Idol at Mount Nebo; Ben (p2), holding Fed
by Ravens, is asked first and passes, then Ann (p1) is asked whether to answer it with Fire
from Heaven.
With his answer Ben sends a Blessing and his next turn: kept while Ann's question is open,
and played without another mail once Ann has answered. Then Ann's mail holding only a
Blessing plays it and leaves her turn owed; her next mail acquires past the hand limit and
she is asked which card goes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem.games.kings_of_israel import GAME
from pbem.sandbox.mailstack import MailStack
from pbem.services.turns.replay import replay
from tests.e2e.loop import Loop, text_of
from tests.games.kings_of_israel.test_mail_game import NAME, ledger_codes, newest, state_of


def send(loop: Loop, user: str, subject: str, text: str) -> None:
    """Reply to the newest mail whose subject has `subject`; the mail must be accepted."""
    loop.reply(user, newest(loop, user, subject), text)
    result = loop.tick()
    assert result.ingest.outcomes == {"mail.orders_accepted": 1}, text_of(loop.inbox(user)[-1])


def to_the_question(loop: Loop, ben_answers: str = "answer pass") -> tuple[str, str]:
    """Two empty turns; Ben passes on the Idol at Mount Nebo with `ben_answers`, then Ann is
    asked about it; the two players."""
    loop.start_game(NAME, "kings-of-israel", 2, seed=118, sets={"level": "jehoash"})
    loop.tick()
    ann, ben = loop.players
    send(loop, ann, "Welcome", "end")
    send(loop, ben, "Report", "end")
    state = state_of(loop)
    assert state.window is not None and state.window.trigger == "ki.idol"
    # every prophet holding a Blessing is asked, Starting Player (Ben) first: his Fed by
    # Ravens cannot answer an Idol, but being asked must not tell Ann so (issue 24)
    assert state.window.seat == "p2" and state.window.facts["place"] == "mount-nebo"
    assert [b.rsplit(".", 1)[0] for b in state.prophets["p2"].blessings] == ["ravens"]
    send(loop, ben, "Your answer, please", ben_answers)
    state = state_of(loop)
    assert state.window is not None and state.window.trigger == "ki.idol"
    assert state.window.seat == "p1" and state.window.facts["place"] == "mount-nebo"
    return ann, ben


@pytest.mark.slow
def test_a_late_blessing_sent_alone_is_never_a_turn(mail_stack: MailStack, tmp_path: Path) -> None:
    loop = Loop(mail_stack, tmp_path)
    ann, ben = to_the_question(loop)
    send(loop, ann, "Your answer, please", "answer pass")
    send(loop, ben, "Report", "acquire")  # round 2 opens with Ben's turn
    assert GAME.due(state_of(loop)).players == ["p1"]
    send(loop, ann, "Report", "play fire-from-heaven mount-nebo")
    ack = text_of(newest(loop, ann, "Orders received"))
    assert "Blessings alone, played as this phase runs; your turn is still owed" in ack
    state = state_of(loop)
    assert "mount-nebo" not in state.idols and state.prophets["p1"].blessings == []
    assert GAME.due(state).players == ["p1"] and state.actions_left == 4 and state.round == 2


@pytest.mark.slow
def test_team_mail_during_a_question_and_blessings_alone(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = Loop(mail_stack, tmp_path)
    # 11: Ben's Blessing and actions, sent with his answer, kept while Ann's question is open
    ann, ben = to_the_question(loop, "answer pass\nplay ravens p2\nmove gilgal\npreach")
    state = state_of(loop)
    assert [b.rsplit(".", 1)[0] for b in state.prophets["p2"].blessings] == ["ravens"]
    assert state.prophets["p2"].at == "jericho"  # Gilgal has no Sin to preach away here
    ack = text_of(newest(loop, ben, "Orders received"))
    assert "kept while the question is open, for the next prophet's turn" in ack
    assert "next turn  # not your turn now, so your next turn" in ack
    assert state_of(loop).window is not None  # Ann's question is still open
    send(loop, ann, "Your answer, please", "answer pass")
    state = state_of(loop)
    codes = ledger_codes(loop)
    assert "ki.plan_used" in codes  # round 2 began with Ben's turn, from his mail
    assert state.prophets["p2"].at == "gilgal"
    assert len(state.prophets["p2"].hand) == 4 and state.prophets["p2"].blessings == []
    assert GAME.due(state).players == ["p1"]

    # 12: a mail of Blessings alone is not Ann's turn
    send(loop, ann, "Report", "play fire-from-heaven mount-nebo")
    ack = text_of(newest(loop, ann, "Orders received"))
    assert "Blessings alone, played as this phase runs; your turn is still owed" in ack
    state = state_of(loop)
    assert "mount-nebo" not in state.idols and state.prophets["p1"].blessings == []
    assert GAME.due(state).players == ["p1"] and state.actions_left == 4

    # 14: over the hand limit Ann chooses the card that goes
    send(loop, ann, "Report", "acquire\nacquire\nacquire\nacquire")
    state = state_of(loop)
    assert state.window is not None and state.window.trigger == "ki.discard"
    question = text_of(newest(loop, ann, "Your answer, please"))
    assert "You must discard a Resource card now" in question
    assert "gold: discard a Gold card" in question
    golds = [c for c in state.prophets["p1"].hand if c.startswith("gold.")]
    send(loop, ann, "Your answer, please", "answer gold")
    state = state_of(loop)
    assert len(state.prophets["p1"].hand) == 6
    assert len([c for c in state.prophets["p1"].hand if c.startswith("gold.")]) == len(golds) - 1
    assert state.round == 3 and ledger_codes(loop).count("ki.turn_over") == 4
    assert loop.rt is not None and replay(loop.rt, NAME).ok

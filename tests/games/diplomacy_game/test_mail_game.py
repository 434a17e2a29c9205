"""Whole Diplomacy games by email through the real Dovecot and SMTP servers.

Each player whose power has something to order replies to their latest report with orders
(a bot's, written out as text); the acknowledgement restates them and names the units left
out; a vote for a draw stays with its voter until every survivor has voted. Seven players play
to the game's last year, five to a draw by mail; both replay exactly from the ledger.
"""

from __future__ import annotations

import os
from email.message import Message
from pathlib import Path

import pytest
from sqlmodel import Session

from pbem.core.rng import SeededRng, derive_seed
from pbem.games.diplomacy import GAME
from pbem.games.diplomacy.state import DipState
from pbem.ledger import queries
from pbem.sandbox.mailstack import MailStack
from pbem.services.base.states import current_state
from pbem.services.turns.replay import replay
from tests.e2e.loop import Loop, text_of

GOLDEN = Path(__file__).parent / "golden"
NAMES = ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus")
FRANCE_FIRST = "A Paris -> Burgundy\nF Brest - Mid\nA MAR - Burgandy\n"
FRANCE_FIXED = "A Paris -> Burgundy\nF Brest - Mid\nA MAR H\n"  # what the default made of it


def state_of(loop: Loop) -> DipState:
    """The campaign's current state, read from the ledger."""
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        state: DipState = current_state(session, queries.campaign_named(session, "dip"))
    return state


def newest(loop: Loop, user: str, words: tuple[str, ...]) -> Message:
    """The newest mail to `user` whose subject holds one of `words`."""
    return [m for m in loop.inbox(user) if any(w in str(m["Subject"]) for w in words)][-1]


def check_golden(name: str, text: str) -> None:
    """Compare with golden/NAME; PBEM_UPDATE_GOLDEN=1 rewrites it (review the diff)."""
    path = GOLDEN / name
    if os.environ.get("PBEM_UPDATE_GOLDEN") == "1":
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"missing {path}; run with PBEM_UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")


def named(loop: Loop, text: str) -> str:
    """Text with the fresh mailbox names replaced by fixed ones."""
    for user, name in zip(loop.players, NAMES, strict=False):
        text = text.replace(user.title(), name).replace(user, name.lower())
    return text


def between(message: Message, first: str, last: str) -> str:
    """The lines of a mail's text from the line starting `first` up to the one starting
    `last` (the deadline and digest after it change from run to run)."""
    lines = text_of(message).splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(first))
    end = next(i for i, line in enumerate(lines) if i > start and line.startswith(last))
    return "\n".join(lines[start:end]).rstrip() + "\n"


def orders_for(state: DipState, seat: str, step: int, extra: str = "") -> str:
    """A bot's orders for the seat, as the text a player would mail."""
    made = GAME.random_input(state, seat, SeededRng(derive_seed(27, f"{step}-{seat}")))
    return GAME.canonical(state, seat, made) + extra


def play(loop: Loop, limit: int, extra: dict[str, str] | None = None) -> int:
    """Every due player replies to their newest report until the game is over."""
    seats = {f"p{i + 1}": user for i, user in enumerate(loop.players)}
    for step in range(limit):
        state = state_of(loop)
        if GAME.outcome(state) is not None:
            return step
        due = GAME.due(state).players
        for seat in due:
            mail = newest(loop, seats[seat], ("Report", "Welcome"))
            text = orders_for(state, seat, step, (extra or {}).get(seat, ""))
            loop.reply(seats[seat], mail, text)
        result = loop.tick()
        assert result.ingest.outcomes == {"mail.orders_accepted": len(due)}, result.ingest
    raise AssertionError("the game did not end")


def start(loop: Loop, players: int, **sets: str) -> dict[str, str]:
    loop.start_game("dip", "diplomacy", players, seed=27, sets={"powers": "in-order", **sets})
    loop.tick()
    seats = {f"p{i + 1}": user for i, user in enumerate(loop.players)}
    for user in seats.values():
        assert "Welcome" in str(loop.new_mail(user)[0]["Subject"])
    return seats


@pytest.mark.slow
def test_seven_players_play_to_the_last_year_by_mail(mail_stack: MailStack,
                                                      tmp_path: Path) -> None:
    loop = Loop(mail_stack, tmp_path)
    seats = start(loop, 7, end_year="1902")
    state = state_of(loop)
    for seat, user in seats.items():
        text = FRANCE_FIRST if seat == "p3" else orders_for(state, seat, 0)
        loop.reply(user, newest(loop, user, ("Welcome",)), text)
    loop.tick()
    ack = newest(loop, seats["p3"], ("Orders received",))
    assert "with problems" in str(ack["Subject"])
    check_golden("france_first_ack.txt", named(loop, between(ack, "PROBLEMS", "Receipt")))
    assert not [m for m in loop.inbox(seats["p3"]) if "Report" in str(m["Subject"])]
    loop.reply(seats["p3"], ack, FRANCE_FIXED)  # a mail with errors never runs a phase early
    loop.tick()
    report = newest(loop, seats["p3"], ("Report",))
    check_golden("france_spring_1901.txt", named(loop, between(report, "ORDERS AND", "NEXT:")))
    assert "cid:map" in report.as_string() or "map" in report.as_string()
    phases = play(loop, 40)
    final = state_of(loop)
    outcome = GAME.outcome(final)
    assert outcome is not None and final.year == 1902 and phases >= 2
    for user in seats.values():
        last = text_of(newest(loop, user, ("Report",)))
        assert "FINAL STANDINGS" in last and "The game is over." in last
    assert loop.rt is not None and replay(loop.rt, "dip").ok


@pytest.mark.slow
def test_five_players_agree_a_draw_by_mail_and_the_votes_stay_secret(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = Loop(mail_stack, tmp_path)
    seats = start(loop, 5)
    state = state_of(loop)
    assert sorted(state.powers.values()) == ["austria", "england", "france", "russia", "turkey"]
    for seat, user in seats.items():
        vote = "\nDRAW\n" if seat == "p1" else ""
        loop.reply(user, newest(loop, user, ("Welcome",)), orders_for(state, seat, 0) + vote)
    loop.tick()
    for seat, user in seats.items():
        report = text_of(newest(loop, user, ("Report",)))
        assert ("Austria votes for a draw" in report) == (seat == "p1"), seat
    play(loop, 40, extra={seat: "\nDRAW\n" for seat in seats})
    outcome = GAME.outcome(state_of(loop))
    assert outcome is not None and {r["result"] for r in outcome.standings} == {"draw"}
    for user in seats.values():
        assert "drawn by unanimous vote" in text_of(newest(loop, user, ("Report",)))
    assert loop.rt is not None and replay(loop.rt, "dip").ok

"""What pbem tells players, queued in the outbox inside the transaction that caused it."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from pbem.core.game import REFEREE
from pbem.ledger import queries
from pbem.ledger.models import Campaign, Phase, Player
from pbem.render.standings import result_lines
from pbem.render.templating import wording
from pbem.services.base.runtime import Runtime
from pbem.services.base.schedule import local_text
from pbem.services.base.standings import campaign_result, winner_summary
from pbem.services.base.states import game_of
from pbem.services.outbox import reports
from pbem.services.outbox.drafts import draft_report, drawn_report, report_key
from pbem.services.outbox.letters import letter_to
from pbem.services.outbox.outbox import Letter, enqueue


def _phase_context(campaign: Campaign, phase: Phase | None) -> dict[str, Any]:
    return {
        "phase": phase,
        "deadline": local_text(phase.deadline, campaign.timezone) if phase else "",
    }


def welcome_all(
    session: Session, rt: Runtime, campaign: Campaign, phase: Phase | None, state: Any
) -> None:
    """Queue a welcome letter to every player, with the first phase's order template."""
    game = game_of(campaign)
    for player in queries.players_of(session, campaign):
        view = game.view(state, player.seat, [])
        letter = letter_to(
            rt,
            campaign,
            player,
            key=f"welcome:{campaign.name}:{player.seat}:{player.id}",
            kind="welcome",
            title=f"Welcome to {game.meta.title}",
            template="mail/welcome.txt.j2",
            context={
                "game": game.meta,
                "view": view,
                "players": queries.players_of(session, campaign),
                "referee_address": rt.settings.referee_address,
                **_phase_context(campaign, phase),
            },
        )
        enqueue(session, rt, letter, campaign.id)


def reports_all(
    session: Session, rt: Runtime, campaign: Campaign, phase: Phase, state: Any, events: list[Any]
) -> None:
    """Queue every active player's report for an adjudicated phase: as drafts, drawn after the
    commit (services/outbox/drafts.py), except the last, drawn at once to go before the
    closing mail."""
    for player in queries.players_of(session, campaign):
        if player.status == "replaced":
            continue
        if campaign.status != "finished":
            draft_report(session, rt, campaign, phase, player)
            continue
        letter = report_letter(
            session,
            rt,
            campaign,
            player,
            phase,
            state,
            events,
            key=report_key(campaign, phase, player),
        )
        enqueue(session, rt, letter, campaign.id)
    if campaign.status == "finished":
        closing_all(session, rt, campaign, state)


def closing_all(session: Session, rt: Runtime, campaign: Campaign, state: Any) -> None:
    """Queue the closing letter, naming the winner and the standings, to every active player."""
    result = campaign_result(session, campaign, state)
    if result is None:
        return
    title = game_of(campaign).meta.title
    for player in queries.players_of(session, campaign):
        if player.status == "replaced":
            continue
        place = next((r["place"] for r in result["rows"] if r["seat"] == player.seat), None)
        letter = letter_to(
            rt,
            campaign,
            player,
            key=f"closing:{campaign.name}:{player.seat}",
            kind="closing",
            title=f"The campaign is over: {winner_summary(result) or 'the result'}",
            template="report/closing.txt.j2",
            context={
                "title": title,
                "result": result,
                "result_lines": result_lines(result),
                "place": place,
            },
        )
        enqueue(session, rt, letter, campaign.id)


def report_letter(
    session: Session,
    rt: Runtime,
    campaign: Campaign,
    player: Player,
    phase: Phase,
    state: Any,
    events: list[Any],
    key: str,
) -> Letter:
    """The report mail for one player, with the phase open now as the next one."""
    following = queries.open_phase(session, campaign)
    return drawn_report(rt, campaign, player, phase, state, events, key, following)


def phase_opened(
    session: Session, rt: Runtime, campaign: Campaign, phase: Phase, state: Any
) -> None:
    """Tell the referee when a phase waits for them (a tabletop battle result)."""
    due = game_of(campaign).due(state)
    if not due.referee:
        return
    view = game_of(campaign).view(state, REFEREE, [])
    letter = Letter(
        key=f"referee:{campaign.name}:{phase.seq}",
        kind="referee",
        to=rt.settings.referee_address,
        subject=f"[{campaign.name}] Referee input needed: {phase.label}",
        text=reports.referee_notice(campaign, phase, view),
    )
    enqueue(session, rt, letter, campaign.id)


def problem_lines(problems: list[Any]) -> list[dict[str, Any]]:
    """Problems with their wording, for the acknowledgement template."""
    return [
        {
            "line": p.line,
            "code": p.code,
            "severity": p.severity,
            "text": wording(p.code, p.params),
            "suggestion": p.suggestion,
        }
        for p in problems
    ]

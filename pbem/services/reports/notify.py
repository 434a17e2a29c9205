"""What pbem tells players, queued in the outbox inside the transaction that caused it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sqlmodel import Session

from pbem.core.game import REFEREE
from pbem.ledger import queries
from pbem.ledger.models import Campaign, Phase, Player
from pbem.render.report import with_preface
from pbem.render.standings import result_lines
from pbem.render.templating import render
from pbem.services.base.runtime import Runtime
from pbem.services.base.schedule import local_text
from pbem.services.base.standings import campaign_result, winner_summary
from pbem.services.base.states import game_of, state_after
from pbem.services.outbox.letter import Letter
from pbem.services.outbox.letters import letter_to
from pbem.services.outbox.outbox import enqueue, id_if_open
from pbem.services.reports import bundle as report_bundle
from pbem.services.reports.drafts import Covering, cover_json, draft_report, drawn_report
from pbem.services.reports.owed import (
    BUDGET,
    readers_now,
    report_key,
    report_mode,
    reported_upto,
    told_of_turn,
)
from pbem.services.reports.spans import (
    Span,
    covered,
    events_of,
    last_span_start,
    latest_done,
)


def _phase_context(campaign: Campaign, phase: Phase | None) -> dict[str, Any]:
    return {
        "phase": phase,
        "deadline": local_text(phase.deadline, campaign.timezone) if phase else "",
    }


def welcome_all(
    session: Session, rt: Runtime, campaign: Campaign, phase: Phase | None, state: Any
) -> None:
    """Queue a welcome letter to every player, carrying their opening report: board, hand,
    role, map and the order template of the first phase."""
    players = queries.players_of(session, campaign)
    for player in players:
        letter = welcome_letter(rt, campaign, player, players, phase, state)
        enqueue(session, rt, letter, campaign.id)


def welcome_letter(
    rt: Runtime,
    campaign: Campaign,
    player: Player,
    players: list[Player],
    phase: Phase | None,
    state: Any,
) -> Letter:
    """One player's welcome: how to play by mail, then the opening report in text and HTML,
    the map inline, all in one mail."""
    game = game_of(campaign)
    bundle = report_bundle.build(campaign, player.seat, phase, state, [], phase) if phase else None
    view = bundle.view if bundle is not None else game.view(state, player.seat, [])
    context = {
        "game": game.meta,
        "view": view,
        "players": players,
        "referee_address": rt.settings.referee_address,
        "owes": player.seat in game.due(state).players,
        "budgeted": report_mode(campaign) == BUDGET,
        "report": bundle.text if bundle is not None else "",
        **_phase_context(campaign, phase),
    }
    letter = letter_to(
        rt,
        campaign,
        player,
        key=f"welcome:{campaign.name}:{player.seat}:{player.id}",
        kind="welcome",
        title=f"Welcome to {game.meta.title}",
        template="mail/welcome.txt.j2",
        context=context,
        images=bundle.images if bundle is not None else (),
    )
    if bundle is not None:
        preface = render("mail/welcome.html.j2", campaign=campaign, player=player, **context)
        letter = replace(letter, html=with_preface(bundle.html, preface))
    return letter


def reports_all(
    session: Session, rt: Runtime, campaign: Campaign, phase: Phase, state: Any
) -> None:
    """Queue the reports the mail budget owes after an adjudicated phase (owed.py),
    each covering every phase since its reader's last report, read from the ledger: as drafts,
    drawn after the commit (services/reports/drafts.py), except the last ones of a finished
    campaign, drawn at once to go before the closing mail."""
    players = [p for p in queries.players_of(session, campaign) if p.status != "replaced"]
    following = queries.open_phase(session, campaign)
    due = game_of(campaign).due(state)
    seats = [p.seat for p in players]
    upto = reported_upto(session, campaign, seats)
    told = told_of_turn(session, campaign, upto, phase.turn)
    readers = readers_now(report_mode(campaign), seats, due, phase, following, told)
    covering = Covering(session, campaign, phase, id_if_open(following))
    for player in [p for p in players if p.seat in readers]:
        span = Span(upto[player.seat] + 1, phase)  # the phase after its last report
        if campaign.status != "finished":
            draft_report(session, rt, player, covering.of(span.first))
            continue
        key = report_key(campaign.name, phase.seq, player.seat)
        letter = report_letter(session, rt, campaign, player, span, key, state)
        queue_report(session, rt, campaign, letter, cover_json(phase, player.seat, span.first))
    if campaign.status == "finished":
        closing_all(session, rt, campaign, state)


def queue_report(
    session: Session, rt: Runtime, campaign: Campaign, letter: Letter, cover: str
) -> None:
    """Queue a report drawn at once, with what it covers, so later reports start after it."""
    enqueue(session, rt, letter, campaign.id, draft_json=cover)


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
    span: Span,
    key: str,
    state: Any | None = None,
) -> Letter:
    """The report mail for one player on the phases of `span` (`state`: the state after its
    last phase, if already at hand), with the phase that followed it as the next one."""
    phases = covered(session, campaign, span)
    if state is None:
        state = state_after(session, campaign, span.last.seq)
    following = queries.phase_after(session, campaign, span.last)
    events = events_of(session, phases)
    return drawn_report(rt, campaign, player, span.last, state, events, key, following, len(phases))


def latest_report(
    session: Session, rt: Runtime, campaign: Campaign, player: Player, key: str
) -> Letter | None:
    """The player's latest report again (RESEND): from the first phase their last report
    covered to the newest adjudicated phase, so it also tells what happened since. It is an
    answer to the player (kind `resend`), so it counts against their reply budget."""
    last = latest_done(session, campaign)
    if last is None:
        return None
    span = Span(min(last_span_start(session, campaign, player.seat), last.seq), last)
    return replace(report_letter(session, rt, campaign, player, span, key), kind="resend")


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
        text=report_bundle.referee_notice(campaign, phase, view),
    )
    enqueue(session, rt, letter, campaign.id)

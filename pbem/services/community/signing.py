"""SIGNON and RESIGN: joining a forming campaign or taking an open seat, and leaving before the
start. Each returns an Answer; a refusal changes nothing."""

from __future__ import annotations

import re

from sqlmodel import Session

from pbem.ledger import queries
from pbem.ledger.models import Campaign, Opening, Signup
from pbem.services.base.runtime import Runtime
from pbem.services.community.answers import Answer, Who
from pbem.services.community.asks import Ask
from pbem.services.community.forming import FORMING, FULL, joined, opening_named
from pbem.services.community.handover import take_seat
from pbem.services.community.records import record_of
from pbem.services.community.seats import open_seats
from pbem.validation import MAX_NAME, without_controls


def sender(address: str, display: str) -> Who:
    """The sender, with a name that fits a seat: no controls or angle brackets, not too long."""
    name = re.sub(r"[<>\"@]", "", without_controls(display).replace("\n", " ")).strip()
    local = address.split("@", 1)[0]
    return Who(address.strip().lower(), (name or local)[:MAX_NAME].strip() or "Player")


def signon(session: Session, rt: Runtime, who: Who, ask: Ask) -> Answer:
    """Join a forming campaign (starting it when that fills it), or take an open seat."""
    opening = _asked_opening(session, ask, "SIGNON")
    if isinstance(opening, Answer):
        return opening
    if opening.status in (FORMING, FULL):
        return _join_forming(session, rt, who, ask, opening)
    return _take_open_seat(session, rt, who, opening)


def _asked_opening(session: Session, ask: Ask, command: str) -> Opening | Answer:
    """The open campaign a command names, or the answer to a command that names none or one
    unknown."""
    if not ask.campaign:
        return Answer("community.E_SYNTAX", {"command": command})
    opening = opening_named(session, ask.campaign)
    if opening is None:
        return Answer("community.E_UNKNOWN", {"campaign": ask.campaign})
    return opening


def _refusal(session: Session, rt: Runtime, who: Who, opening: Opening) -> Answer | None:
    """Why `who` may not sign on to `opening` whatever seat is free, if they may not."""
    if opening.min_on_time:
        record = record_of(session, who.address)
        if record.on_time_pct < opening.min_on_time:
            return Answer("community.E_RECORD", {"campaign": opening.name,
                          "need": opening.min_on_time, "have": record.on_time_pct})  # fmt: skip
    return None


def _join_forming(session: Session, rt: Runtime, who: Who, ask: Ask, opening: Opening) -> Answer:
    players = joined(session, opening)
    base = {"campaign": opening.name}
    if opening.signup_by is not None and rt.clock.now() > opening.signup_by:
        return Answer("community.E_CLOSED", base)
    if any(s.address == who.address for s in players):
        return Answer("community.E_ALREADY", base)
    refused = _refusal(session, rt, who, opening)
    if refused is not None:
        return refused
    if len(players) >= opening.seats:
        return Answer("community.E_FULL", base)
    session.add(Signup(opening_id=opening.id or 0, address=who.address, name=who.name,
                       preference=ask.rest, at=rt.clock.now()))  # fmt: skip
    session.flush()
    count = len(players) + 1
    started = count >= opening.seats
    if started:  # the tick's next step starts it (services/community/starting.py)
        opening.status = FULL
        session.add(opening)
    return Answer("community.signed_on", {**base, "count": count, "seats": opening.seats,
                  "started": started, "preference": ask.rest})  # fmt: skip


def _take_open_seat(session: Session, rt: Runtime, who: Who, opening: Opening) -> Answer:
    base = {"campaign": opening.name}
    campaign = session.get(Campaign, opening.campaign_id) if opening.campaign_id else None
    if campaign is None:
        return Answer("community.E_UNKNOWN", {"campaign": opening.name})
    seated = [p for p in queries.players_of(session, campaign) if p.status != "replaced"]
    if any(p.address == who.address for p in seated):
        return Answer("community.E_ALREADY", base)
    refused = _refusal(session, rt, who, opening)
    if refused is not None:
        return refused
    free = open_seats(session, opening)
    if not free:
        return Answer("community.E_FULL", base)
    seat = free[0]
    take_seat(session, rt, campaign, seat, who.name, who.address)
    return Answer("community.took_seat", {**base, "seat": seat.seat})


def resign(session: Session, rt: Runtime, who: Who, ask: Ask) -> Answer:
    """Leave a forming campaign; after the start only the referee changes who plays."""
    opening = _asked_opening(session, ask, "RESIGN")
    if isinstance(opening, Answer):
        return opening
    base = {"campaign": opening.name}
    if opening.status != FORMING:
        return Answer("community.E_STARTED", base)
    mine = [s for s in joined(session, opening) if s.address == who.address]
    if not mine:
        return Answer("community.E_NOT_SIGNED", base)
    for signup in mine:
        signup.status = "resigned"
        session.add(signup)
    return Answer("community.resigned", base)


def observe(session: Session, rt: Runtime, who: Who, ask: Ask) -> Answer:
    """Watch a campaign that allows observers: its public reports and press to everyone."""
    opening = _asked_opening(session, ask, "OBSERVE")
    if isinstance(opening, Answer):
        return opening
    base = {"campaign": opening.name}
    if not opening.observers:
        return Answer("community.E_NO_OBSERVERS", base)
    watching = joined(session, opening, "observer") + joined(session, opening)
    campaign = session.get(Campaign, opening.campaign_id) if opening.campaign_id else None
    playing = queries.players_of(session, campaign) if campaign is not None else []
    if any(s.address == who.address for s in watching) or any(
        p.address == who.address and p.status != "replaced" for p in playing
    ):
        return Answer("community.E_ALREADY", base)
    session.add(Signup(opening_id=opening.id or 0, address=who.address, name=who.name,
                       role="observer", at=rt.clock.now()))  # fmt: skip
    return Answer("community.observing", base)

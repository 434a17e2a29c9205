"""The community desk: mail whose first line is LIST, SIGNON, RESIGN, OBSERVE or STATUS ME,
from anyone, answered at the From address under the same reply budget as a player's mail;
LIST answers under an hourly limit of their own, like PRESS. Called from the mailroom before
it authenticates (services/intake/mailroom.py)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from sqlmodel import Session, col, func, select

from pbem.ledger.models import Campaign, InboundMessage, Outbox, Player
from pbem.mail.reading.inbound import Inbound
from pbem.render.templating import render
from pbem.services.base.runtime import Runtime
from pbem.services.base.schedule import local_text
from pbem.services.community.answers import Answer, Who
from pbem.services.community.asks import SEAT_KINDS, Ask, read_ask
from pbem.services.community.grace import absence, extend
from pbem.services.community.listing import taking_players
from pbem.services.community.records import record_of
from pbem.services.community.signing import observe, resign, sender, signon
from pbem.services.outbox.letter import Letter
from pbem.services.outbox.letters import letter_to
from pbem.services.outbox.outbox import enqueue
from pbem.services.outbox.reply_limits import REPLY_KINDS
from pbem.wording import wording

LIST_KIND = "community-list"
ANSWER_KIND = "community"
HOUR = timedelta(hours=1)
Handler = Callable[[Session, Runtime, Who, Ask], Answer]


def answer(session: Session, rt: Runtime, row: InboundMessage, inbound: Inbound) -> str | None:
    """Answer a community command and return the outcome code; None when the mail holds none
    (the mailroom then goes on as before)."""
    ask = read_ask(inbound.body_text)
    if ask is None or ask.kind in SEAT_KINDS or inbound.refusal:
        return None
    if not inbound.from_address.strip():
        return None
    who = sender(inbound.from_address, inbound.from_name)
    if _spent(session, rt, who.address):
        return "community.quiet"  # past the reply budget: nothing is done, nothing said
    if ask.kind == "list":
        return _list(session, rt, row, inbound, who)
    if ask.kind == "record":
        return _record(session, rt, row, inbound, who)
    result = HANDLERS[ask.kind](session, rt, who, ask)
    _reply(session, rt, row, inbound, who, ANSWER_KIND, _title(result),
           render("mail/community/answer.txt.j2", code=result.code,
                  text=wording(result.code, result.params), **result.params))  # fmt: skip
    return result.code


def answer_seat(
    session: Session, rt: Runtime, row: InboundMessage, inbound: Inbound, campaign: Campaign,
    player: Player,
) -> str | None:
    """Answer an authenticated player's ABSENCE or EXTEND; None for any other mail."""
    ask = read_ask(inbound.body_text)
    if ask is None or ask.kind not in SEAT_KINDS or inbound.refusal:
        return None
    if _spent(session, rt, player.address):
        return "community.quiet"
    result = (absence if ask.kind == "absence" else extend)(session, rt, campaign, player, ask)
    letter = letter_to(
        rt, campaign, player, key=f"community:{row.id}", kind=ANSWER_KIND, title=_title(result),
        template="mail/community/answer.txt.j2",
        context={"code": result.code, "text": wording(result.code, result.params)},
        in_reply_to=f"<{inbound.message_id.strip('<>')}>", auto_submitted="auto-replied",
    )  # fmt: skip
    enqueue(session, rt, letter, campaign.id)
    return result.code


def _spent(session: Session, rt: Runtime, address: str) -> bool:
    """The address's reply budget is used up (community answers count with the rest)."""
    kinds = (*REPLY_KINDS, LIST_KIND, ANSWER_KIND)
    return _sent(session, rt, address.lower(), kinds) >= rt.settings.reply_rate_per_hour


def _title(result: Answer) -> str:
    return "Your mail was not used" if result.refused else wording(f"{result.code}.title")


def _list(session: Session, rt: Runtime, row: InboundMessage, inbound: Inbound, who: Who) -> str:
    limit = rt.settings.press_rate_per_hour
    if _sent(session, rt, who.address, (LIST_KIND,)) >= limit:
        after = local_text(rt.clock.now() + HOUR, rt.settings.timezone)
        code = "community.E_LIST_LIMIT"
        text = render("mail/community/answer.txt.j2", code=code,
                      text=wording(code, {"limit": limit, "after": after}))  # fmt: skip
        _reply(session, rt, row, inbound, who, ANSWER_KIND, "Your mail was not used", text)
        return code
    entries = taking_players(session, rt.clock.now(), rt.settings.timezone)
    text = render("mail/community/list.txt.j2", entries=entries,
                  referee=rt.settings.referee_address)  # fmt: skip
    _reply(session, rt, row, inbound, who, LIST_KIND, "Campaigns taking players", text)
    return "community.list"


def _record(session: Session, rt: Runtime, row: InboundMessage, inbound: Inbound, who: Who) -> str:
    record = record_of(session, who.address)
    text = render("mail/community/record.txt.j2", record=record.as_dict())
    _reply(session, rt, row, inbound, who, ANSWER_KIND, "Your record", text)
    return "community.record"


def _reply(
    session: Session, rt: Runtime, row: InboundMessage, inbound: Inbound, who: Who, kind: str,
    title: str, text: str,
) -> None:
    letter = Letter(
        key=f"community:{row.id}", kind=kind, to=who.address, subject=f"[pbem] {title}",
        text=text, in_reply_to=f"<{inbound.message_id.strip('<>')}>",
        auto_submitted="auto-replied",
    )  # fmt: skip
    enqueue(session, rt, letter, None)


def _sent(session: Session, rt: Runtime, address: str, kinds: tuple[str, ...]) -> int:
    """Letters of `kinds` queued to `address` in the last hour."""
    found = session.exec(
        select(func.count()).select_from(Outbox).where(
            func.lower(Outbox.recipient) == address,
            col(Outbox.kind).in_(kinds),
            Outbox.created_at >= rt.clock.now() - HOUR,
        )
    ).one()  # fmt: skip
    return int(found)


HANDLERS: dict[str, Handler] = {"signon": signon, "resign": resign, "observe": observe}

"""Answering an authenticated player's mail: orders, or one of the mail commands."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from pbem.errors import PbemError
from pbem.ledger import queries
from pbem.ledger.models import Campaign, InboundMessage, Player
from pbem.mail.commands import detect_command
from pbem.mail.inbound import Inbound
from pbem.mail.routing import drop_auth_line
from pbem.paths import templates_dir
from pbem.render.templating import wording
from pbem.services import notify
from pbem.services.campaigns import status_of
from pbem.services.entry import submit_and_acknowledge
from pbem.services.letters import letter_to
from pbem.services.outbox import Letter, enqueue
from pbem.services.runtime import Runtime
from pbem.services.states import current_state, game_of, phase_events, state_after


def _reply(
    session: Session,
    rt: Runtime,
    row: InboundMessage,
    inbound: Inbound,
    campaign: Campaign,
    player: Player,
    kind: str,
    title: str,
    template: str,
    context: dict[str, Any],
) -> None:
    letter = letter_to(
        rt,
        campaign,
        player,
        key=f"{kind}:{row.id}",
        kind=kind,
        title=title,
        template=template,
        context=context,
        in_reply_to=f"<{inbound.message_id}>",
        auto_submitted="auto-replied",
    )
    enqueue(session, rt, letter, campaign.id)


def notice(
    session: Session,
    rt: Runtime,
    row: InboundMessage,
    inbound: Inbound,
    campaign: Campaign,
    player: Player,
    code: str,
    forged: bool = False,
    **params: Any,
) -> None:
    """Tell a player, at their registered address, why their mail did nothing."""
    context = {
        "code": code,
        "text": wording(code, {"sender": inbound.from_address, **params}),
        "sender": inbound.from_address,
        "subject": inbound.subject,
        "forged": forged,
    }
    _reply(
        session,
        rt,
        row,
        inbound,
        campaign,
        player,
        "notice",
        "Your mail was not used",
        "mail/notice.txt.j2",
        context,
    )


def dispatch(
    session: Session,
    rt: Runtime,
    row: InboundMessage,
    inbound: Inbound,
    campaign: Campaign,
    player: Player,
    quiet: bool,
    auth_line: bool = False,
) -> str:
    """Act on an authenticated player's mail and return the outcome code."""
    if inbound.refusal:
        if not quiet:
            notice(session, rt, row, inbound, campaign, player, inbound.refusal)
        return "mail.refused"
    body = drop_auth_line(inbound.body_text) if auth_line else inbound.body_text
    command = detect_command(body)
    handler = HANDLERS.get(command.kind, _orders)
    return handler(session, rt, row, inbound, campaign, player, command, quiet)


def _orders(
    session: Session,
    rt: Runtime,
    row: InboundMessage,
    inbound: Inbound,
    campaign: Campaign,
    player: Player,
    command: Any,
    quiet: bool,
) -> str:
    try:
        receipt = submit_and_acknowledge(
            session,
            rt,
            campaign,
            player,
            command.text,
            "mail",
            row.id,
            f"<{inbound.message_id}>",
            acknowledge=not quiet,
        )
    except PbemError as exc:
        if not quiet:
            notice(session, rt, row, inbound, campaign, player, exc.code, **exc.params)
        return exc.code
    return "mail.orders_accepted" if receipt.accepted else "mail.orders_refused"


def _help(
    session: Session,
    rt: Runtime,
    row: InboundMessage,
    inbound: Inbound,
    campaign: Campaign,
    player: Player,
    command: Any,
    quiet: bool,
) -> str:
    game = game_of(campaign)
    topic = game.phase(current_state(session, campaign)).topic
    specific = templates_dir() / campaign.game / "help" / f"{topic}.txt"
    text = specific.read_text(encoding="utf-8") if specific.is_file() else ""
    if not quiet:
        _reply(
            session,
            rt,
            row,
            inbound,
            campaign,
            player,
            "help",
            f"Help: {topic}",
            "mail/help.txt.j2",
            {"topic": topic, "help": text, "game": game.meta},
        )
    return "mail.help"


def _status(
    session: Session,
    rt: Runtime,
    row: InboundMessage,
    inbound: Inbound,
    campaign: Campaign,
    player: Player,
    command: Any,
    quiet: bool,
) -> str:
    if not quiet:
        _reply(
            session,
            rt,
            row,
            inbound,
            campaign,
            player,
            "status",
            "Status",
            "mail/status.txt.j2",
            {"status": status_of(session, campaign)},
        )
    return "mail.status"


def _orders_on_file(
    session: Session,
    rt: Runtime,
    row: InboundMessage,
    inbound: Inbound,
    campaign: Campaign,
    player: Player,
    command: Any,
    quiet: bool,
) -> str:
    phase = queries.open_phase(session, campaign)
    live = queries.live_submission(session, phase, player.seat) if phase else None
    if not quiet:
        _reply(
            session,
            rt,
            row,
            inbound,
            campaign,
            player,
            "orders",
            "Orders on file",
            "mail/orders.txt.j2",
            {"phase": phase, "submission": live},
        )
    return "mail.orders_listed"


def _resend(
    session: Session,
    rt: Runtime,
    row: InboundMessage,
    inbound: Inbound,
    campaign: Campaign,
    player: Player,
    command: Any,
    quiet: bool,
) -> str:
    done = queries.done_phases(session, campaign)
    if quiet:
        return "mail.resend"
    if not done:
        notice(session, rt, row, inbound, campaign, player, "mail.E_NO_REPORT_YET")
        return "mail.resend"
    phase = done[-1]
    state = state_after(session, campaign, phase.seq)
    letter = notify.report_letter(
        session,
        rt,
        campaign,
        player,
        phase,
        state,
        phase_events(session, phase),
        key=f"resend:{row.id}",
    )
    letter.in_reply_to = f"<{inbound.message_id}>"
    enqueue(session, rt, letter, campaign.id)
    return "mail.resend"


def _to_referee(
    session: Session,
    rt: Runtime,
    row: InboundMessage,
    inbound: Inbound,
    campaign: Campaign,
    player: Player,
    command: Any,
    quiet: bool,
) -> str:
    who = f"{player.name} ({player.seat}, {player.address})"
    text = f"From {who} in {campaign.name}:\n\n{command.text}\n"
    enqueue(
        session,
        rt,
        Letter(
            key=f"to-referee:{row.id}",
            kind="to-referee",
            to=rt.settings.referee_address,
            subject=f"[{campaign.name}] Message from {player.name}",
            text=text,
        ),
        campaign.id,
    )
    if not quiet:
        _reply(
            session,
            rt,
            row,
            inbound,
            campaign,
            player,
            "referee-ack",
            "Message passed to the referee",
            "mail/relayed.txt.j2",
            {"to": "the referee", "text": command.text},
        )
    return "mail.to_referee"


def _press(
    session: Session,
    rt: Runtime,
    row: InboundMessage,
    inbound: Inbound,
    campaign: Campaign,
    player: Player,
    command: Any,
    quiet: bool,
) -> str:
    if not campaign.allow_press:
        notice(session, rt, row, inbound, campaign, player, "mail.E_PRESS_OFF")
        return "mail.E_PRESS_OFF"
    targets = _press_targets(session, campaign, player, command.argument)
    if not targets:
        notice(
            session,
            rt,
            row,
            inbound,
            campaign,
            player,
            "mail.E_PRESS_TARGET",
            target=command.argument,
        )
        return "mail.E_PRESS_TARGET"
    for target in targets:
        letter = letter_to(
            rt,
            campaign,
            target,
            key=f"press:{row.id}:{target.seat}",
            kind="press",
            title=f"Press from {player.name}",
            template="mail/press.txt.j2",
            context={"sender": player, "text": command.text, "broadcast": len(targets) > 1},
        )
        enqueue(session, rt, letter, campaign.id)
    if not quiet:
        _reply(
            session,
            rt,
            row,
            inbound,
            campaign,
            player,
            "press-ack",
            "Press delivered",
            "mail/relayed.txt.j2",
            {"to": ", ".join(t.name for t in targets), "text": command.text},
        )
    return "mail.press"


def _press_targets(
    session: Session, campaign: Campaign, sender: Player, argument: str
) -> list[Player]:
    wanted = argument.strip().lower()
    others = [
        p
        for p in queries.players_of(session, campaign)
        if p.id != sender.id and p.status != "replaced"
    ]
    if wanted in ("all", "everyone", "*"):
        return others
    return [p for p in others if wanted in (p.seat.lower(), p.name.lower(), p.address.lower())]


HANDLERS = {
    "help": _help,
    "status": _status,
    "show_orders": _orders_on_file,
    "resend": _resend,
    "referee": _to_referee,
    "press": _press,
}

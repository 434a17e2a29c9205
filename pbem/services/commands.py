"""Answering an authenticated player's mail: orders, or one of the mail commands."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session

from pbem.errors import PbemError
from pbem.ledger import queries
from pbem.ledger.models import Campaign, InboundMessage, Player
from pbem.mail.commands import Command, detect_command
from pbem.mail.inbound import Inbound
from pbem.mail.routing import drop_auth_line
from pbem.paths import templates_dir
from pbem.render.templating import wording
from pbem.services import notify, questions
from pbem.services.campaigns import status_of
from pbem.services.entry import submit_and_acknowledge
from pbem.services.held_acks import hold
from pbem.services.letters import letter_to
from pbem.services.mail_budgets import HOUR, PRESS_SENT, REFEREE_SENT, relays_spent
from pbem.services.outbox import Letter, enqueue
from pbem.services.runtime import Runtime
from pbem.services.schedule import local_text
from pbem.services.states import (
    campaign_settings,
    current_state,
    game_of,
    phase_events,
    state_after,
)


@dataclass
class Mail:
    """One authenticated message being answered, with everything an answer needs."""

    session: Session
    rt: Runtime
    row: InboundMessage
    inbound: Inbound
    campaign: Campaign
    player: Player
    quiet: bool = False  # rate-limited: act, but send no reply

    @property
    def reply_id(self) -> str:
        """The Message-ID our answer refers to."""
        return f"<{self.inbound.message_id}>"

    def reply(self, kind: str, title: str, template: str, context: dict[str, Any]) -> None:
        """Queue an answer to the player's registered address (unless rate-limited)."""
        if self.quiet:
            return
        letter = letter_to(
            self.rt,
            self.campaign,
            self.player,
            key=f"{kind}:{self.row.id}",
            kind=kind,
            title=title,
            template=template,
            context=context,
            in_reply_to=self.reply_id,
            auto_submitted="auto-replied",
        )
        enqueue(self.session, self.rt, letter, self.campaign.id)

    def notice(self, code: str, **params: Any) -> None:
        """Tell the player why their mail did nothing."""
        sender = self.inbound.from_address
        context = {
            "code": code,
            "text": wording(code, {"sender": sender, **params}),
            "sender": sender,
            "subject": self.inbound.subject,
        }
        self.reply("notice", "Your mail was not used", "mail/notice.txt.j2", context)


Handler = Callable[[Mail, Command], str]

EVERYONE = ("all", "everyone", "*")  # PRESS ALL


def dispatch(mail: Mail, auth_line: bool = False) -> str:
    """Act on an authenticated player's mail and return the outcome code."""
    if mail.inbound.refusal:
        mail.notice(mail.inbound.refusal)
        return "mail.refused"
    body = drop_auth_line(mail.inbound.body_text) if auth_line else mail.inbound.body_text
    command = detect_command(body)
    return HANDLERS.get(command.kind, _orders)(mail, command)


def _orders(mail: Mail, command: Command) -> str:
    try:
        receipt = submit_and_acknowledge(
            mail.session,
            mail.rt,
            mail.campaign,
            mail.player,
            command.text,
            "mail",
            mail.row.id,
            mail.reply_id,
            acknowledge=not mail.quiet,
        )
    except PbemError as exc:
        mail.notice(exc.code, **exc.params)
        return exc.code
    if mail.quiet:
        hold(mail.session, mail.rt, mail.player, receipt.phase)
    return "mail.orders_accepted" if receipt.accepted else "mail.orders_refused"


def _help(mail: Mail, command: Command) -> str:
    game = game_of(mail.campaign)
    topic = game.phase(current_state(mail.session, mail.campaign)).topic
    specific = templates_dir() / mail.campaign.game / "help" / f"{topic}.txt"
    text = specific.read_text(encoding="utf-8") if specific.is_file() else ""
    mail.reply(
        "help",
        f"Help: {topic}",
        "mail/help.txt.j2",
        {"topic": topic, "help": text, "game": game.meta},
    )
    return "mail.help"


def _status(mail: Mail, command: Command) -> str:
    mail.reply("status", "Status", "mail/status.txt.j2", {"status": public_status(mail)})
    return "mail.status"


def public_status(mail: Mail) -> dict[str, Any]:
    """The campaign's status as players may see it: names and seats, never addresses."""
    status = status_of(mail.session, mail.campaign)
    names = {p["address"]: f"{p['name']} ({p['seat']})" for p in status["players"]}
    return {
        **status,
        "waiting_for": [names.get(who, who) for who in status["waiting_for"]],
        "players": [
            {"seat": p["seat"], "name": p["name"], "status": p["status"]} for p in status["players"]
        ],
    }


def _over_relay_limit(mail: Mail, outcome: str, code: str, limit: int) -> bool:
    """Tell the player, and say so, when they have relayed their hourly limit already."""
    if mail.player.id is None or not relays_spent(mail.session, mail.rt, mail.player.id, outcome):
        return False
    after = local_text(mail.rt.clock.now() + HOUR, mail.campaign.timezone)
    mail.notice(code, limit=limit, after=after)
    return True


def _orders_on_file(mail: Mail, command: Command) -> str:
    phase = queries.open_phase(mail.session, mail.campaign)
    live = queries.live_submission(mail.session, phase, mail.player.seat) if phase else None
    mail.reply(
        "orders", "Orders on file", "mail/orders.txt.j2", {"phase": phase, "submission": live}
    )
    return "mail.orders_listed"


def _resend(mail: Mail, command: Command) -> str:
    done = queries.done_phases(mail.session, mail.campaign)
    if mail.quiet:
        return "mail.resend"
    if not done:
        mail.notice("mail.E_NO_REPORT_YET")
        return "mail.resend"
    phase = done[-1]
    state = state_after(mail.session, mail.campaign, phase.seq)
    letter = notify.report_letter(
        mail.session,
        mail.rt,
        mail.campaign,
        mail.player,
        phase,
        state,
        phase_events(mail.session, phase),
        key=f"resend:{mail.row.id}",
    )
    letter.in_reply_to = mail.reply_id
    enqueue(mail.session, mail.rt, letter, mail.campaign.id)
    return "mail.resend"


def _to_referee(mail: Mail, command: Command) -> str:
    player, campaign = mail.player, mail.campaign
    limit = mail.rt.settings.referee_rate_per_hour
    if _over_relay_limit(mail, REFEREE_SENT, "mail.E_REFEREE_LIMIT", limit):
        return "mail.E_REFEREE_LIMIT"
    who = f"{player.name} ({player.seat}, {player.address})"
    question = questions.record_question(
        mail.session, mail.rt, campaign, player, command.text, mail.row.id
    )
    letter = Letter(
        key=f"to-referee:{mail.row.id}",
        kind="to-referee",
        to=mail.rt.settings.referee_address,
        subject=f"[{campaign.name}] Message from {player.name}",
        text=f"From {who} in {campaign.name}:\n\n{command.text}\n"
        + questions.answer_hint(campaign, question),
    )
    enqueue(mail.session, mail.rt, letter, campaign.id)
    mail.reply(
        "referee-ack",
        "Message passed to the referee",
        "mail/relayed.txt.j2",
        {"to": "the referee", "text": command.text},
    )
    return "mail.to_referee"


def _press(mail: Mail, command: Command) -> str:
    if not mail.campaign.allow_press:
        mail.notice("mail.E_PRESS_OFF")
        return "mail.E_PRESS_OFF"
    broadcast_only = campaign_settings(mail.campaign).get("press_to") == "all"
    if broadcast_only and command.argument.strip().lower() not in EVERYONE:
        mail.notice("mail.E_PRESS_BROADCAST")
        return "mail.E_PRESS_BROADCAST"
    targets = _press_targets(mail, command.argument)
    if not targets:
        mail.notice("mail.E_PRESS_TARGET", target=command.argument)
        return "mail.E_PRESS_TARGET"
    limit = mail.rt.settings.press_rate_per_hour
    if _over_relay_limit(mail, PRESS_SENT, "mail.E_PRESS_LIMIT", limit):
        return "mail.E_PRESS_LIMIT"
    for target in targets:
        letter = letter_to(
            mail.rt,
            mail.campaign,
            target,
            key=f"press:{mail.row.id}:{target.seat}",
            kind="press",
            title=f"Press from {mail.player.name}",
            template="mail/press.txt.j2",
            context={"sender": mail.player, "text": command.text, "broadcast": len(targets) > 1},
        )
        enqueue(mail.session, mail.rt, letter, mail.campaign.id)
    mail.reply(
        "press-ack",
        "Press delivered",
        "mail/relayed.txt.j2",
        {"to": ", ".join(t.name for t in targets), "text": command.text},
    )
    return "mail.press"


def _press_targets(mail: Mail, argument: str) -> list[Player]:
    wanted = argument.strip().lower()
    others = [
        p
        for p in queries.players_of(mail.session, mail.campaign)
        if p.id != mail.player.id and p.status != "replaced"
    ]
    if wanted in EVERYONE:
        return others
    return [p for p in others if wanted in (p.seat.lower(), p.name.lower(), p.address.lower())]


HANDLERS: dict[str, Handler] = {
    "help": _help,
    "status": _status,
    "show_orders": _orders_on_file,
    "resend": _resend,
    "referee": _to_referee,
    "press": _press,
}

"""Answering an authenticated player's mail: orders, or one of the mail commands."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pbem.ledger import queries
from pbem.mail.reading.commands import Command, detect_command
from pbem.mail.routing import drop_auth_line
from pbem.paths import templates_dir
from pbem.render.templating import render
from pbem.services.base.schedule import local_text
from pbem.services.base.states import game_of
from pbem.services.intake import press, press_mail, press_rules
from pbem.services.intake.answering import Mail
from pbem.services.intake.orders_mail import take_orders, take_trailing, trailing_orders
from pbem.services.intake.preview_mail import answer_preview
from pbem.services.intake.seat_now import seat_now
from pbem.services.outbox.letter import Letter
from pbem.services.outbox.outbox import enqueue
from pbem.services.outbox.reply_limits import HOUR, PRESS_SENT, REFEREE_SENT, relays_spent
from pbem.services.reports import notify
from pbem.services.turns import questions
from pbem.services.turns.status import status_of
from pbem.validation import without_controls

Handler = Callable[[Mail, Command], str]


def dispatch(mail: Mail, auth_line: bool = False) -> str:
    """Act on an authenticated player's mail and return the outcome code."""
    if mail.inbound.refusal:
        mail.notice(mail.inbound.refusal)
        return "mail.refused"
    body = drop_auth_line(mail.inbound.body_text) if auth_line else mail.inbound.body_text
    command = detect_command(body)
    return HANDLERS.get(command.kind, _orders)(mail, command)


def _orders(mail: Mail, command: Command) -> str:
    return take_orders(mail, command.text)


def _help(mail: Mail, command: Command) -> str:
    game = game_of(mail.campaign)
    topic = game.phase(mail.now.state).topic
    specific = templates_dir() / mail.campaign.game / "help" / f"{topic}.txt"
    text = specific.read_text(encoding="utf-8") if specific.is_file() else ""
    trailing = trailing_orders(mail, command)
    mail.reply(
        "help",
        f"Help: {topic}",
        "mail/help.txt.j2",
        {
            "topic": topic,
            "help": text,
            "game": game.meta,
            "trailing": trailing,
            "press": press_rules.rules_of(mail.campaign),
        },
    )
    take_trailing(mail, command, trailing)
    return "mail.help"


def _status(mail: Mail, command: Command) -> str:
    trailing = trailing_orders(mail, command)
    context = {
        "status": public_status(mail),
        "you": seat_now(mail.session, mail.now, mail.player.seat),
        "trailing": trailing,
    }
    mail.reply("status", "Status", "mail/status.txt.j2", context)
    take_trailing(mail, command, trailing)
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
    now = seat_now(mail.session, mail.now, mail.player.seat)
    mail.reply("orders", "Orders on file", "mail/orders.txt.j2", {"now": now})
    return "mail.orders_listed"


def _resend(mail: Mail, command: Command) -> str:
    trailing = trailing_orders(mail, command)
    done = bool(queries.done_phases(mail.session, mail.campaign))
    if not done:
        mail.notice("mail.E_NO_REPORT_YET", trailing)  # past the budget, this holds it back
    elif mail.quiet:
        mail.hold_back()
    letter = notify.latest_report(
        mail.session, mail.rt, mail.campaign, mail.player, key=f"resend:{mail.row.id}"
    ) if done and not mail.quiet else None
    if letter is None:
        take_trailing(mail, command, trailing)
        return "mail.resend"
    letter = replace(letter, in_reply_to=mail.reply_id)
    if trailing is not None:
        note = render("mail/trailing.txt.j2", trailing=trailing)
        letter = replace(letter, text=f"{note}\n{letter.text}")
    enqueue(mail.session, mail.rt, letter, mail.campaign.id)
    take_trailing(mail, command, trailing)
    return "mail.resend"


def _to_referee(mail: Mail, command: Command) -> str:
    player, campaign = mail.player, mail.campaign
    limit = mail.rt.settings.referee_rate_per_hour
    if _over_relay_limit(mail, REFEREE_SENT, "mail.E_REFEREE_LIMIT", limit):
        return "mail.E_REFEREE_LIMIT"
    text = without_controls(command.text)
    who = f"{player.name} ({player.seat}, {player.address})"
    question = questions.record_question(
        mail.session, mail.rt, campaign, player, text, mail.row.id
    )
    letter = Letter(
        key=f"to-referee:{mail.row.id}",
        kind="to-referee",
        to=mail.rt.settings.referee_address,
        subject=f"[{campaign.name}] Message from {player.name}",
        text=f"From {who} in {campaign.name}:\n\n{text}\n"
        + questions.answer_hint(campaign, question),
    )
    enqueue(mail.session, mail.rt, letter, campaign.id)
    mail.reply(
        "referee-ack",
        "Message passed to the referee",
        "mail/relayed.txt.j2",
        {"to": "the referee", "text": text},
    )
    return "mail.to_referee"


def _press(mail: Mail, command: Command) -> str:
    rules = press_rules.rules_of(mail.campaign)
    if not rules.allowed:
        mail.notice(press_rules.PRESS_OFF)
        return press_rules.PRESS_OFF
    players = queries.players_of(mail.session, mail.campaign)
    found = press.addressed(players, mail.player, command.line, command.below, not rules.partial)
    refusal = found.refusal or rules.refusal(found)
    if refusal:
        mail.notice(refusal, target=found.target)
        return refusal
    limit = mail.rt.settings.press_rate_per_hour
    if _over_relay_limit(mail, PRESS_SENT, "mail.E_PRESS_LIMIT", limit):
        return "mail.E_PRESS_LIMIT"
    press_mail.relay(mail, found, rules)
    return "mail.press"


HANDLERS: dict[str, Handler] = {
    "help": _help,
    "status": _status,
    "show_orders": _orders_on_file,
    "resend": _resend,
    "referee": _to_referee,
    "press": _press,
    "preview": answer_preview,
}

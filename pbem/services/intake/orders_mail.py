"""Orders in a player's mail: taken for the phase they were written for, or refused as late;
and orders under a mail command, read when they read cleanly (docs/mail.md)."""

from __future__ import annotations

from typing import Any

from pbem.core.problems import strip_comment
from pbem.errors import PbemError
from pbem.mail.reading.commands import Command
from pbem.services.intake import late_mail
from pbem.services.intake.answering import Mail
from pbem.services.intake.entry import Origin, submit_and_acknowledge
from pbem.services.turns.submissions import reads_clean


def take_orders(mail: Mail, text: str) -> str:
    """Record `text` as the player's orders, unless it was written for a phase or question
    that is no longer open (services/intake/late_mail.py). The campaign was read under its
    lock (mailroom.handle), so its open phase is the one the orders are stored for."""
    written = None
    if mail.now.takes_input:
        written, late = late_mail.check(mail.session, mail.now, mail.player, mail.inbound)
        if late is not None:
            return _refuse_late(mail, late)
    origin = Origin(
        "mail", mail.row.id, mail.reply_id, acknowledge=not mail.quiet, written=written,
        unread_attachment=mail.inbound.unread_attachment,
    )  # fmt: skip
    try:
        receipt = submit_and_acknowledge(mail.session, mail.rt, mail.now, mail.player, text, origin)
    except PbemError as exc:
        mail.notice(exc.code, **exc.params)
        return exc.code
    if mail.quiet:
        mail.hold_back()
    return "mail.orders_accepted" if receipt.accepted else "mail.orders_refused"


def _refuse_late(mail: Mail, late: late_mail.Late) -> str:
    written = late.context.get("written")
    if written is None:
        title = f"Your answer was not used: question {late.context['question']} is not yours"
    elif written["window"]:
        title = f"Your answer was not used: question {written['window']} is closed"
    else:
        title = f"Your orders were not used: they were for {written['label']}"
    mail.reply("notice", title, "mail/late.txt.j2", {**late.context, "code": late.code})
    return late.code


def trailing_orders(mail: Mail, command: Command) -> dict[str, Any] | None:
    """What becomes of lines under HELP, STATUS or RESEND: read as orders when they read
    without any problem, else named as not used; None when there are none."""
    lines = [line for line in command.text.splitlines() if strip_comment(line)]
    if not lines:
        return None
    used = reads_clean(mail.now, mail.player.seat, command.text)
    return {"used": used, "lines": len(lines), "command": command.kind.upper()}


def take_trailing(mail: Mail, command: Command, trailing: dict[str, Any] | None) -> None:
    """Take the lines under a command as orders, when they read cleanly."""
    if trailing is not None and trailing["used"]:
        take_orders(mail, command.text)

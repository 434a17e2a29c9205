"""PREVIEW by mail: a player's own orders resolved against every other unit holding, answered
to that player alone (services/turns/own_preview.py decides what goes in)."""

from __future__ import annotations

from pbem.mail.reading.commands import Command
from pbem.services.intake.answering import Mail
from pbem.services.outbox.letters import problem_lines
from pbem.services.turns.own_preview import own_preview


def answer_preview(mail: Mail, command: Command) -> str:
    """Answer a PREVIEW mail with the preview, or a notice of why there is none."""
    found = own_preview(mail.session, mail.now, mail.player.seat, command.text)
    if found.refusal:
        mail.notice(found.refusal, problems=len(found.problems))
        return found.refusal
    assert mail.now.phase is not None
    context = {
        "phase": mail.now.phase.label,
        "source": found.source,
        "report": found.report,
        "problems": problem_lines(found.problems),
    }
    mail.reply("preview", f"Preview: {mail.now.phase.label}", "mail/preview.txt.j2", context)
    return "mail.preview"

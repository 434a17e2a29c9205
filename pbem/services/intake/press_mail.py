"""Relaying one PRESS mail the campaign allows: a letter to each recipient (grey press never
names its sender, in any header or line; a fake broadcast reads as press to all), the
referee's copy when the campaign asks for one, and the sender's receipt."""

from __future__ import annotations

from pbem.render.templating import render
from pbem.services.intake.answering import Mail
from pbem.services.intake.press import Addressed
from pbem.services.intake.press_rules import PressRules
from pbem.services.outbox.letter import Letter
from pbem.services.outbox.letters import letter_to
from pbem.services.outbox.outbox import enqueue


def relay(mail: Mail, found: Addressed, rules: PressRules) -> None:
    """Queue the press to its recipients, the referee's copy, and the receipt to the sender."""
    grey, to_all = rules.grey(found), rules.shown_to_all(found)
    sender = None if grey else mail.player  # grey press is composed without the sender at all
    for target in found.targets:
        letter = letter_to(
            mail.rt,
            mail.campaign,
            target,
            key=f"press:{mail.row.id}:{target.seat}",
            kind="press",
            title="Grey press" if sender is None else f"Press from {sender.name}",
            template="mail/press.txt.j2",
            context={"sender": sender, "text": found.text, "broadcast": to_all},
        )
        enqueue(mail.session, mail.rt, letter, mail.campaign.id)
    if rules.copied(found):
        _copy_to_referee(mail, found, grey, to_all)
    context = {
        "to": ", ".join(t.name for t in found.targets),
        "text": found.text,
        "grey": grey,
        "fake": to_all and not found.to_all,
        "copied": rules.copied(found),
    }
    mail.reply("press-ack", "Press delivered", "mail/press_relayed.txt.j2", context)


def _copy_to_referee(mail: Mail, found: Addressed, grey: bool, to_all: bool) -> None:
    """The referee's copy names the sender and every recipient, whatever they were shown."""
    player, campaign = mail.player, mail.campaign
    text = render(
        "mail/press_copy.txt.j2",
        campaign=campaign,
        sender=player,
        targets=found.targets,
        to_all=found.to_all,
        grey=grey,
        fake=to_all and not found.to_all,
        text=found.text,
    )
    letter = Letter(
        key=f"press-copy:{mail.row.id}",
        kind="press-copy",
        to=mail.rt.settings.referee_address,
        subject=f"[{campaign.name}] Press from {player.name} ({player.seat})",
        text=text,
    )
    enqueue(mail.session, mail.rt, letter, campaign.id)

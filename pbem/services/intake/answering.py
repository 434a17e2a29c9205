"""One authenticated player's mail being answered: replies, notices, and past the reply
budget, the held digest that answers it later instead (services/outbox/held_acks.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlmodel import Session

from pbem.ledger import queries
from pbem.ledger.models import Campaign, InboundMessage, Player
from pbem.mail.reading.inbound import Inbound
from pbem.services.base.runtime import Runtime
from pbem.services.outbox.held_acks import hold
from pbem.services.outbox.letters import letter_to
from pbem.services.outbox.outbox import enqueue, id_if_open
from pbem.services.turns.now import CampaignNow
from pbem.wording import wording


@dataclass(frozen=True)
class Mail:
    """One authenticated order mail being answered: the message, its sender, the campaign as
    it stands (read once, under its lock, in the mailroom) and everything an answer needs."""

    session: Session
    rt: Runtime
    row: InboundMessage
    inbound: Inbound
    player: Player
    now: CampaignNow
    quiet: bool = False  # the reply budget is spent: act, and let the held digest answer

    @property
    def campaign(self) -> Campaign:
        """The campaign the mail is for."""
        return self.now.campaign

    @property
    def reply_id(self) -> str:
        """The Message-ID our answer refers to."""
        return f"<{self.inbound.message_id}>"

    def reply(self, kind: str, title: str, template: str, context: dict[str, Any]) -> None:
        """Queue an answer to the player's registered address (or, past the reply budget,
        leave it to the held digest)."""
        if self.quiet:
            self.hold_back()
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
        open_phase = id_if_open(self.now.phase)  # read under the campaign's lock
        enqueue(self.session, self.rt, letter, self.campaign.id, open_phase=open_phase)

    def notice(self, code: str, trailing: dict[str, Any] | None = None, **params: Any) -> None:
        """Tell the player why their mail did nothing (and what became of lines under its
        command, if any)."""
        sender = self.inbound.from_address
        context = {
            "code": code,
            "text": wording(code, {"sender": sender, **params}),
            "sender": sender,
            "subject": self.inbound.subject,
            "trailing": trailing,
        }
        self.reply("notice", "Your mail was not used", "mail/notice.txt.j2", context)

    def hold_back(self) -> None:
        """Name this mail in the held digest, which answers it once the budget has room."""
        if self.row.held_id is not None:
            return
        phase = self.now.phase or queries.latest_phase(self.session, self.campaign)
        if phase is None:
            return
        held = hold(self.session, self.rt, self.player, phase)
        self.session.flush()
        self.row.held_id = held.id

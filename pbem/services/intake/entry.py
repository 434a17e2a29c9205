"""One path for orders, by mail or by hand: submit, then acknowledge in the same transaction."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlmodel import Session

from pbem.core.game import REFEREE
from pbem.ledger import queries
from pbem.ledger.db import session_scope
from pbem.ledger.models import Campaign, Phase, Player
from pbem.render.templating import render
from pbem.services.base.runtime import Runtime
from pbem.services.base.schedule import local_text
from pbem.services.intake.intake_limits import MAX_PROBLEMS_LISTED, max_problems_listed
from pbem.services.outbox.letters import letter_to, problem_lines
from pbem.services.outbox.outbox import enqueue, id_if_open
from pbem.services.turns.now import CampaignNow, read_now
from pbem.services.turns.submissions import Receipt, submit

TITLES = {
    "clean": "Orders received",
    "partial": "Orders received (with problems)",
    "refused": "Orders NOT accepted",
}


def acknowledgement_text(
    campaign: Campaign,
    receipt: Receipt,
    limit: int = MAX_PROBLEMS_LISTED,
    written: Phase | None = None,
    unread_attachment: str | None = None,
) -> str:
    """The acknowledgement body: which phase the mail was taken for and whether it stands,
    orders as understood, problems with lines, digest, deadline.

    At most `limit` problems are listed, then how many more there are. `written` is the phase
    the mail replied to, when it said; `unread_attachment` an order file the mail carried
    beside its own text, which was not read.
    """
    return render(
        "mail/ack.txt.j2",
        phase=receipt.phase,
        standing=receipt.standing,
        owed=receipt.owed,
        question=receipt.question,
        written=written,
        on_file=receipt.on_file,
        accepted=receipt.accepted,
        replaced=receipt.replaced,
        problems=problem_lines(receipt.problems[:limit]),
        more_problems=max(0, len(receipt.problems) - limit),
        canonical=receipt.canonical,
        digest=receipt.receipt_digest,
        deadline=local_text(receipt.phase.deadline, campaign.timezone),
        unread_attachment=unread_attachment,
    )


@dataclass(frozen=True)
class Origin:
    """Where orders came from, and what their acknowledgement says of it."""

    source: str  # mail, cli, rollback, ...
    inbound_id: int | None = None  # the stored message they came in
    in_reply_to: str | None = None  # the Message-ID the acknowledgement answers
    acknowledge: bool = True  # False past the reply budget: the held digest answers
    written: Phase | None = None  # the phase the mail was written for, when it said
    unread_attachment: str | None = None  # an order file beside the text, not read


def submit_and_acknowledge(
    session: Session,
    rt: Runtime,
    now: CampaignNow,
    player: Player | None,
    text: str,
    origin: Origin,
) -> Receipt:
    """Record a submission for the phase open `now` and queue its acknowledgement to the
    player's registered address."""
    seat = player.seat if player else REFEREE
    receipt = submit(session, rt, now, seat, text, origin.source, origin.inbound_id)
    if player is not None and origin.acknowledge:
        _acknowledge(session, rt, now.campaign, player, receipt, origin)
    return receipt


def _acknowledge(
    session: Session, rt: Runtime, campaign: Campaign, player: Player, receipt: Receipt,
    origin: Origin,
) -> None:
    limit = max_problems_listed(rt)
    body = acknowledgement_text(campaign, receipt, limit, origin.written, origin.unread_attachment)
    letter = letter_to(
        rt,
        campaign,
        player,
        key=f"ack:{campaign.name}:{receipt.submission.id}",
        kind="ack",
        title=f"{TITLES[receipt.standing]}: {receipt.phase.label}",
        template="mail/body.txt.j2",
        context={"body": body},
        in_reply_to=origin.in_reply_to,
        auto_submitted="auto-replied",
    )
    enqueue(session, rt, letter, campaign.id, open_phase=id_if_open(receipt.phase))


def submit_by_address(rt: Runtime, name: str, address: str, text: str) -> dict[str, Any]:
    """The CLI's `orders submit`: act for a player (by seat, such as p1, or address) or the
    referee."""
    with session_scope(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        player = None if address == REFEREE else queries.find_player(session, campaign, address)
        now = read_now(session, campaign)
        receipt = submit_and_acknowledge(session, rt, now, player, text, Origin("cli"))
        return {
            "campaign": name,
            "seat": receipt.submission.seat,
            "phase": receipt.phase.key,
            "accepted": receipt.accepted,
            "standing": receipt.standing,
            "replaced": receipt.replaced,
            "complete": receipt.complete,
            "canonical": receipt.canonical,
            "digest": receipt.receipt_digest,
            "problems": [p.model_dump() for p in receipt.problems],
            "acknowledgement": acknowledgement_text(campaign, receipt, max_problems_listed(rt)),
        }

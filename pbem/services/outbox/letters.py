"""Mail to players: the envelope (reply token, subject tag, thread) and the templated bodies."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pbem.ledger.models import Campaign, Player
from pbem.mail.outbound import Attachment, InlineImage, make_message_id
from pbem.mail.routing import plus_address, subject_tag, token_for
from pbem.render.templating import render
from pbem.services.base.runtime import Runtime
from pbem.services.base.seeding import thread_key
from pbem.services.outbox.letter import Letter
from pbem.wording import wording


def player_token(campaign: Campaign, player: Player) -> str:
    """The token that authenticates a reply from this player."""
    return token_for(campaign.name, player.seat, player.secret)


def thread_root(rt: Runtime, campaign: Campaign) -> str:
    """The Message-ID every mail of a campaign refers to, so clients keep it in one thread.

    It is keyed by the campaign's secret, which no player can see or recompute from a --seed,
    so it tells nothing about the seeds and an outsider cannot forge mail into the thread.
    """
    return make_message_id(thread_key(campaign), rt.settings.mail_domain)


def subject_for(campaign: Campaign, player: Player, title: str) -> str:
    """A subject carrying the campaign's name and the player's reply tag."""
    return f"[{campaign.name}] {title} {subject_tag(player_token(campaign, player))}"


def letter_to(
    rt: Runtime,
    campaign: Campaign,
    player: Player,
    *,
    key: str,
    kind: str,
    title: str,
    template: str,
    context: dict[str, Any],
    in_reply_to: str | None = None,
    html_template: str | None = None,
    images: Sequence[InlineImage] = (),
    attachments: Sequence[Attachment] = (),
    auto_submitted: str = "auto-generated",
) -> Letter:
    """A letter to one player, with their reply token in the Reply-To and the subject."""
    token = player_token(campaign, player)
    full = {"campaign": campaign, "player": player, **context}
    references = [thread_root(rt, campaign)] + ([in_reply_to] if in_reply_to else [])
    return Letter(
        key=key,
        kind=kind,
        to=player.address,
        subject=subject_for(campaign, player, title),
        text=render(template, **full),
        html=render(html_template, **full) if html_template else None,
        reply_to=plus_address(rt.settings.referee_address, token),
        in_reply_to=in_reply_to,
        references=references,
        images=images,
        attachments=attachments,
        auto_submitted=auto_submitted,
        player_id=player.id,
    )


def problem_lines(problems: list[Any]) -> list[dict[str, Any]]:
    """Problems with their wording, for the acknowledgement template."""
    return [
        {
            "line": p.line,
            "code": p.code,
            "severity": p.severity,
            "text": wording(p.code, p.params),
            "suggestion": p.suggestion,
        }
        for p in problems
    ]

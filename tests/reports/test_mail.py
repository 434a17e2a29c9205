"""The report mail: text and HTML alternatives, the map inline as cid:map, sent once."""

from __future__ import annotations

import email
from datetime import UTC, datetime
from email.message import Message
from email.policy import default

from pbem.ledger.models import Campaign, Phase
from pbem.mail.outbound import OutgoingMessage, compose
from pbem.services.reports import bundle as report_bundle
from tests.reports.campaign import step_named

WHEN = datetime(2030, 5, 1, 12, 0, tzinfo=UTC)


def campaign() -> Campaign:
    """A campaign record (not stored) for the fixed valley game."""
    return Campaign(name="valley", game="mighty-kingdoms", scenario_json="{}",
                    settings_json="{}", start_seed=7, timezone="Europe/London", created_at=WHEN)


def phase(seq: int, key: str, label: str, turn: int) -> Phase:
    """A phase record (not stored) with a deadline in British summer time."""
    return Phase(campaign_id=1, seq=seq, key=key, label=label, turn=turn, seed=1,
                 opened_at=WHEN, deadline=datetime(2030, 5, 4, 17, 0, tzinfo=UTC))


def bundle(seat: str) -> report_bundle.ReportBundle:
    """The bundle for the summer month with a battle."""
    step = step_named("simple", "y1-m4")
    done = phase(8, step.key, step.label, 8)
    following = phase(9, "y1-m5", "Year 1, summer month 5: orders", 9)
    return report_bundle.build(campaign(), seat, done, step.after, step.events, following)


def parts(message: Message) -> list[str]:
    """The MIME tree as 'depth:type' strings."""
    found: list[str] = []

    def walk(part: Message, depth: int) -> None:
        found.append(f"{depth}:{part.get_content_type()}")
        children = part.get_payload() if part.is_multipart() else []
        for child in children if isinstance(children, list) else []:
            if isinstance(child, Message):
                walk(child, depth + 1)
    walk(message, 0)
    return found


def test_the_mail_is_text_and_html_with_the_map_inline_once() -> None:
    made = bundle("p1")
    raw = compose(OutgoingMessage(sender="ref@example.org", to="alba@example.org", subject="Report",
                  text=made.text, html=made.html, message_id="r1@example.org", loop_value="x",
                  images=made.images, attachments=made.attachments, date=WHEN))
    message = email.message_from_bytes(raw, policy=default)
    # the 760 px map is too wide for a phone: two strips of the board and its legend
    cids = ["map", "map-2", "map-3"]
    assert parts(message) == ["0:multipart/alternative", "1:text/plain",
                              "1:multipart/related", "2:text/html", *["2:image/png"] * 3]
    inline = [p for p in message.walk() if p.get("Content-ID")]
    assert [p.get("Content-ID") for p in inline] == [f"<{cid}>" for cid in cids]
    assert all(p.get_content_disposition() == "inline" for p in inline)
    assert inline[0].get_filename() == "valley-turn8-map-1.png"
    assert not [p for p in message.walk() if p.get_content_disposition() == "attachment"]
    payloads = [p.get_payload(decode=True) for p in inline]
    assert all(isinstance(b, bytes) and b.startswith(b"\x89PNG") for b in payloads)
    size = sum(len(b) for b in payloads if isinstance(b, bytes))
    assert len(raw) < size * 1.5 + 60_000  # each strip travels once (base64: 4/3)
    html_part = next(p for p in message.walk() if p.get_content_type() == "text/html")
    assert all(f'src="cid:{cid}"' in html_part.get_content() for cid in cids)
    assert "2030-05-04 18:00 BST (+01:00)" in made.text
    assert "2030-05-04T18:00:00+01:00" in made.text and "2030-05-04T18:00:00+01:00" in made.html


def test_the_map_shows_this_turns_moves_and_battles_and_rings_only_your_pieces() -> None:
    made = bundle("p1")
    svg = made.svg or ""
    assert 'class="battle" data-cell="C5"' in svg
    assert 'class="arrow move" data-source="C4" data-target="C5"' in svg
    assert 'class="arrow retreat"' in svg
    step = step_named("simple", "y1-m4")
    own = [t for t in step.after.tiles.values() if t.owner == "p1" and t.settlement]
    own_armies = step.after.armies_of("p1")
    assert svg.count('class="highlight"') == len(own) + len(own_armies)
    assert bundle("p2").svg != svg  # p2's map rings p2's pieces instead

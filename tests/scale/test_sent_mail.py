"""Sent mail keeps its text and HTML but not its pictures once `sent_raw_days` have passed."""

from __future__ import annotations

import os
from dataclasses import replace
from datetime import timedelta
from email import policy
from email.parser import BytesParser
from pathlib import Path

from sqlmodel import Session, select

from pbem.ledger.db import session_scope
from pbem.ledger.models import Outbox
from pbem.mail import slimming
from pbem.mail.outbound import Attachment, InlineImage
from pbem.mail.slimming import DROPPED_HEADER, without_images
from pbem.mail.transport.mailers import FileMailer
from pbem.services.base.runtime import Runtime
from pbem.services.outbox.letter import Letter
from pbem.services.outbox.outbox import enqueue, flush
from pbem.services.outbox.sent_mail import slim_sent

PICTURE = os.urandom(40_000)  # stands in for a map: incompressible, like a PNG


def _letter(key: str, with_map: bool = True) -> Letter:
    return Letter(
        key=key,
        kind="report",
        to="ann@localhost",
        subject=f"Report {key}",
        text="Your kingdom grew.\n",
        html='<p>Your kingdom grew.</p><img src="cid:map">',
        images=[InlineImage(cid="map", filename="map.png", data=PICTURE)] if with_map else [],
    )


def _queue(rt: Runtime, *letters: Letter) -> None:
    with session_scope(rt.engine) as session:
        for letter in letters:
            enqueue(session, rt, letter, None)


def _rows(rt: Runtime) -> dict[str, Outbox]:
    with Session(rt.engine) as session:
        return {row.key: row for row in session.exec(select(Outbox)).all()}


def _parts(raw: bytes) -> list[str]:
    message = BytesParser(policy=policy.SMTP).parsebytes(raw)
    return [part.get_content_type() for part in message.walk()]


def test_without_images_keeps_headers_text_and_html(rt: Runtime) -> None:
    _queue(rt, _letter("a"), _letter("b", with_map=False))
    rows = _rows(rt)
    whole, plain = rows["a"].raw, rows["b"].raw
    slim = without_images(whole)
    assert "image/png" in _parts(whole) and "image/png" not in _parts(slim)
    assert {"text/plain", "text/html"} <= set(_parts(slim))
    assert len(slim) < len(whole) - 40_000
    message = BytesParser(policy=policy.SMTP).parsebytes(slim)
    assert message["Message-ID"] == rows["a"].message_id and message[DROPPED_HEADER]
    assert without_images(plain) is plain  # nothing to take out: the very same bytes


def test_sent_mail_is_slimmed_after_the_retention_only(rt: Runtime, tmp_path: Path) -> None:
    rt = replace(rt, settings=replace(rt.settings, sent_raw_days=2))
    _queue(rt, _letter("sent-one"))
    flush(rt, FileMailer(str(tmp_path / "out")))
    _queue(rt, _letter("still-pending"))
    assert slim_sent(rt) == 0  # sent, but kept whole for two days
    rt.clock.at += timedelta(days=2, minutes=1)  # type: ignore[attr-defined]
    assert slim_sent(rt) == 1
    rows = _rows(rt)
    assert rows["sent-one"].slimmed_at is not None
    assert "image/png" not in _parts(rows["sent-one"].raw)
    assert rows["still-pending"].slimmed_at is None  # unsent mail is never touched
    assert "image/png" in _parts(rows["still-pending"].raw)
    assert slim_sent(rt) == 0  # each row once
    sent = sorted((tmp_path / "out").glob("*.eml"))
    assert len(sent) == 1 and "image/png" in _parts(sent[0].read_bytes())  # sent whole


def test_sending_slims_at_once_by_default(rt: Runtime, tmp_path: Path) -> None:
    assert rt.settings.sent_raw_days == 0
    _queue(rt, _letter("now"))
    flush(rt, FileMailer(str(tmp_path / "out")))
    row = _rows(rt)["now"]
    assert row.status == "sent" and row.slimmed_at == row.sent_at
    assert "image/png" not in _parts(row.raw)
    (sent,) = sorted((tmp_path / "out").glob("*.eml"))
    assert "image/png" in _parts(sent.read_bytes())  # the player got the map
    assert slim_sent(rt) == 0  # nothing left for the slimming pass


def _tree(raw: bytes) -> list[tuple[str, str]]:
    message = BytesParser(policy=policy.SMTP).parsebytes(raw)
    shape = [(k, str(v)) for k, v in message.items()]
    for part in message.walk():
        body = "" if part.is_multipart() else str(part.get_content())
        shape.append((part.get_content_type(), body))
    return shape


def test_own_mail_is_cut_on_its_bytes_as_the_parser_would(rt: Runtime) -> None:
    letter = _letter("both")
    letter = replace(letter, attachments=[Attachment("orders.txt", b"march north\n", "text/plain")],
                     images=[*letter.images, InlineImage(cid="b", filename="b.png", data=PICTURE,
                                                         also_attach=True)])
    _queue(rt, letter)
    raw = _rows(rt)["both"].raw
    fast, parsed = slimming._without_own_images(raw), slimming._parsed_without_images(raw)
    assert fast is not None and _tree(fast) == _tree(parsed)
    assert [t for t, _ in _tree(fast) if t.startswith("image/")] == []
    assert ("text/plain", "march north\n") in _tree(fast)  # other attachments stay
    foreign = raw.replace(b"=_pbem_", b"=_other_")
    assert slimming._without_own_images(foreign) is None  # not ours: the parser cuts it
    assert "image/png" not in _parts(without_images(foreign))

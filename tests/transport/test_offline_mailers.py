"""FileMailer and RecordingMailer, and SmtpMailer errors that need no server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pbem.mail.transport.errors import UrlError
from pbem.mail.transport.mailers import (
    FileMailer,
    Mailer,
    RecordingMailer,
    SentMessage,
    open_mailer,
)
from pbem.mail.transport.smtp import PermanentSendError, SmtpMailer, TransientSendError
from tests.support.mailstack import free_port

RAW = b"From: referee@example.org\r\nTo: alice@example.org\r\nSubject: turn 3\r\n\r\nreport\r\n"


def test_file_mailer_writes_exact_bytes_and_envelopes(tmp_path: Path) -> None:
    mailer = FileMailer(tmp_path / "out")
    mailer.send_sync(RAW, "referee@example.org", ["alice@example.org"])
    mailer.send_sync(RAW + b"again\r\n", "referee@example.org", ["bob@example.org", "c@x"])
    files = mailer.files()
    assert [f.name for f in files] == ["000001-alice@example.org.eml", "000002-bob@example.org.eml"]
    assert files[0].read_bytes() == RAW
    lines = (tmp_path / "out" / "envelopes.jsonl").read_text().splitlines()
    assert json.loads(lines[1]) == {
        "file": "000002-bob@example.org.eml",
        "recipients": ["bob@example.org", "c@x"],
        "sender": "referee@example.org",
    }


def test_file_mailer_names_are_safe_and_never_overwrite(tmp_path: Path) -> None:
    mailer = FileMailer(tmp_path)
    (tmp_path / "000001-x.eml").write_bytes(b"older")
    mailer.send_sync(RAW, "r@x", ["../../etc/passwd"])
    names = sorted(p.name for p in tmp_path.glob("*.eml"))
    assert names == ["000001-x.eml", "000002-.._.._etc_passwd.eml"]
    assert (tmp_path / "000001-x.eml").read_bytes() == b"older"


def test_recording_mailer_records_and_replays_failures() -> None:
    failure = TransientSendError("try later", smtp_code=451)
    mailer = RecordingMailer(failures=[failure])
    with pytest.raises(TransientSendError):
        mailer.send_sync(RAW, "r@x", ["a@x"])
    mailer.send_sync(RAW, "r@x", ["a@x"])
    assert mailer.sent == [SentMessage(RAW, "r@x", ("a@x",))]


def test_mailers_satisfy_the_protocol(tmp_path: Path) -> None:
    assert isinstance(RecordingMailer(), Mailer)
    assert isinstance(open_mailer(f"file://{tmp_path}"), FileMailer)
    assert isinstance(open_mailer("smtp://127.0.0.1:2525"), SmtpMailer)


def test_refused_connection_is_transient() -> None:
    mailer = SmtpMailer(f"smtp://127.0.0.1:{free_port()}", timeout=5)
    with pytest.raises(TransientSendError) as caught:
        mailer.send_sync(RAW, "r@x", ["a@x"])
    assert caught.value.code == "smtp.E_TRANSIENT"


def test_no_recipients_is_permanent_and_wrong_scheme_is_refused() -> None:
    with pytest.raises(PermanentSendError) as caught:
        SmtpMailer("smtp://127.0.0.1:25").send_sync(RAW, "r@x", [])
    assert caught.value.code == "smtp.E_PERMANENT"
    with pytest.raises(UrlError):
        SmtpMailer("imap://u:p@h/INBOX")

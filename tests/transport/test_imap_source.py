"""ImapSource against the real Dovecot from the mail stack."""

from __future__ import annotations

import logging
import ssl
import uuid
from collections.abc import Iterator

import pytest

from pbem.mail.transport.errors import SourceError
from pbem.mail.transport.imap import PROCESSED_KEYWORD, ImapSource
from pbem.mail.transport.mailbox import open_source
from pbem.mail.transport.sources import FetchBatch
from pbem.mail.transport.urls import parse_server_url
from tests.support.mailstack import MailStack, free_port

pytestmark = pytest.mark.services


def order_mail(tag: str, number: int) -> bytes:
    """A small order message with a recognisable Message-ID."""
    return (
        f"From: {tag}@example.org\r\nTo: referee@example.org\r\nSubject: orders\r\n"
        f"Message-ID: <{tag}.{number}@example.org>\r\n\r\nmove {number}\r\n"
    ).encode()


def ids(batch: FetchBatch) -> list[str]:
    """The '<tag>.<n>' part of each Message-ID in a batch."""
    return [
        raw.split(b"Message-ID: <", 1)[1].split(b"@", 1)[0].decode() for _, raw in batch.messages
    ]


@pytest.fixture()
def user(mail_stack: MailStack) -> str:
    """A fresh mailbox user for one test, so tests never see each other's mail."""
    return mail_stack.fresh_user()


@pytest.fixture()
def source(mail_stack: MailStack, user: str) -> Iterator[ImapSource]:
    with ImapSource(parse_server_url(mail_stack.imap_url(user)), batch=50, timeout=10) as opened:
        yield opened


def fill(stack: MailStack, user: str, numbers: range) -> None:
    for number in numbers:
        stack.deliver(order_mail(user, number), user)


def test_fetches_everything_then_only_new(
    mail_stack: MailStack, user: str, source: ImapSource
) -> None:
    fill(mail_stack, user, range(1, 4))
    first = source.fetch_new(None, None)
    assert ids(first) == [f"{user}.1", f"{user}.2", f"{user}.3"]
    assert [uid for uid, _ in first.messages] == sorted(uid for uid, _ in first.messages)
    assert first.uidvalidity == mail_stack.uidvalidity(user)
    fill(mail_stack, user, range(4, 6))
    second = source.fetch_new(first.last_uid, first.uidvalidity)
    assert ids(second) == [f"{user}.4", f"{user}.5"]
    assert not second.uidvalidity_changed
    assert source.fetch_new(second.last_uid, second.uidvalidity).messages == []


def test_batches_are_limited(mail_stack: MailStack, user: str) -> None:
    fill(mail_stack, user, range(1, 6))
    with ImapSource(parse_server_url(mail_stack.imap_url(user)), batch=2) as small:
        first = small.fetch_new(None, None)
        assert (len(first.messages), first.has_more) == (2, True)
        seen, last = ids(first), first.last_uid
        while True:
            batch = small.fetch_new(last, first.uidvalidity)
            seen += ids(batch)
            last = batch.last_uid or last
            if not batch.has_more:
                break
    assert seen == [f"{user}.{n}" for n in range(1, 6)]


def test_star_range_quirk_is_filtered(mail_stack: MailStack, user: str, source: ImapSource) -> None:
    fill(mail_stack, user, range(1, 3))
    batch = source.fetch_new(None, None)
    highest = batch.last_uid
    assert highest is not None
    with mail_stack.imap(user) as raw_client:  # the server really does answer the quirk
        assert raw_client.search(["UID", f"{highest + 5}:*"]) == [highest]
    assert source.fetch_new(highest, batch.uidvalidity).messages == []
    assert source.fetch_new(highest + 4, batch.uidvalidity).messages == []


def test_uidvalidity_change_returns_everything(
    mail_stack: MailStack, user: str, source: ImapSource
) -> None:
    fill(mail_stack, user, range(1, 3))
    before = source.fetch_new(None, None)
    mail_stack.set_uidvalidity(user, before.uidvalidity + 1000)  # drops our open connection
    after = source.fetch_new(before.last_uid, before.uidvalidity)
    assert after.uidvalidity_changed
    assert after.uidvalidity == before.uidvalidity + 1000
    assert ids(after) == ids(before)


def test_fetch_leaves_seen_alone_and_marks_processed(
    mail_stack: MailStack, user: str, source: ImapSource
) -> None:
    fill(mail_stack, user, range(1, 3))
    batch = source.fetch_new(None, None)
    assert all(b"\\Seen" not in flags for flags in mail_stack.flags(user).values())
    first_uid = batch.messages[0][0]
    source.mark_processed([first_uid])
    flags = mail_stack.flags(user)
    assert source.processed_flag == PROCESSED_KEYWORD
    assert PROCESSED_KEYWORD in flags[first_uid]
    assert PROCESSED_KEYWORD not in flags[batch.messages[1][0]]


def test_imaps_with_the_stack_ca(mail_stack: MailStack, user: str) -> None:
    fill(mail_stack, user, range(1, 2))
    with open_source(mail_stack.imaps_url(user)) as secure:
        assert ids(secure.fetch_new(None, None)) == [f"{user}.1"]


def test_starttls_with_the_stack_ca(mail_stack: MailStack, user: str) -> None:
    fill(mail_stack, user, range(1, 2))
    url = parse_server_url(mail_stack.imap_starttls_url(user))
    assert url.tls == "starttls"
    with ImapSource(url) as upgraded:
        assert ids(upgraded.fetch_new(None, None)) == [f"{user}.1"]


@pytest.mark.parametrize("kind", ["imaps", "starttls"])
def test_untrusted_certificate_is_a_tls_error(mail_stack: MailStack, user: str, kind: str) -> None:
    text = mail_stack.imaps_url(user) if kind == "imaps" else mail_stack.imap_starttls_url(user)
    url = parse_server_url(text)
    system_store = ssl.create_default_context()  # does not trust the stack's self-signed CA
    with pytest.raises(SourceError) as caught, ImapSource(url, ssl_context=system_store) as src:
        src.fetch_new(None, None)
    assert caught.value.code == "imap.E_TLS"


def test_wrong_password_is_a_login_error_without_the_password(
    mail_stack: MailStack, user: str, caplog: pytest.LogCaptureFixture
) -> None:
    wrong = "Wr0ng-Pa55-" + uuid.uuid4().hex
    url = parse_server_url(mail_stack.imap_url(user).replace(f"pw-{user}", wrong))
    with caplog.at_level(logging.DEBUG), pytest.raises(SourceError) as caught:
        ImapSource(url).fetch_new(None, None)
    assert caught.value.code == "imap.E_LOGIN"
    assert wrong not in str(caught.value)
    assert wrong not in caplog.text


def test_password_stays_out_of_debug_logs(
    mail_stack: MailStack, user: str, caplog: pytest.LogCaptureFixture
) -> None:
    fill(mail_stack, user, range(1, 2))
    with (
        caplog.at_level(logging.DEBUG),
        ImapSource(parse_server_url(mail_stack.imap_url(user))) as s,
    ):
        s.fetch_new(None, None)
    assert "Logged in" in caplog.text or "LOGIN" in caplog.text
    assert f"pw-{user}" not in caplog.text


def test_missing_mailbox_and_closed_port(mail_stack: MailStack, user: str) -> None:
    with pytest.raises(SourceError) as missing:
        ImapSource(parse_server_url(mail_stack.imap_url(user, "NoSuchFolder"))).fetch_new(
            None, None
        )
    assert missing.value.code == "imap.E_MAILBOX"
    closed = parse_server_url(f"imap://u:p@127.0.0.1:{free_port()}/INBOX")
    with pytest.raises(SourceError) as refused:
        ImapSource(closed, timeout=5).fetch_new(None, None)
    assert refused.value.code == "imap.E_CONNECT"


def test_identity_names_the_mailbox_without_secrets(mail_stack: MailStack, user: str) -> None:
    source = open_source(mail_stack.imap_url(user))
    assert source.identity == f"imap://{user}@127.0.0.1:{mail_stack.imap_port}/INBOX"


def test_has_new_answers_as_fetch_new_would(
    mail_stack: MailStack, user: str, source: ImapSource
) -> None:
    fill(mail_stack, user, range(1, 3))
    first = source.fetch_new(None, None)
    assert first.last_uid is not None
    assert not source.has_new(first.last_uid, first.uidvalidity)
    assert not source.has_new(first.last_uid + 4, first.uidvalidity)  # the "N:*" quirk, filtered
    assert source.has_new(first.last_uid - 1, first.uidvalidity)
    fill(mail_stack, user, range(3, 4))
    assert source.has_new(first.last_uid, first.uidvalidity)
    assert ids(source.fetch_new(first.last_uid, first.uidvalidity)) == [f"{user}.3"]
    mail_stack.set_uidvalidity(user, first.uidvalidity + 1000)
    assert source.has_new(first.last_uid + 1, first.uidvalidity)  # a new UIDVALIDITY: all anew

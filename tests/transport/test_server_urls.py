"""Parsing mail server URLs, and keeping passwords out of every printed form."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from pbem.mail.transport.errors import UrlError
from pbem.mail.transport.imap import ImapSource
from pbem.mail.transport.smtp import SmtpMailer
from pbem.mail.transport.urls import client_ssl_context, parse_server_url

SECRET = "Zq7-s3cr3t/p@ss:w0rd"
ENCODED = "Zq7-s3cr3t%2Fp%40ss%3Aw0rd"


def test_imap_url_with_defaults_and_percent_decoding() -> None:
    url = parse_server_url(f"imap://ref%40game.example:{ENCODED}@mail.example.org")
    assert (url.scheme, url.host, url.port, url.tls) == ("imap", "mail.example.org", 143, "none")
    assert url.user == "ref@game.example"
    assert url.password == SECRET
    assert url.mailbox == "INBOX"


@pytest.mark.parametrize(
    ("text", "scheme", "port", "tls"),
    [
        ("imaps://u:p@h/INBOX", "imap", 993, "ssl"),
        ("imap://u:p@h/INBOX?starttls=1", "imap", 143, "starttls"),
        ("imap+starttls://u:p@h:1143/INBOX", "imap", 1143, "starttls"),
        ("smtp://h", "smtp", 25, "none"),
        ("smtps://u:p@h", "smtp", 465, "ssl"),
        ("smtp://u:p@h:587?starttls=true", "smtp", 587, "starttls"),
        ("smtp+starttls://h", "smtp", 25, "starttls"),
        ("smtp://h?starttls=0", "smtp", 25, "none"),
    ],
)
def test_schemes_ports_and_tls_modes(text: str, scheme: str, port: int, tls: str) -> None:
    url = parse_server_url(text)
    assert (url.scheme, url.port, url.tls) == (scheme, port, tls)


def test_mailbox_path_and_cafile() -> None:
    url = parse_server_url("imaps://u:p@h/Orders%2FGame%201?cafile=/etc/pbem/ca.pem")
    assert url.mailbox == "Orders/Game 1"
    assert url.ca_file == "/etc/pbem/ca.pem"


def test_maildir_urls_become_absolute_paths(tmp_path: Path) -> None:
    assert parse_server_url(f"maildir://{tmp_path}/Maildir").path == f"{tmp_path}/Maildir"
    relative = parse_server_url("maildir:some/Maildir")
    assert Path(relative.path).is_absolute()
    assert relative.path.endswith("/some/Maildir")


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("pop3://u:p@h", "url.E_SCHEME"),
        ("imap://u:p@h:99999/INBOX", "url.E_PORT"),
        ("imap://u:p@h:abc/INBOX", "url.E_PORT"),
        ("imap://u:p@/INBOX", "url.E_HOST"),
        ("imap://u:p@h/INBOX?startls=1", "url.E_QUERY"),
        ("imaps://u:p@h/INBOX?starttls=1", "url.E_QUERY"),
        ("smtp://h?starttls=maybe", "url.E_QUERY"),
        ("maildir://host/path", "url.E_PATH"),
    ],
)
def test_bad_urls_have_stable_codes(text: str, code: str) -> None:
    with pytest.raises(UrlError) as caught:
        parse_server_url(text)
    assert caught.value.code == code


def test_allowed_schemes_are_enforced() -> None:
    with pytest.raises(UrlError) as caught:
        parse_server_url("smtp://h", allowed={"imap", "maildir"})
    assert caught.value.code == "url.E_SCHEME"
    assert parse_server_url("maildir:///m", allowed={"imap", "maildir"}).scheme == "maildir"


def test_password_file_supplies_the_secret(tmp_path: Path) -> None:
    secret_file = tmp_path / "imap.secret"
    secret_file.write_text(SECRET + "\n")
    url = parse_server_url(f"imaps://ref@h/INBOX?password_file={secret_file}")
    assert url.password == SECRET
    assert SECRET not in repr(url)


def test_password_file_problems(tmp_path: Path) -> None:
    missing = tmp_path / "missing"
    with pytest.raises(UrlError) as caught:
        parse_server_url(f"imap://ref@h/INBOX?password_file={missing}")
    assert caught.value.code == "url.E_PASSWORD_FILE"
    with pytest.raises(UrlError) as both:
        parse_server_url(f"imap://ref:x@h/INBOX?password_file={missing}")
    assert both.value.code == "url.E_QUERY"


def test_identity_ignores_password_and_tls_upgrade() -> None:
    plain = parse_server_url(f"imap://ref:{ENCODED}@h/INBOX")
    upgraded = parse_server_url("imap+starttls://ref:other@h/INBOX")
    assert plain.identity() == upgraded.identity() == "imap://ref@h:143/INBOX"


def test_password_never_printed(caplog: pytest.LogCaptureFixture) -> None:
    url = parse_server_url(f"imaps://ref:{ENCODED}@h/INBOX")
    smtp_url = parse_server_url(f"smtp://ref:{ENCODED}@h:587?starttls=1")
    with caplog.at_level(logging.DEBUG):
        logging.getLogger("pbem.test").info("using %s and %r", url, smtp_url)
    printed = [
        repr(url), str(url), url.redacted(), f"{url}", url.identity(),
        repr(smtp_url), str(smtp_url), repr(ImapSource(url)), repr(SmtpMailer(smtp_url)),
        caplog.text,
    ]  # fmt: skip
    for text in printed:
        assert SECRET not in text
        assert ENCODED not in text
    assert str(url) == "imaps://ref:***@h:993/INBOX"
    assert "?starttls=1" in str(smtp_url)


def test_redacted_url_parses_back_to_the_same_server() -> None:
    url = parse_server_url("imap://ref:pw@h:1143/Orders?starttls=1&cafile=/ca.pem")
    again = parse_server_url(url.redacted())
    assert again == url  # the password is not part of equality
    assert again.password == "***"


def test_ssl_context_only_for_tls_urls(tmp_path: Path) -> None:
    assert client_ssl_context(parse_server_url("imap://u:p@h/INBOX")) is None
    assert client_ssl_context(parse_server_url("imaps://u:p@h/INBOX")) is not None
    with pytest.raises(UrlError) as caught:
        client_ssl_context(parse_server_url(f"imaps://u:p@h/INBOX?cafile={tmp_path}/no.pem"))
    assert caught.value.code == "url.E_CAFILE"

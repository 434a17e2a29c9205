"""Reading with the header memo gives the records policy.default gives, however often."""

from __future__ import annotations

from email import policy
from pathlib import Path

import pytest

from pbem.mail.policies import READ, SEND
from pbem.mail.reading import inbound
from pbem.mail.reading.inbound import read_message

FIXTURES = sorted((Path(__file__).parent / "fixtures").rglob("*.eml"))


def test_there_are_fixtures_to_read() -> None:
    assert len(FIXTURES) > 10


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_every_fixture_reads_as_with_policy_default(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = path.read_bytes()
    first, second = read_message(raw), read_message(raw)  # the second from the memo
    monkeypatch.setattr(inbound, "READ", policy.default)
    plain = read_message(raw)
    assert first == plain and second == plain


def test_a_memoised_header_is_the_header_the_policy_makes() -> None:
    value = 'multipart/alternative; boundary="=_x"; charset=utf-8'
    fetched = READ.header_fetch_parse("Content-Type", value)
    again = READ.header_fetch_parse("Content-Type", value)
    plain = policy.default.header_fetch_parse("Content-Type", value)
    assert again is fetched and fetched == plain and fetched.params == plain.params
    name, stored = SEND.header_store_parse("From", "Référé <referee@pbem.example>")
    fresh = policy.SMTP.header_store_parse("From", "Référé <referee@pbem.example>")[1]
    assert name == "From" and stored.fold(policy=SEND) == fresh.fold(policy=policy.SMTP)
    with pytest.raises(ValueError):
        SEND.header_store_parse("To", "a@example.org\r\nBcc: b@example.org")

"""Reply tokens: their form, where they are found, and secret checks."""

from __future__ import annotations

import re
from pathlib import Path

from pbem.mail.reading.inbound import Inbound, read_message
from pbem.mail.routing import (
    drop_auth_line,
    find_tokens,
    new_secret,
    parse_token,
    plus_address,
    secrets_match,
    slug,
    subject_tag,
    token_for,
)

FIXTURES = Path(__file__).parent / "fixtures"


def inbound(to: tuple[str, ...] = (), subject: str = "", body: str = "") -> Inbound:
    """A minimal Inbound with the routing fields set."""
    return Inbound(
        message_id="m@x", to_addresses=to, subject=subject, body_text=body, digest="0", size=0
    )


def test_token_is_compact_lowercase_and_deterministic() -> None:
    token = token_for("MK1", "P2", "s3cr3t")
    assert token == token_for("mk1", "p2", "s3cr3t")
    assert re.fullmatch(r"mk1\.p2\.[a-z2-7]{10}", token)
    assert token != token_for("mk1", "p2", "other")
    assert token != token_for("mk1", "p3", "s3cr3t")


def test_slug_keeps_only_lowercase_letters_digits_and_dashes() -> None:
    assert slug("North Kingdom_2") == "north-kingdom-2"
    assert slug("***") == "x"


def test_address_and_subject_forms() -> None:
    token = token_for("mk1", "p2", "s3cr3t")
    assert plus_address("Referee@pbem.example", token) == f"Referee+{token}@pbem.example"
    assert subject_tag(token) == f"[pbem {token}]"
    assert parse_token(token.upper()) == ("mk1", "p2")
    assert parse_token("mk1.p2") is None


def test_tokens_found_in_address_subject_and_body() -> None:
    token = token_for("mk1", "p2", "s3cr3t")
    found = find_tokens(
        inbound(
            to=(plus_address("me+pbem@pbem.example", token).upper().lower(), "x@y.org"),
            subject=f"Re: {subject_tag(token).upper()} report",
            body="mk1 p2 S3cr3t\nmove a1 b2",
        )
    )
    assert [(t.where, t.campaign, t.seat, t.value) for t in found] == [
        ("address", "mk1", "p2", token),
        ("subject", "mk1", "p2", token),
        ("body", "mk1", "p2", "s3cr3t"),
    ]


def test_no_tokens_in_plain_mail() -> None:
    assert find_tokens(inbound(to=("referee@pbem.example",), subject="orders", body="move a")) == []


def test_first_line_with_other_word_count_is_not_an_auth_line() -> None:
    assert find_tokens(inbound(body="move a1 b2 now\nhold")) == []
    assert find_tokens(inbound(body="hold c3\nmk1 p2 s3cr3t")) == []


def test_tokens_found_in_fixture_replies() -> None:
    token = "mk1.p2.krvbjf65i6"
    gmail = read_message((FIXTURES / "gmail_reply.eml").read_bytes())
    assert {t.where for t in find_tokens(gmail)} == {"address", "subject"}
    html = read_message((FIXTURES / "html_only.eml").read_bytes())
    assert [(t.where, t.seat) for t in find_tokens(html)] == [("body", "p3")]
    assert all(t.value == token for t in find_tokens(gmail))


def test_drop_auth_line_removes_the_first_non_blank_line() -> None:
    assert drop_auth_line("\nmk1 p2 s3cr3t\nmove a1 b2\n") == "move a1 b2"


def test_secrets_match_is_exact() -> None:
    assert secrets_match("abc", "abc")
    assert not secrets_match("abc", "abd")
    assert not secrets_match("abc", "abcd")


def test_new_secret_is_lowercase_alphanumeric_and_random() -> None:
    secrets = {new_secret() for _ in range(50)}
    assert len(secrets) == 50
    assert all(re.fullmatch(r"[a-z2-9]{10}", s) for s in secrets)


def test_fixture_token_verifies_against_the_seat_secret() -> None:
    gmail = read_message((FIXTURES / "gmail_reply.eml").read_bytes())
    candidate = find_tokens(gmail)[0]
    expected = token_for(candidate.campaign, candidate.seat, "s3cr3tword")
    assert secrets_match(candidate.value, expected)
    assert not secrets_match(candidate.value, token_for("mk1", "p2", "wrong"))

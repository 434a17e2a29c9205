"""Header values made safe before storage: no controls, NULs or surrogates; IDs within limits."""

from __future__ import annotations

from pbem.mail.headers import MESSAGE_ID_MAX_BYTES, safe_header, safe_message_id, safe_text
from pbem.mail.reading.inbound import read_message


def test_controls_nul_and_surrogates_are_removed_or_replaced() -> None:
    assert safe_header("a\x00b\r\nc\td\x7f\x85e\ud800") == "ab  c de\ufffd"
    assert safe_text("line 1\r\nline\x00 2\t\x1b[31m\udcff") == "line 1\r\nline 2\t[31m\ufffd"


def test_header_values_are_capped() -> None:
    assert len(safe_header("x" * 5000)) == 998


def test_a_long_message_id_is_hashed_stably_and_short_ones_kept() -> None:
    long_id = "\U0001f600" * 900 + "@x"
    assert safe_message_id(long_id) == safe_message_id(long_id)
    assert safe_message_id(long_id) != safe_message_id(long_id + "y")
    assert len(safe_message_id(long_id).encode()) <= MESSAGE_ID_MAX_BYTES
    fits = "a" * (MESSAGE_ID_MAX_BYTES - 2) + "@x"
    assert safe_message_id(fits) == fits


def test_the_issue_reproductions_read_safely() -> None:
    for raw_id in (b"<=?utf-7?q?+2AA-?=@x>", b"<=?utf-8?q?a=00b?=@x>"):
        inbound = read_message(
            b"From: a@localhost\r\nSubject: =?utf-7?q?+2AA-?= hi\r\nMessage-ID: "
            + raw_id
            + b"\r\n\r\npick 3\x00\r\n"
        )
        for value in (inbound.message_id, inbound.subject, inbound.body_text):
            value.encode("utf-8")  # no lone surrogate left: this would raise
            assert "\x00" not in value

"""Property tests: the mail layer never raises on hostile input, and compose round-trips."""

from __future__ import annotations

from datetime import UTC, datetime
from email import message_from_bytes, policy
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.mail.headers import decode_words, loop_value
from pbem.mail.outbound import OutgoingMessage, compose
from pbem.mail.reading.commands import detect_command
from pbem.mail.reading.html_text import html_to_text
from pbem.mail.reading.inbound import read_message
from pbem.mail.reading.quotes import strip_reply
from tests.support.examples import examples

FIXTURES = sorted((Path(__file__).parent / "fixtures").glob("*.eml"))
PYTHON_DATA = sorted(Path("/usr/lib/python3.11/test/test_email/data").glob("msg_*.txt"))
SAMPLES = [path.read_bytes() for path in FIXTURES + PYTHON_DATA]

FUZZ = settings(
    max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

# What a person can type: no control characters other than newline, no surrogates.
TYPED = st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"), blacklist_characters="\x85")


@st.composite
def mutated_mail(draw: st.DrawFn) -> bytes:
    """A real message with some bytes cut, inserted, replaced or the tail dropped."""
    data = bytearray(draw(st.sampled_from(SAMPLES)))
    for _ in range(draw(st.integers(1, 6))):
        where = draw(st.integers(0, len(data)))
        action = draw(st.sampled_from(["cut", "insert", "replace", "truncate"]))
        chunk = draw(st.binary(min_size=1, max_size=40) | st.sampled_from(SNIPPETS))
        if action == "cut":
            del data[where : where + len(chunk)]
        elif action == "insert":
            data[where:where] = chunk
        elif action == "replace":
            data[where : where + len(chunk)] = chunk
        else:
            del data[where:]
    return bytes(data)


SNIPPETS = [
    b"\n\n", b"\r\n", b"--", b"Content-Type: multipart/mixed; boundary=x\n",
    b"Content-Transfer-Encoding: base64\n", b"=?utf-8?b?", b"?=", b"=\n", b"<", b">",
    b"charset=\"\xff\"", b"Content-Type: message/rfc822\n\n", b"((((((((", b"\"", b"\\",
]  # fmt: skip


@FUZZ
@given(st.binary(max_size=4000))
def test_read_message_never_raises_on_arbitrary_bytes(raw: bytes) -> None:
    inbound = read_message(raw)
    assert len(inbound.digest) == 64
    assert inbound.message_id


@FUZZ
@given(mutated_mail())
def test_read_message_never_raises_on_mutated_real_mail(raw: bytes) -> None:
    inbound = read_message(raw, max_depth=5)
    assert inbound.size == len(raw)
    assert inbound.refusal is not None or inbound.body_text.strip()


@FUZZ
@given(st.text(max_size=2000))
def test_strip_reply_never_raises_and_leaves_no_quotes(text: str) -> None:
    out = strip_reply(text)
    assert not any(line.lstrip().startswith(">") for line in out.split("\n"))
    assert all(line == line.rstrip() for line in out.split("\n"))
    assert "\r" not in out and "\u200b" not in out


@FUZZ
@given(st.text(max_size=2000))
def test_html_to_text_and_command_detection_never_raise(text: str) -> None:
    assert isinstance(html_to_text(text), str)
    assert detect_command(text).kind


@FUZZ
@given(st.text(max_size=300))
def test_decode_words_never_raises(text: str) -> None:
    assert isinstance(decode_words(text), str)


subject_words = st.lists(
    st.text(TYPED, min_size=1, max_size=12).filter(lambda w: not w.isspace() and w.split() == [w]),
    min_size=1,
    max_size=8,
)


@FUZZ
@given(
    subject=subject_words.map(" ".join),
    lines=st.lists(st.text(TYPED, max_size=120), min_size=1, max_size=12),
    key=st.text(min_size=1, max_size=20),
)
def test_compose_round_trips_id_subject_and_text(subject: str, lines: list[str], key: str) -> None:
    text = "\n".join(lines)
    message_id = f"pbem.{abs(hash(key)) % 10**12}@pbem.example"
    raw = compose(OutgoingMessage(
        sender="Référée <referee@pbem.example>",
        to="anna@example.org",
        subject=subject,
        text=text,
        html="<p>report</p>",
        message_id=message_id,
        loop_value=loop_value("referee@pbem.example"),
        date=datetime(2026, 11, 16, 10, 0, tzinfo=UTC),
    ))
    inbound = read_message(raw)
    assert (inbound.message_id, inbound.subject) == (message_id, subject)
    msg = message_from_bytes(raw, policy=policy.default)
    plain = msg.get_body(preferencelist=("plain",))
    assert plain is not None
    decoded = plain.get_content().replace("\r\n", "\n")
    assert decoded == (text if text.endswith("\n") else text + "\n")  # one final newline

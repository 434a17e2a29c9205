"""Body extraction: text choice, charsets, HTML, format=flowed, files, encryption, depth."""

from __future__ import annotations

from email import message_from_bytes, policy
from email.message import Message

from pbem.mail.reading.body import (
    E_ENCRYPTED,
    E_NO_TEXT,
    E_TOO_DEEP,
    extract_body,
    part_text,
    unwrap_clearsigned,
)
from pbem.mail.reading.flowed import unflow
from pbem.mail.reading.html_text import html_to_text


def parse(raw: bytes) -> Message:
    """Parse test bytes the way inbound does."""
    return message_from_bytes(raw, policy=policy.default)


def multipart(subtype: str, *parts: str, boundary: str = "BOUNDARY") -> str:
    """A multipart body text made of already-formatted parts."""
    inner = "".join(f"--{boundary}\n{part}\n" for part in parts)
    return f'Content-Type: multipart/{subtype}; boundary="{boundary}"\n\n{inner}--{boundary}--\n'


PLAIN = "Content-Type: text/plain; charset=utf-8\n\nmove a1 b2\n"
HTML = "Content-Type: text/html; charset=utf-8\n\n<p>hold c3</p>\n"


def test_plain_wins_over_html_in_alternative() -> None:
    body = extract_body(parse(multipart("alternative", PLAIN, HTML).encode()))
    assert (body.text, body.source, body.refusal) == ("move a1 b2", "plain", None)


def test_html_used_when_plain_part_is_blank() -> None:
    blank = "Content-Type: text/plain\n\n   \n"
    body = extract_body(parse(multipart("alternative", blank, HTML).encode()))
    assert (body.text, body.source) == ("hold c3", "html")


def test_txt_attachment_wins_over_body_of_only_quotes_and_signature() -> None:
    quoted = "Content-Type: text/plain\n\n> old report\n-- \nBob\n"
    order_file = (
        'Content-Type: text/plain; name="orders.txt"\n'
        'Content-Disposition: attachment; filename="orders.txt"\n\nhold c3\n'
    )
    body = extract_body(parse(multipart("mixed", quoted, order_file).encode()))
    assert (body.text, body.source, body.attachment_name) == ("hold c3", "attachment", "orders.txt")


def test_body_text_wins_over_attachment_when_body_has_orders() -> None:
    order_file = "Content-Type: text/plain\nContent-Disposition: attachment\n\nhold c3\n"
    body = extract_body(parse(multipart("mixed", PLAIN, order_file).encode()))
    assert (body.text, body.source) == ("move a1 b2", "plain")


def test_non_text_attachment_is_not_an_order_file() -> None:
    quoted = "Content-Type: text/plain\n\n> old\n"
    image = (
        'Content-Type: image/png; name="map.png"\nContent-Disposition: attachment; '
        'filename="map.png"\nContent-Transfer-Encoding: base64\n\niVBORw0KGgo=\n'
    )
    body = extract_body(parse(multipart("mixed", quoted, image).encode()))
    assert body.refusal == E_NO_TEXT


def test_forwarded_message_attachment_is_not_read_as_orders() -> None:
    forwarded = "Content-Type: message/rfc822\n\nSubject: old\n\nmove z9 z8\n"
    body = extract_body(parse(multipart("mixed", PLAIN, forwarded).encode()))
    assert body.text == "move a1 b2"


def test_multipart_encrypted_is_refused() -> None:
    parts = ("Content-Type: application/pgp-encrypted\n\nVersion: 1\n",
             "Content-Type: application/octet-stream\n\nxxx\n")  # fmt: skip
    raw = multipart("encrypted", *parts).replace(
        "multipart/encrypted;", 'multipart/encrypted; protocol="application/pgp-encrypted";'
    )
    assert extract_body(parse(raw.encode())).refusal == E_ENCRYPTED


def test_inline_pgp_block_is_refused_but_quoted_one_is_not() -> None:
    inline = b"Content-Type: text/plain\n\n-----BEGIN PGP MESSAGE-----\nabc\n"
    assert extract_body(parse(inline)).refusal == E_ENCRYPTED
    quoted = b"Content-Type: text/plain\n\nhold c3\n> -----BEGIN PGP MESSAGE-----\n"
    assert extract_body(parse(quoted)).refusal is None


def test_clearsigned_text_is_unwrapped() -> None:
    text = (
        "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\nmove a1 b2\n- --dashed\n"
        "-----BEGIN PGP SIGNATURE-----\n\nabc\n-----END PGP SIGNATURE-----\nafter\n"
    )
    assert unwrap_clearsigned(text) == "move a1 b2\n--dashed\nafter\n"


def test_empty_mail_is_refused_as_no_text() -> None:
    assert extract_body(parse(b"Subject: x\n\n")).refusal == E_NO_TEXT


def nested(levels: int) -> bytes:
    """A message with `levels` multipart/mixed wrappers around one text part."""
    inner = PLAIN
    for level in range(levels):
        inner = multipart("mixed", inner, boundary=f"b{level}")
    return inner.encode()


def test_depth_at_limit_is_read_and_beyond_is_refused() -> None:
    assert extract_body(parse(nested(3)), max_depth=3).text == "move a1 b2"
    assert extract_body(parse(nested(4)), max_depth=3).refusal == E_TOO_DEEP


def test_declared_charsets_and_transfer_encodings_decode() -> None:
    latin = parse(b"Content-Type: text/plain; charset=iso-8859-1\n\nS\xfcden\n")
    assert part_text(latin) == "Süden\n"
    qp = parse(
        b"Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable"
        b"\n\nZ=C3=BCrich =\nsoft\n"
    )
    assert part_text(qp) == "Zürich soft\n"


def test_unknown_charset_falls_back_to_utf8_then_windows_1252() -> None:
    utf8 = parse("Content-Type: text/plain; charset=x-bogus\n\nZürich\n".encode())
    assert part_text(utf8) == "Zürich\n"
    cp = parse(b"Content-Type: text/plain; charset=x-bogus\n\n\x93quoted\x94\n")
    assert part_text(cp) == "\u201cquoted\u201d\n"


def test_ascii_label_on_utf8_bytes_still_decodes() -> None:
    msg = parse("Content-Type: text/plain; charset=us-ascii\n\nGrüße\n".encode())
    assert part_text(msg) == "Grüße\n"


def test_flowed_part_is_unflowed_in_part_text() -> None:
    msg = parse(b"Content-Type: text/plain; format=flowed\n\nmove army1 \nnorth\n")
    assert part_text(msg) == "move army1 north\n"


def test_unflow_joins_soft_breaks_and_keeps_quote_depth() -> None:
    assert unflow("a long \nline\n> quoted \n> more\nhard") == "a long line\n> quoted more\nhard"


def test_unflow_delsp_removes_the_soft_space_and_unstuffs() -> None:
    assert unflow("abc \ndef\n From here", delsp=True) == "abcdef\nFrom here"


def test_unflow_keeps_signature_delimiter() -> None:
    assert unflow("hold \nc3\n-- \nme") == "hold c3\n-- \nme"


def test_html_to_text_blocks_breaks_entities_and_dropped_parts() -> None:
    html = (
        "<html><head><title>t</title><style>p{}</style></head><body>"
        "<p>move a1&amp;b2</p><div>hold<br>c3</div><script>x()</script>"
        "<blockquote>old</blockquote><table><tr><td>a</td><td>b</td></tr></table></body></html>"
    )
    assert html_to_text(html) == "move a1&b2\nhold\nc3\na b"


def test_html_to_text_keeps_pre_lines() -> None:
    assert html_to_text("<pre>tax north\ntax south</pre>") == "tax north\ntax south"


def test_html_to_text_drops_gmail_quote_and_stops_at_outlook_history() -> None:
    html = (
        '<div>hold c3</div><div class="gmail_quote">On x wrote: <div>old</div></div>'
        '<div>after</div><div id="divRplyFwdMsg">From: r</div><div>history</div>'
    )
    assert html_to_text(html) == "hold c3\nafter"


def test_html_to_text_survives_broken_markup() -> None:
    assert html_to_text("<p>hold <b>c3<![if x]><div").startswith("hold c3")


def test_unflow_flushes_a_flowing_line_when_quote_depth_changes() -> None:
    assert unflow("> quoted \nmine \nstill mine") == "> quoted\nmine still mine"


def test_an_order_file_beside_a_body_is_named_as_not_read() -> None:
    note = "Content-Type: text/plain\n\nOrders attached, thanks!\n"
    order_file = (
        'Content-Type: text/plain; name="orders.txt"\n'
        'Content-Disposition: attachment; filename="orders.txt"\n\nhold c3\n'
    )
    body = extract_body(parse(multipart("mixed", note, order_file).encode()))
    assert (body.text, body.source) == ("Orders attached, thanks!", "plain")
    assert body.unread_attachment == "orders.txt"
    alone = extract_body(parse(multipart("mixed", order_file).encode()))
    assert alone.unread_attachment is None and alone.source == "attachment"

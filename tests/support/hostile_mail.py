"""A seeded generator of hostile mail mixed with good orders, for the intake fuzz test.

Every message is raw bytes as a hostile or careless sender could hand to a mail server.
Good messages carry a valid key and `pick N` from a registered player; each bad one is one
of the kinds in BAD_KINDS. The same seed always gives the same messages.
"""

from __future__ import annotations

import base64
import random
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Seat:
    """A registered player: mailbox name and the keyed address that reaches the referee."""

    user: str
    keyed_to: str  # the Reply-To of the player's welcome mail


@dataclass(frozen=True)
class Fuzzed:
    """One generated message: its kind, raw bytes, and its Message-ID if it is a good one."""

    kind: str
    raw: bytes
    good_id: str | None = None


@dataclass
class Mailbag:
    """The campaign's addresses and a seeded random source."""

    rng: random.Random
    referee: str
    voters: list[Seat]  # players whose good orders are sent
    silent: Seat  # a player who never sends good orders, so the phase never completes
    serial: int = 0

    def next_id(self, domain: str = "fuzz.localhost") -> str:
        """A fresh, unique Message-ID."""
        self.serial += 1
        return f"<fuzz{self.serial}.{self.rng.getrandbits(32):08x}@{domain}>"


def message(headers: list[tuple[str, str | bytes]], body: bytes) -> bytes:
    """Raw mail from header pairs (str or raw bytes) and a raw body."""
    lines = [
        name.encode() + b": " + (v if isinstance(v, bytes) else v.encode()) for name, v in headers
    ]
    return b"\r\n".join(lines) + b"\r\n\r\n" + body


def _envelope(
    bag: Mailbag, seat: Seat, subject: str = "Re: orders"
) -> list[tuple[str, str | bytes]]:
    return [
        ("From", f"{seat.user.title()} <{seat.user}@localhost>"),
        ("To", seat.keyed_to),
        ("Subject", subject),
        ("Message-ID", bag.next_id()),
        ("Date", "Mon, 23 Nov 2026 12:00:00 +0000"),
    ]


def any_seat(bag: Mailbag) -> tuple[Seat, bytes]:
    """Any player, and a pick that is valid only from a voter (the silent seat's is out of range).

    So the silent seat never completes a phase and the campaign never ends during a run.
    """
    seat = bag.rng.choice([*bag.voters, bag.silent])
    return seat, (b"9" if seat == bag.silent else str(bag.rng.randint(1, 6)).encode())


def good(bag: Mailbag) -> Fuzzed:
    """Valid orders from a voting player, in one of several honest encodings."""
    seat = bag.rng.choice(bag.voters)
    pick = bag.rng.randint(1, 6)
    headers = _envelope(bag, seat)
    style = bag.rng.choice(["plain", "html", "base64", "alternative", "quoted"])
    headers.append(("MIME-Version", "1.0"))
    if style == "plain":
        headers.append(("Content-Type", "text/plain; charset=utf-8"))
        body = f"pick {pick}\r\n\r\nThanks!\r\n".encode()
    elif style == "html":
        headers.append(("Content-Type", "text/html; charset=utf-8"))
        body = f"<html><body><p>pick {pick}</p><p>caf\u00e9</p></body></html>".encode()
    elif style == "base64":
        headers += [("Content-Type", "text/plain; charset=iso-8859-1"),
                    ("Content-Transfer-Encoding", "base64")]  # fmt: skip
        body = base64.encodebytes(f"pick {pick} # cr\u00e8me\n".encode("latin-1"))
    elif style == "alternative":
        headers.append(("Content-Type", 'multipart/alternative; boundary="alt"'))
        body = (
            f"--alt\r\nContent-Type: text/plain\r\n\r\npick {pick}\r\n--alt\r\n"
            f"Content-Type: text/html\r\n\r\n<p>pick {pick}</p>\r\n--alt--\r\n"
        ).encode()
    else:
        headers.append(("Content-Type", "text/plain; charset=utf-8"))
        body = f"pick {pick}\r\n\r\nOn Monday the referee wrote:\r\n> pick 1\r\n> old\r\n".encode()
    message_id = str(dict(headers)["Message-ID"])
    return Fuzzed("good", message(headers, body), message_id.strip("<>"))


def bad_mime(bag: Mailbag) -> Fuzzed:
    """Multipart with a missing, mismatched or unterminated boundary, or nested far too deep."""
    headers = _envelope(bag, bag.rng.choice(bag.voters))
    variant = bag.rng.randrange(4)
    if variant == 0:
        headers.append(("Content-Type", "multipart/mixed"))
        body = b"--x\r\nContent-Type: text/plain\r\n\r\npick 2\r\n"
    elif variant == 1:
        headers.append(("Content-Type", 'multipart/mixed; boundary="a"'))
        body = b"--b\r\n\r\npick 3\r\n--b--\r\n"
    elif variant == 2:
        headers.append(("Content-Type", 'multipart/mixed; boundary="n0"'))
        body = b"".join(
            f'--n{i}\r\nContent-Type: multipart/mixed; boundary="n{i + 1}"\r\n\r\n'.encode()
            for i in range(80)
        )
    else:
        headers += [("Content-Type", "text/plain; charset=utf-8"),
                    ("Content-Transfer-Encoding", "base64")]  # fmt: skip
        body = b"!!!not base64 at all!!!\r\n===\r\n"
    return Fuzzed("bad_mime", message(headers, body))


def surrogates(bag: Mailbag) -> Fuzzed:
    """Encoded words and raw bytes that decode to lone surrogates or nothing valid."""
    seat, pick = any_seat(bag)
    headers = _envelope(bag, seat)
    junk = bag.rng.choice(["=?utf-7?q?+2AA-?=", "=?utf-7?b?K2RnQS0=?=", "=?utf-16?b?2AA=?="])
    headers = [(n, v) for n, v in headers if n not in ("Subject", "Message-ID")]
    headers += [("Subject", f"{junk} orders \xff".encode("latin-1")),
                ("Message-ID", f"<{junk}@x{bag.rng.getrandbits(16)}>")]  # fmt: skip
    if bag.rng.random() < 0.5:
        headers = [("From", f"{junk} <{bag.voters[0].user}@localhost>"), *headers[1:]]
    return Fuzzed("surrogates", message(headers, b"pick " + pick + b"\r\n\xed\xa0\x80\r\n"))


def nuls(bag: Mailbag) -> Fuzzed:
    """NUL bytes in headers, encoded words and the body."""
    seat, pick = any_seat(bag)
    headers = _envelope(bag, seat)
    headers = [(n, v) for n, v in headers if n != "Message-ID"]
    headers += [("Message-ID", f"<=?utf-8?q?a=00b{bag.rng.getrandbits(20)}?=@x>"),
                ("X-Nul", b"a\x00b"), ("Subject", "=?utf-8?q?nul=00here?=")]  # fmt: skip
    return Fuzzed("nuls", message(headers, b"pick\x00 " + pick + b"\r\n"))


def giant_headers(bag: Mailbag) -> Fuzzed:
    """A huge Subject, a 900-character Message-ID of four-byte characters, or many headers."""
    seat, pick = any_seat(bag)
    headers = _envelope(bag, seat)
    variant = bag.rng.randrange(3)
    if variant == 0:
        headers.append(("X-Long", "y" * 120_000))
    elif variant == 1:
        headers = [(n, v) for n, v in headers if n != "Message-ID"]
        emoji = "\U0001f600" * 900
        headers.append(("Message-ID", f"<{emoji}{bag.rng.getrandbits(20)}@x>".encode()))
    else:
        headers += [(f"X-Many-{i}", "v" * 50) for i in range(3000)]
    return Fuzzed("giant_headers", message(headers, b"pick " + pick + b"\r\n"))


def odd_charsets(bag: Mailbag) -> Fuzzed:
    """Unknown, non-text and mismatched charsets."""
    seat, pick = any_seat(bag)
    headers = _envelope(bag, seat)
    charset = bag.rng.choice(["x-unknown", "utf-7", "base64_codec", "utf-16", '"\xff"', "rot13"])
    headers.append(("Content-Type", f"text/plain; charset={charset}"))
    text = b"pick " + pick
    body = bag.rng.choice([text + b"\r\n", text.decode().encode("utf-16"), b"\xff\xfe\x00p\x00"])
    return Fuzzed("odd_charsets", message(headers, body))


def html_only(bag: Mailbag) -> Fuzzed:
    """HTML with scripts, styles and entities but no orders."""
    headers = [*_envelope(bag, bag.rng.choice(bag.voters)),
               ("Content-Type", "text/html; charset=utf-8")]  # fmt: skip
    body = (
        b"<html><head><style>p{}</style><script>alert('x')</script></head>"
        b"<body><p>&lt;b&gt;hello &#0; &#xd800; &bogus;</p><img src=x onerror=1></body>"
    )
    return Fuzzed("html_only", message(headers, body))


def auto_reply(bag: Mailbag) -> Fuzzed:
    """Out-of-office and list mail: must never be answered."""
    headers = _envelope(bag, bag.rng.choice(bag.voters), "Out of Office: away")
    headers.append(
        bag.rng.choice(
            [
                ("Auto-Submitted", "auto-replied"),
                ("Precedence", "bulk"),
                ("X-Autoreply", "yes"),
                ("List-Id", "<l.localhost>"),
            ]
        )
    )
    return Fuzzed("auto_reply", message(headers, b"I am away until Monday.\r\n"))


def bounce(bag: Mailbag) -> Fuzzed:
    """A delivery-status report naming a player, with a null or daemon sender."""
    seat = bag.rng.choice([*bag.voters, bag.silent])
    headers: list[tuple[str, str | bytes]] = [
        ("From", "Mail Delivery System <MAILER-DAEMON@localhost>"),
        ("To", f"{bag.referee}@localhost"),
        ("Subject", bag.rng.choice(["Undelivered Mail Returned to Sender", "failure notice"])),
        ("Message-ID", bag.next_id("daemon.localhost")),
        ("MIME-Version", "1.0"),
        ("Content-Type", 'multipart/report; report-type=delivery-status; boundary="b1"'),
    ]
    body = (
        f"--b1\r\nContent-Type: text/plain\r\n\r\nCould not deliver.\r\n--b1\r\n"
        f"Content-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; localhost\r\n\r\n"
        f"Final-Recipient: rfc822; {seat.user}@localhost\r\nAction: failed\r\n"
        f"Status: 5.1.1\r\n\r\n--b1--\r\n"
    ).encode()
    return Fuzzed("bounce", message(headers, body))


def forged_key(bag: Mailbag) -> Fuzzed:
    """A key used from the wrong address, a wrong secret, or no key from a player."""
    owner, other = bag.rng.sample([*bag.voters, bag.silent], 2)
    variant = bag.rng.randrange(3)
    headers = _envelope(bag, owner)
    if variant == 0:  # a stranger uses the owner's key
        headers[0] = ("From", "Mallory <mallory@evil.localhost>")
    elif variant == 1:  # another player uses the owner's key
        headers[0] = ("From", f"{other.user}@localhost")
    else:  # the owner, but with a forged secret
        local, _, domain = owner.keyed_to.partition("@")
        headers[1] = ("To", f"{local[:-4]}zzzz@{domain}")
    return Fuzzed("forged_key", message(headers, b"pick 6\r\n"))


def huge_body(bag: Mailbag) -> Fuzzed:
    """A body over the size limit."""
    headers = _envelope(bag, bag.rng.choice(bag.voters))
    return Fuzzed("huge_body", message(headers, b"pick 3\r\n" + b"x" * 1_200_000))


def bad_orders(bag: Mailbag) -> Fuzzed:
    """A real player's mail that is no valid order: answered with the problems."""
    headers = _envelope(bag, bag.rng.choice([*bag.voters, bag.silent]))
    lines = [bag.rng.choice(["pick 99", "pikc 2", "move 3 to E8", "PICK", "pick -1"])
             for _ in range(bag.rng.randint(1, 40))]  # fmt: skip
    return Fuzzed("bad_orders", message(headers, "\r\n".join(lines).encode()))


def random_bytes(bag: Mailbag) -> Fuzzed:
    """Bytes with no structure at all."""
    size = bag.rng.randint(0, 3000)
    return Fuzzed("random_bytes", bytes(bag.rng.getrandbits(8) for _ in range(size)))


BAD_KINDS: dict[str, Callable[[Mailbag], Fuzzed]] = {
    "bad_mime": bad_mime,
    "surrogates": surrogates,
    "nuls": nuls,
    "giant_headers": giant_headers,
    "odd_charsets": odd_charsets,
    "html_only": html_only,
    "auto_reply": auto_reply,
    "bounce": bounce,
    "forged_key": forged_key,
    "bad_orders": bad_orders,
    "random_bytes": random_bytes,
}


def generate(bag: Mailbag, count: int, good_share: float = 0.3) -> list[Fuzzed]:
    """`count` messages: about `good_share` good orders, the rest hostile; a few huge ones."""
    found: list[Fuzzed] = []
    for index in range(count):
        if index % 500 == 250:
            found.append(huge_body(bag))
        elif bag.rng.random() < good_share:
            found.append(good(bag))
        else:
            found.append(bag.rng.choice(list(BAD_KINDS.values()))(bag))
    return found

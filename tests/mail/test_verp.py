"""VERP bounce addresses: made per outbox row, found among recipients, checked by MAC."""

from __future__ import annotations

from pbem.mail.verp import (
    BounceToken,
    bounce_address,
    find_bounce_token,
    is_bounce_address,
    token_matches,
)

REFEREE = "referee@pbem.example"


def test_bounce_address_names_the_row_and_checks_with_the_players_secret() -> None:
    address = bounce_address(REFEREE, 42, "s3cret")
    assert address.startswith("referee+bounce-42-") and address.endswith("@pbem.example")
    token = find_bounce_token(REFEREE, ["someone@else.example", address.upper()])
    assert token is not None and token.row_id == 42
    assert token_matches(token, "s3cret")
    assert not token_matches(token, "other-secret")


def test_macs_differ_by_row_and_by_key() -> None:
    macs = {bounce_address(REFEREE, row, key) for row in (1, 2) for key in ("a", "b")}
    assert len(macs) == 4


def test_a_tampered_row_number_fails_the_check() -> None:
    good = find_bounce_token(REFEREE, [bounce_address(REFEREE, 7, "k")])
    assert good is not None
    assert not token_matches(BounceToken(8, good.mac), "k")


def test_other_addresses_are_not_bounce_tokens() -> None:
    for address in (
        "referee@pbem.example",
        "referee+camp.p1.abcdefghij@pbem.example",
        "referee+bounce-1-short@pbem.example",
        "referee+bounce-1-abcdefghijkl@other.example",
        "other+bounce-1-abcdefghijkl@pbem.example",
        "referee+bounce-1-abcdefghijkl-x@pbem.example",
    ):
        assert find_bounce_token(REFEREE, [address]) is None, address


def test_any_bounce_shaped_address_is_recognised_even_with_a_bad_mac() -> None:
    assert is_bounce_address(REFEREE, ["referee+bounce-1-zzzz@pbem.example"])
    assert not is_bounce_address(REFEREE, ["referee+p1@pbem.example"])


def test_a_referee_address_with_its_own_detail_still_works() -> None:
    address = bounce_address("referee+games@pbem.example", 3, "k")
    assert address.startswith("referee+bounce-3-")
    assert find_bounce_token("referee+games@pbem.example", [address]) is not None

"""strip_reply keeps what the player wrote and cuts history, signatures and trailers."""

from __future__ import annotations

import pytest

from pbem.mail.reading.quotes import normalise, strip_reply


def test_text_before_quote_is_kept_and_quote_dropped() -> None:
    text = "move a1 b2\nhold c3\n\n> old report\n> more old\n"
    assert strip_reply(text) == "move a1 b2\nhold c3"


def test_gmail_attribution_split_over_two_lines_is_dropped() -> None:
    text = (
        "move a1 b2\n\nOn Mon, Nov 16, 2026 at 10:00 AM Referee <\n"
        "referee@pbem.example> wrote:\n\n> report\n"
    )
    assert strip_reply(text) == "move a1 b2"


@pytest.mark.parametrize(
    "attribution",
    [
        "On 16/11/2026 10:00, Referee wrote:",
        "Le lun. 16 nov. 2026 à 10:00, Referee <referee@pbem.example> a écrit :",
        "Am 16.11.2026 um 10:00 schrieb Referee <referee@pbem.example>:",
        "El lun, 16 nov 2026 a las 10:00, Referee (<referee@pbem.example>) escribió:",
        "Il giorno lun 16 nov 2026 alle ore 10:00 Referee ha scritto:",
        "Op ma 16 nov. 2026 om 10:00 schreef Referee <referee@pbem.example>:",
    ],
)
def test_localised_attributions_are_dropped(attribution: str) -> None:
    text = f"hold c3\n\n{attribution}\n\n> report line\n"
    assert strip_reply(text) == "hold c3"


def test_interleaved_reply_keeps_unquoted_lines_after_quotes() -> None:
    text = (
        "On Mon, Referee wrote:\n> What does army 1 do?\nmove army1 e\n> And army 2?\nhold army2\n"
    )
    assert strip_reply(text) == "move army1 e\nhold army2"


def test_outlook_original_message_block_cuts_everything_after() -> None:
    text = (
        "recruit 2 infantry\n\n-----Original Message-----\nFrom: Referee\n"
        "Sent: Monday\nTo: me\nSubject: report\n\nmove army1 w\n"
    )
    assert strip_reply(text) == "recruit 2 infantry"


def test_outlook_header_block_without_marker_cuts() -> None:
    text = (
        "move a1 b2\n\nFrom: Referee <referee@pbem.example>\n"
        "Sent: Monday, November 16, 2026 10:00 AM\nTo: Bernard\nSubject: report\n\nold\n"
    )
    assert strip_reply(text) == "move a1 b2"


def test_german_outlook_header_block_cuts() -> None:
    text = "halte c3\n\nVon: Referee\nGesendet: Montag\nAn: Hans\nBetreff: Bericht\n\nalt\n"
    assert strip_reply(text) == "halte c3"


def test_from_line_alone_is_not_a_header_block() -> None:
    assert strip_reply("From: the north, attack\nhold c3") == "From: the north, attack\nhold c3"


def test_underscore_separator_followed_by_from_cuts() -> None:
    text = "move a1 b2\n\n________________________________\nFrom: Referee\nold stuff\n"
    assert strip_reply(text) == "move a1 b2"


def test_underscore_line_without_from_is_kept() -> None:
    text = "move a1 b2\n________________________________\nhold c3"
    assert strip_reply(text) == text


@pytest.mark.parametrize(
    "marker",
    [
        "Begin forwarded message:",
        "---------- Forwarded message ---------",
        "-----Ursprüngliche Nachricht-----",
    ],
)
def test_forward_markers_cut(marker: str) -> None:
    assert strip_reply(f"my orders\n\n{marker}\nFrom: x\nold\n") == "my orders"


@pytest.mark.parametrize("delimiter", ["-- ", "--"])
def test_signature_delimiter_cuts(delimiter: str) -> None:
    assert strip_reply(f"hold c3\n{delimiter}\nAnna\nhttps://anna.example") == "hold c3"


@pytest.mark.parametrize(
    "trailer",
    ["Sent from my iPhone", "Get Outlook for Android", "Von meinem iPhone gesendet"],
)
def test_mobile_trailers_cut(trailer: str) -> None:
    assert strip_reply(f"hold c3\n\n{trailer}\n\nmore") == "hold c3"


def test_line_ending_with_colon_before_quote_is_treated_as_attribution() -> None:
    assert strip_reply("hold c3\nReferee <r@x> kirjoitti:\n> old") == "hold c3"


def test_only_quotes_gives_empty_text() -> None:
    assert strip_reply("> a\n> b\n") == ""


def test_normalise_handles_crlf_nbsp_zero_width_and_trailing_blanks() -> None:
    assert normalise("move\u00a0a1\u200b b2  \r\nhold\ufeff c3\r") == "move a1 b2\nhold c3\n"


def test_blank_runs_collapse_and_ends_trim() -> None:
    assert strip_reply("\n\nmove a\n\n\n\nhold b\n\n\n") == "move a\n\nhold b"


def test_dashes_that_are_not_a_delimiter_are_kept() -> None:
    assert strip_reply("move a1 b2\n---\nhold c3") == "move a1 b2\n---\nhold c3"


@pytest.mark.parametrize("closing", ["Thanks,", "Cheers!", "Best regards,", "Viele Grüße"])
def test_sign_off_with_a_short_name_after_it_is_cut(closing: str) -> None:
    assert strip_reply(f"move a1 b2\n\n{closing}\nAnna Player\n") == "move a1 b2"


@pytest.mark.parametrize(
    "text",
    ["thanks\nmove a1 b2", "move a1 b2\nthanks\nhold c3", "move a\ncheers\nx\ny\nz"],
)
def test_sign_off_word_followed_by_orders_or_opening_the_mail_is_kept(text: str) -> None:
    assert strip_reply(text) == text

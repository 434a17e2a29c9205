"""The edit book: one reader of typed referee edits for every game."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from pbem.core.cards import move_first
from pbem.core.edits import Change, EditBook, EditCommand, one_of, whole
from pbem.core.game import EditRefused
from pbem.wording import wording


class Board(BaseModel):
    """A state small enough to edit by hand."""

    marks: dict[str, int] = {}
    locked: bool = False


def _mark(state: Board, args: list[str]) -> Change:
    place = one_of(args[0], ("north", "south"), "place")
    state.marks[place] = whole(args[1], maximum=9) if len(args) > 1 else 1
    return Change(f"mark {place} {state.marks[place]}", public=f"a mark on {place}")


def _locked(state: Board) -> None:
    if state.locked:
        raise EditRefused("test.E_LOCKED")


BOOK = EditBook[Board](
    [EditCommand("mark", ("PLACE", "[N]"), "put marks on a place", _mark, "mark north 2")],
    copy=lambda b: b.model_copy(deep=True),
    check=_locked,
)


def test_an_edit_changes_a_copy_and_tells_what_everyone_may_know() -> None:
    board = Board()
    done = BOOK.apply(board, "MARK North 3")
    assert done.state.marks == {"north": 3} and board.marks == {}
    assert [(e.code, e.data, e.visible_to) for e in done.events] == [
        ("core.referee_edit", {"edit": "a mark on north"}, None)
    ]
    assert BOOK.apply(board, "mark south").state.marks == {"south": 1}  # the optional word


@pytest.mark.parametrize(
    ("line", "code", "words"),
    [
        ("paint north", "core.E_EDIT_UNKNOWN", "Its edits: mark PLACE [N]."),
        ("", "core.E_EDIT_UNKNOWN", "Its edits: mark PLACE [N]."),
        ("mark", "core.E_EDIT_ARGS", "write it as: mark PLACE [N]."),
        ("mark north 1 2", "core.E_EDIT_ARGS", "write it as: mark PLACE [N]."),
        ("mark east 1", "core.E_EDIT_CHOICE", '"east" is not a place: north, south.'),
        ("mark north 10", "core.E_EDIT_NUMBER", '"10" is not a whole number from 0 to 9.'),
        ("mark north -1", "core.E_EDIT_NUMBER", "from 0 to 9"),
        ("mark north x", "core.E_EDIT_NUMBER", "from 0 to 9"),
    ],
)
def test_bad_words_are_refused_with_a_worded_code(line: str, code: str, words: str) -> None:
    with pytest.raises(EditRefused) as caught:
        BOOK.apply(Board(), line)
    assert caught.value.code == code
    assert words in wording(caught.value.code, caught.value.params)


def test_the_games_own_check_runs_before_anything_changes() -> None:
    with pytest.raises(EditRefused) as caught:
        BOOK.apply(Board(locked=True), "mark north 1")
    assert caught.value.code == "test.E_LOCKED"


def test_a_last_word_with_dots_takes_the_rest_of_the_line() -> None:
    named = EditCommand[Board]("name", ("PLACE", "WORDS..."), "", lambda b, a: Change(" ".join(a)))
    assert [named.takes(n) for n in (1, 2, 5)] == [False, True, True]
    assert named.usage == "name PLACE WORDS..."


def test_the_book_lists_its_commands_for_help() -> None:
    [usage] = BOOK.usages()
    assert (usage.usage, usage.help, usage.example) == (
        "mark PLACE [N]",
        "put marks on a place",
        "mark north 2",
    )


def test_a_card_moves_from_the_first_pile_that_holds_one() -> None:
    deck, discard, hand = ["walk.1", "run.1"], ["run.2", "walk.2"], ["dodge.1"]
    assert move_first([deck, discard], hand, lambda c: c.startswith("run.")) == "run.1"
    assert (deck, hand) == (["walk.1"], ["dodge.1", "run.1"])
    assert move_first([deck, discard], hand, lambda c: c.startswith("run.")) == "run.2"
    assert move_first([deck, discard], hand, lambda c: c.startswith("run.")) == ""
    assert (deck, discard, hand) == (["walk.1"], ["walk.2"], ["dodge.1", "run.1", "run.2"])

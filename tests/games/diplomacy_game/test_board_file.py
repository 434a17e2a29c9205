"""The board file: the shipped standard board reads and checks, and a broken one is refused
with the file and the line of the record at fault."""

from __future__ import annotations

import pytest

from pbem.core.game import ContentError
from pbem.games.diplomacy.content import Board
from pbem.games.diplomacy.setup import load_scenario
from pbem.paths import campaigns_dir

PATH = campaigns_dir() / "diplomacy" / "standard.toml"
TEXT = PATH.read_text(encoding="utf-8")


def _load(text: str) -> Board:
    return Board.model_validate(load_scenario(text, "board.toml"))


def _line_of(text: str, start: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def _refused(text: str) -> ContentError:
    with pytest.raises(ContentError) as caught:
        _load(text)
    return caught.value


def test_the_standard_board_has_its_public_facts() -> None:
    board = _load(TEXT)
    kinds = [p.kind for p in board.provinces]
    assert (len(board.provinces), kinds.count("sea"), kinds.count("land")) == (75, 19, 14)
    assert sum(p.centre for p in board.provinces) == 34
    assert sorted({c.location.split("/")[0] for c in board.coasts}) == ["bul", "spa", "stp"]
    homes = {power.key: sorted(p.id for p in board.provinces if p.home == power.key)
             for power in board.powers}
    assert homes["russia"] == ["mos", "sev", "stp", "war"]
    assert len(board.units) == 22 and board.victory == 18


def test_a_border_listed_one_way_names_its_line() -> None:
    broken = TEXT.replace("naf   tun\n", "naf   tun spa\n")
    error = _refused(broken)
    assert error.code == "dip.E_SYMMETRY"
    assert error.line == _line_of(broken, "naf   tun spa")


def test_a_coast_no_fleet_can_reach_names_its_line() -> None:
    broken = TEXT.replace("stp/nc   bar nwy\n", "")
    broken = broken.replace("bar      nwg nwy stp/nc", "bar      nwg nwy")
    broken = broken.replace("nwy      bar nth nwg ska stp/nc swe", "nwy      bar nth nwg ska swe")
    error = _refused(broken)
    assert error.code == "dip.E_FLEET"
    assert error.line == _line_of(broken, "stp/nc ")


def test_a_fleet_border_to_an_inland_province_is_refused() -> None:
    broken = TEXT.replace("ber      bal kie pru", "ber      bal kie pru mun")
    error = _refused(broken)
    assert error.code == "dip.E_BORDER"
    assert error.line == _line_of(broken, "ber      bal kie pru mun")


def test_a_bad_record_and_bad_toml_name_their_lines() -> None:
    broken = TEXT.replace("bur   land   ", "bur   swamp  ")
    assert _refused(broken).line == _line_of(broken, "bur   swamp")
    error = _refused(TEXT.replace('title = "Standard Diplomacy"', "title = "))
    assert error.code == "dip.E_TOML" and error.line == _line_of(TEXT, "title =")


def test_a_unit_where_its_kind_cannot_stand_is_refused() -> None:
    broken = TEXT.replace("france    A par", "france    F par")
    error = _refused(broken)
    assert error.code == "dip.E_UNIT" and error.line == _line_of(broken, "france    F par")


def test_two_provinces_may_not_share_a_name() -> None:
    broken = TEXT.replace("| Livonia                 | liv, lvo, lva",
                          "| Livonia                 | lvp, lvo, lva")
    error = _refused(broken)
    assert error.code == "dip.E_NAME"

"""`pbem adjudicate`: DATC-format cases settled, as JSON lines or for people, with exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pbem.cli.app import app
from pbem.errors import ExitCode

CASES = """VARIANT_ALL Standard
# a comment
CASE one (a support dislodges)
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
    Germany: A mun
    Germany: A ruh
    France: A bur
ORDERS
    Germany: A mun - bur
    Germany: A ruh S A mun - bur
    France: A mun - par
POSTSTATE
    Germany: A bur
    Germany: A ruh
POSTSTATE_DISLODGED
    France: A bur
END
CASE two (wrong on purpose)
PRESTATE
    Russia: F stp/sc
ORDERS
    Russia: F stp/sc - bot
POSTSTATE_SAME
END
CASE three (no POSTSTATE)
PRESTATE
    Russia: F stp/sc
ORDERS
    Russia: F St Petersburg(sc) - Finland
END
"""
BROKEN = "CASE four\nPRESTATE\n    Narnia: A lon\nEND\n"


def _run(tmp_path: Path, text: str, *options: str) -> tuple[int, str]:
    path = tmp_path / "cases.txt"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["adjudicate", "--game", "diplomacy", str(path), *options])
    return result.exit_code, result.output


def test_json_is_one_object_a_case_in_file_order(tmp_path: Path) -> None:
    code, output = _run(tmp_path, CASES, "--json")
    lines = [json.loads(line) for line in output.splitlines()]
    assert [list(line) for line in lines] == [["case", "units", "dislodged"]] * 3
    assert lines[0] == {"case": "one (a support dislodges)",
                        "units": ["Germany: A bur", "Germany: A ruh"],
                        "dislodged": ["France: A bur"]}
    assert lines[1]["units"] == ["Russia: F bot"] and lines[1]["dislodged"] == []
    assert lines[2]["units"] == ["Russia: F fin"]
    assert code == ExitCode.REPLAY_MISMATCH  # case two differs from its POSTSTATE


def test_people_read_whether_each_case_matches_and_how_it_differs(tmp_path: Path) -> None:
    code, output = _run(tmp_path, CASES)
    assert "one (a support dislodges): matches the POSTSTATE" in output
    assert "two (wrong on purpose): DIFFERS from the POSTSTATE" in output
    assert "    missing unit: Russia: F stp/sc" in output
    assert "    unexpected unit: Russia: F bot" in output
    assert "three (no POSTSTATE): after the phase\n    Russia: F fin" in output
    assert code == ExitCode.REPLAY_MISMATCH


def test_a_case_that_cannot_be_read_is_reported_and_the_rest_settled(tmp_path: Path) -> None:
    code, output = _run(tmp_path, BROKEN + CASES.split("CASE two")[0], "--json")
    first, second = (json.loads(line) for line in output.splitlines())
    assert first == {"case": "four", "error": "line 3: no power called 'Narnia'"}
    assert second["case"] == "one (a support dislodges)"
    assert code == ExitCode.INVALID


def test_all_cases_matching_exit_zero(tmp_path: Path) -> None:
    code, _ = _run(tmp_path, CASES.split("CASE two")[0])
    assert code == ExitCode.OK


def test_a_missing_file_and_a_game_without_cases_are_errors(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["adjudicate", str(tmp_path / "none.txt")])
    assert result.exit_code == ExitCode.NOT_FOUND
    path = tmp_path / "cases.txt"
    path.write_text(CASES, encoding="utf-8")
    result = CliRunner().invoke(app, ["adjudicate", "--game", "king-david", str(path)])
    assert result.exit_code == ExitCode.INVALID and "adjudicate.E_NO_CASES" in result.output

"""The winner and standings reach the final report, status, the campaign list and a closing mail."""

from __future__ import annotations

import email
import json
from collections.abc import Iterator
from email.policy import default
from pathlib import Path

import pytest
from rich.console import Console
from sqlmodel import Session, select
from typer.testing import CliRunner

from pbem.cli.app import app
from pbem.cli.host.listing import campaign_table, short_deadline, waiting_cell
from pbem.core.game import Outcome
from pbem.ledger.models import Outbox
from pbem.registry import games
from pbem.render.standings import final_result, result_lines
from pbem.services.base.runtime import open_runtime
from tests.reports.schema_lite import errors
from tests.support.ledgers import copy_template
from tests.support.runtime import register_toy

runner = CliRunner()
NOTE = "Most points wins. Ties: the lower seat number ranks higher."


def run(*args: str) -> tuple[int, str]:
    """Invoke pbem; return exit code and output."""
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A pbem.toml in a fresh directory, and the toy game registered."""
    register_toy()
    path = tmp_path / "pbem.toml"
    path.write_text(
        f'[database]\nurl = "sqlite:///{tmp_path / "l.db"}"\n'
        '[mail]\nreferee_address = "ref@localhost"\n'
    )
    monkeypatch.setenv("PBEM_CONFIG", str(path))
    copy_template(tmp_path / "l.db")  # as `pbem init` leaves it
    (tmp_path / "toy.txt").write_text("rounds = 1\n")
    yield path
    games().pop("toy", None)


def test_first_place_wins_and_the_note_explains_ties() -> None:
    outcome = Outcome(
        finished=True,
        standings=[{"seat": "p2", "name": "Ürgenç", "might": 9}, {"seat": "p1", "might": 9}],
        note=NOTE,
    )
    result = final_result(outcome, {"p1": "Ann", "p2": "Ben"})
    assert result is not None
    assert result["winner_text"] == "The winner is Ürgenç (p2)."
    assert [r["place"] for r in result["rows"]] == [1, 2]
    assert result["rows"][1]["name"] == "Ann"
    lines = result_lines(result)
    assert lines[0] == "The winner is Ürgenç (p2)." and "might" in lines[2]
    assert lines[3].startswith(" 1. Ürgenç (p2)") and lines[3].endswith("9")
    assert "Ties: the lower seat number ranks higher." in " ".join(lines)
    assert all(len(line) <= 72 for line in lines)


def test_win_loss_results_name_the_winner_or_a_draw() -> None:
    won = Outcome(
        finished=True, standings=[{"seat": "p2", "result": "win"}, {"seat": "p1", "result": "loss"}]
    )
    drawn = Outcome(
        finished=True,
        standings=[{"seat": "p1", "result": "draw"}, {"seat": "p2", "result": "draw"}],
    )
    assert final_result(won, {"p2": "Ben"})["winner_text"] == "The winner is Ben (p2)."  # type: ignore[index]
    assert "draw" in final_result(drawn, {})["winner_text"]  # type: ignore[index]
    lost = Outcome(
        finished=True,
        standings=[{"seat": "p1", "result": "loss"}, {"seat": "p2", "result": "loss"}],
    )
    text = final_result(lost, {})["winner_text"]  # type: ignore[index]
    assert "every player lost" in text and "draw" not in text
    assert final_result(None, {}) is None
    assert final_result(Outcome(finished=False), {}) is None


def test_campaign_list_keeps_the_deadline_whole_at_80_columns() -> None:
    row = {
        "campaign": "valley-of-the-long-kings",
        "game": "mighty-kingdoms",
        "status": "active",
        "phase": "Year 1, summer month 3: orders",
        "deadline": "2030-05-04T18:00:00+01:00",
        "waiting_for": ["a@example.org", "b@example.org", "referee"],
        "result": None,
    }
    console = Console(width=80, record=True)
    console.print(campaign_table([row]))
    text = console.export_text()
    assert all(len(line) <= 80 for line in text.splitlines())
    assert "2030-05-04 18:00" in text and "2 players," in text and "referee" in text
    assert "winner" in text
    assert short_deadline(None) == "" and waiting_cell([]) == "nobody"


def _finish_toy(config: Path) -> None:
    toy = str(config.parent / "toy.txt")
    assert run("migrate")[0] == 0
    assert (
        run(
            "campaign",
            "create",
            "c1",
            "--game",
            "toy",
            "--scenario",
            toy,
            "--player",
            "Ann <ann@localhost>",
            "--player",
            "Ben <ben@localhost>",
            "--seed",
            "8",
            "--set",
            "rounds=1",
        )[0]
        == 0
    )
    orders = config.parent / "orders.txt"
    orders.write_text("pick 4\n")
    assert run("orders", "submit", "c1", "--player", "ann@localhost", str(orders))[0] == 0
    assert run("turn", "run", "c1", "--force")[0] == 0


def test_a_finished_campaign_names_its_winner_everywhere(config: Path) -> None:
    _finish_toy(config)
    code, output = run("status", "c1", "--json")
    info = json.loads(output)
    assert code == 0 and info["status"] == "finished"
    winner = info["result"]["winners"][0]
    assert winner["seat"] == info["result"]["rows"][0]["seat"]
    code, output = run("status", "c1")
    assert code == 0 and f"The winner is {winner['name']} ({winner['seat']})." in output
    code, output = run("campaign", "list")
    assert code == 0 and winner["name"] in output.split("winner")[1]
    for address in ("ann@localhost", "ben@localhost"):
        code, text = run("report", "c1", "--player", address)
        assert code == 0 and "FINAL STANDINGS" in text and f"The winner is {winner['name']}" in text
        code, html = run("report", "c1", "--player", address, "--format", "html")
        assert 'id="standings"' in html and winner["name"] in html
        code, raw = run("report", "c1", "--player", address, "--format", "json")
        report = json.loads(raw)
        schema = json.loads((Path(__file__).parents[2] / "docs/report-schema.json").read_text())
        assert report["result"]["winner_text"] == info["result"]["winner_text"]
        assert [e for e in errors(report, schema) if "$.view" not in e] == []
    code, _ = run("site", "c1", "--out", str(config.parent / "site"))
    index = (config.parent / "site" / "index.html").read_text()
    assert code == 0 and "FINAL STANDINGS" in index
    assert f"The winner is {winner['name']} ({winner['seat']})." in index
    rt = open_runtime(str(config))
    with Session(rt.engine) as session:
        closing = session.exec(select(Outbox).where(Outbox.kind == "closing")).all()
    assert sorted(m.recipient for m in closing) == ["ann@localhost", "ben@localhost"]
    for mail in closing:
        body = email.message_from_bytes(mail.raw, policy=default).get_body(("plain",))
        assert body is not None and f"The winner is {winner['name']}" in body.get_content()


def test_a_value_wider_than_its_heading_is_never_cut() -> None:
    outcome = Outcome(finished=True, standings=[
        {"seat": "p3", "power": "France", "centres": 18, "result": "win"},
        {"seat": "p6", "power": "Russia", "centres": 9, "result": "loss"},
        {"seat": "p2", "power": "England", "centres": 7, "result": "loss"}])
    lines = result_lines(final_result(outcome, {"p3": "Cy", "p6": "Di", "p2": "Ed"}))  # type: ignore[arg-type]
    table = "\n".join(lines)
    assert "France" in table and "Russia" in table and "England" in table, table
    assert "Franc " not in table and all(len(line) <= 72 for line in lines)


def test_a_draw_names_those_who_share_it() -> None:
    outcome = Outcome(finished=True, standings=[
        {"seat": "p1", "result": "draw"}, {"seat": "p2", "result": "draw"},
        {"seat": "p3", "result": "draw"}, {"seat": "p4", "result": "loss"},
    ])
    result = final_result(outcome, {"p1": "Ann", "p2": "Ben", "p3": "Cy", "p4": "Di"})
    assert result is not None
    shared = "The game ended in a draw shared by Ann (p1), Ben (p2) and Cy (p3)."
    assert result["winner_text"] == shared

"""The referee's community commands, with --json: open, list forming, start, open a seat,
records."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pbem.cli.app import app
from pbem.services.base.runtime import Runtime
from tests.community.test_desk import _send
from tests.support.runtime import scenario_file

runner = CliRunner()


def _pbem(config: Path, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["--config", str(config), *args])
    return result.exit_code, result.output


def _config(rt: Runtime, tmp_path: Path) -> Path:
    config = tmp_path / "pbem.toml"
    config.write_text(f'[database]\nurl = "{rt.settings.database_url.value}"\n'
                      f'[mail]\nreferee_address = "{rt.settings.referee_address}"\n')  # fmt: skip
    return config


def test_open_list_start_and_offer_a_seat_by_command(rt: Runtime, tmp_path: Path) -> None:
    config = _config(rt, tmp_path)
    code, out = _pbem(config, "campaign", "create", "spring", "--game", "toy", "--open",
                      "--seats", "3", "--scenario", scenario_file(tmp_path), "--rules",
                      "gunboat", "--json")  # fmt: skip
    assert code == 0 and json.loads(out)["status"] == "forming"
    code, out = _pbem(config, "campaign", "create", "autumn", "--game", "toy", "--open",
                      "--seats", "9")  # fmt: skip
    assert code == 4 and "needs 2 to 4 players" in out  # refused: nothing recorded
    _send(rt, "ann@x.org", "SIGNON spring England Russia")
    _send(rt, "ben@x.org", "SIGNON spring")
    code, out = _pbem(config, "campaign", "forming", "--json")
    (row,) = json.loads(out)
    assert (row["signed_on"], row["rules"]) == (2, "gunboat")
    assert row["preferences"] == {"Ann": "England Russia"}
    code, out = _pbem(config, "campaign", "start", "spring", "--json")
    assert code == 0 and json.loads(out)["status"] == "started"
    assert _pbem(config, "campaign", "start", "spring")[0] == 5  # started already
    code, out = _pbem(config, "player", "open", "spring", "p2", "--reason", "gone", "--json")
    assert code == 0 and json.loads(out) == {"campaign": "spring", "seat": "p2", "status": "open"}
    code, out = _pbem(config, "players", "--json")
    assert code == 0 and {r["address"] for r in json.loads(out)} == {"ann@x.org", "ben@x.org"}

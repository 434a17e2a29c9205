"""The benchmarks run in CI at a tiny size, so they cannot rot. Nothing here asserts a time."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pbem.sandbox.mailstack import available
from tests.support.postgres import postgres_available

REPO = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.slow, pytest.mark.subprocess]


def run_bench(module: str, *args: str) -> list[dict[str, Any]]:
    """Run one benchmark with --json and return the figure blocks it printed."""
    done = subprocess.run(
        [sys.executable, "-m", module, *args, "--json"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=900,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    decoder, text, blocks = json.JSONDecoder(), done.stdout, []
    position = text.find("{")
    while position != -1:
        block, end = decoder.raw_decode(text, position)
        blocks.append(block)
        position = text.find("{", end)
    return blocks


def needs_mail() -> None:
    ok, reason = available()
    if not ok:
        if os.environ.get("PBEM_REQUIRE_SERVICES"):
            pytest.fail(reason)
        pytest.skip(reason)


def test_busy_tick_moves_every_mail_and_measures_a_floor() -> None:
    needs_mail()
    welcome, busy = run_bench("bench.busy_tick", "--campaigns", "2", "--players", "3")
    assert welcome["figures"]["mails_sent"] == 6  # one welcome per player
    figures = busy["figures"]
    assert figures["orders_in_mailbox"] == 6
    # every order acknowledged and every player sent the report of the phase it completed
    assert figures["mails_sent"] >= 12
    assert all(code == 0 for code in figures["exit_codes"])
    assert figures["floor_wall_s"] > 0 and figures["tick_over_floor"] > 0


GAMES = ["mighty-kingdoms", "king-david", "kings-of-israel", "dba-cards", "david-goliath",
         "diplomacy"]


@pytest.mark.parametrize("game", GAMES)
def test_busy_tick_of_every_game_sizes_its_mail_and_counts_it_per_player(game: str) -> None:
    needs_mail()
    _, *rounds = run_bench("bench.busy_tick", "--game", game, "--campaigns", "1", "--rounds", "2")
    assert len(rounds) == 2
    for busy in rounds:
        figures = busy["figures"]
        assert figures["game"] == game
        assert figures["orders_in_mailbox"] >= 1
        assert all(code == 0 for code in figures["exit_codes"])
        assert figures["phases_adjudicated"] >= 1  # every owed order in, so the phase ran
        assert figures["player_mails"] >= figures["orders_in_mailbox"]  # at least the acks
        assert 0 < figures["mean_mail_kb"] <= figures["largest_mail_kb"]
        assert 0 < figures["mean_report_kb"] <= figures["largest_report_kb"]
        assert figures["mails_per_player_per_phase"] > 0
        assert figures["floor_wall_s"] > 0 and figures["tick_over_floor"] > 0


def test_busy_tick_counts_the_statements_of_each_step() -> None:
    needs_mail()
    _, busy = run_bench("bench.busy_tick", "--campaigns", "1", "--players", "3",
                        "--count-statements")
    figures = busy["figures"]
    steps = figures["statements_by_step"]
    assert steps["intake"] > 0 and steps["drawing"] > 0  # every order stored, every report drawn
    assert figures["intake_statements_per_order"] == steps["intake"] / figures["orders_in_mailbox"]
    top = dict(figures["statements_top"]["intake"])
    assert any(sql.startswith("INSERT INTO inboundmessage") for sql in top)


def test_busy_tick_with_two_workers_on_postgres_sends_each_mail_once() -> None:
    needs_mail()
    ok, reason = postgres_available()
    if not ok:
        if os.environ.get("PBEM_REQUIRE_SERVICES"):
            pytest.fail(reason)
        pytest.skip(reason)
    args = ("--campaigns", "2", "--players", "3", "--backend", "postgres", "--workers", "2")
    _, busy = run_bench("bench.busy_tick", *args)
    figures = busy["figures"]
    assert figures["workers"] == 2 and figures["orders_in_mailbox"] == 6
    assert figures["mails_sent"] == 12  # six acknowledgements, six reports: none sent twice
    assert all(code == 0 for code in figures["exit_codes"])


def test_idle_tick_stores_nothing_at_every_mailbox_size() -> None:
    needs_mail()
    blocks = run_bench("bench.idle_tick", "--sizes", "200,600")
    assert [b["figures"]["stored_messages"] for b in blocks] == [200, 600]
    for block in blocks:
        assert block["figures"]["tick_stored_new"] == [0, 0, 0]
        assert block["figures"]["floor_ok"] is True
        assert block["figures"]["idle_check_answer"] is None  # the idle check said idle


def test_adjudication_times_every_part_of_a_phase() -> None:
    (block,) = run_bench("bench.adjudication", "--maps", "shipped", "--max-phases", "2")
    figures = block["figures"]
    assert figures["phases_played"] == 2
    for part in ("advance", "view", "svg", "png", "json_round_trip"):
        assert figures[f"{part}_ms_per_phase"] > 0


def test_diplomacy_adjudication_is_timed_and_compared_with_the_package() -> None:
    pytest.importorskip("diplomacy")
    (block,) = run_bench("bench.adjudication", "--game", "diplomacy", "--games", "1",
                         "--years", "2", "--repeat", "1")
    figures = block["figures"]
    assert figures["phases"] == figures["movement_phases"] + figures.get("retreat_phases", 0) \
        + figures.get("adjustment_phases", 0) > 3
    assert figures["pbem_phases_per_s"] > 0 and figures["package_phases_per_s"] > 0
    assert figures["phases_differing"] == 0


def test_report_text_is_timed_against_the_plain_libraries_for_every_game() -> None:
    blocks = run_bench("bench.report_text", "--repeat", "1")
    assert len({b["game"] for b in blocks}) == len(blocks) == 6  # every game once
    for block in blocks:
        assert set(block["ms"]) == set(block["baseline_ms"]) == {"json", "html", "text"}
        assert all(v > 0 for v in [*block["ms"].values(), *block["baseline_ms"].values()])


def test_drawing_measures_a_report_of_every_game_in_cpu_time() -> None:
    blocks = run_bench("bench.drawing", "--campaigns", "1", "--phases", "1", "--skip", "1")
    assert sorted(b["figures"]["game"] for b in blocks) == sorted(GAMES)
    for block in blocks:
        figures = block["figures"]
        assert figures["reports"] >= 2  # every seat of the one campaign got its report
        parts = sum(figures[f"{part}_cpu_ms_per_report"] for part in ("view", "text", "html",
                                                                      "png", "mail"))
        assert figures["draw_cpu_ms_per_report"] == pytest.approx(parts, abs=0.1)
        assert figures["png_cpu_ms_per_report"] > 0

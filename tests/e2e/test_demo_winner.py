"""A full demo campaign by email, read as each player: everyone is told who won."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem.demo.run import CAST, DemoPlan, run_demo


@pytest.mark.services
@pytest.mark.slow
def test_every_player_reads_the_winner_in_the_last_report_and_the_closing_mail(
    tmp_path: Path,
) -> None:
    plan = DemoPlan(seed=2026, sets={"years": "1"})
    result = run_demo(tmp_path / "out", say=lambda line: None, plan=plan)
    assert result.finished
    winners = set()
    for _, user in CAST[:3]:
        folder = tmp_path / "out" / "reports" / user
        texts = sorted(folder.glob("*.txt"))
        closing = [t for t in texts if "campaign-is-over" in t.name]
        reports = [t for t in texts if "report" in t.name]
        assert len(closing) == 1 and reports, [t.name for t in texts]
        last = reports[-1].read_text(encoding="utf-8")
        assert "FINAL STANDINGS" in last and "Equal might" in last
        line = next(x for x in last.splitlines() if x.startswith("The winner is"))
        assert line in closing[0].read_text(encoding="utf-8")
        assert "The winner is" in (folder / reports[-1].with_suffix(".html").name).read_text()
        winners.add(line)
    assert len(winners) == 1  # all three read the same winner
    index = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert winners.pop() in index and "<style>" in index and 'id="mailboxes"' in index

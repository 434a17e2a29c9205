"""The referee's report says who has sent orders and shows them, sealed races too; players' not."""

from __future__ import annotations

import json
from pathlib import Path

from pbem.services.intake.entry import submit_by_address
from pbem.services.reports.viewing import report_for
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from tests.support.runtime import make_runtime, sqlite_url

PLAYERS = ["Alba <alba@localhost>", "Brython <brython@localhost>", "Cymru <cymru@localhost>"]


def test_the_referee_sees_sealed_races_and_who_has_sent_orders(tmp_path: Path) -> None:
    rt = make_runtime(sqlite_url(tmp_path))
    create_campaign(
        rt,
        NewCampaign(name="valley", game="mighty-kingdoms", scenario=None, players=PLAYERS, seed=7),
    )
    assert submit_by_address(rt, "valley", "alba@localhost", "race Twilight Kin")["accepted"]
    referee = report_for(rt, "valley", "referee", None, "text")
    assert "Alba (p1)" in referee and "race Twilight Kin" in referee  # the sealed choice
    assert "(sent, sealed)" in referee and "(not chosen yet)" in referee
    assert "Orders in from: Alba (p1)" in referee
    assert "Still missing: Brython (p2), Cymru (p3)" in referee
    html = report_for(rt, "valley", "referee", None, "html")
    assert 'id="orders-in"' in html and "race Twilight Kin" in html
    data = json.loads(report_for(rt, "valley", "referee", None, "json"))
    assert data["orders_in"]["sent"] == ["Alba (p1)"]
    assert data["orders_in"]["missing"] == ["Brython (p2)", "Cymru (p3)"]
    assert data["orders_in"]["orders"] == {"p1": "race Twilight Kin"}
    for address in ("alba@localhost", "brython@localhost"):
        player = report_for(rt, "valley", address, None, "text")
        assert "Twilight Kin" not in player and "Orders in from" not in player
        assert "(not chosen yet)" in player and "(sent, sealed)" not in player
    rt.engine.dispose()

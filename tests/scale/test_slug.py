"""A sender is found by the campaign's indexed slug, not by reading every campaign."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from sqlalchemy import event, text
from sqlmodel import Session, select

from pbem.ledger.db import alembic_config, make_engine, migrate
from pbem.ledger.models import Campaign, Player
from pbem.mail.reading.inbound import Inbound
from pbem.mail.routing import slug, token_for
from pbem.services.base.runtime import Runtime
from pbem.services.intake.mailroom import authenticate
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from tests.support.runtime import scenario_file

OLD_NAMES = ("Spring Valley", "winter_war", "Z")


def test_migration_fills_the_slug_of_existing_campaigns(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'l.db'}")
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0006")
        for name in OLD_NAMES:
            connection.execute(
                text(
                    "INSERT INTO campaign (name, game, scenario_json, settings_json, start_seed,"
                    " status, timezone, schedule_json, allow_press, created_at)"
                    " VALUES (:n, 'toy', '{}', '{}', 1, 'active', 'UTC', '{}', 1,"
                    " '2026-01-01 00:00:00')"
                ),
                {"n": name},
            )
    migrate(engine)
    with Session(engine) as session:
        found = {c.name: c.slug for c in session.exec(select(Campaign)).all()}
    assert found == {name: slug(name) for name in OLD_NAMES}
    assert found["Spring Valley"] == "spring-valley"


def _inbound(campaign: Campaign, player: Player) -> Inbound:
    token = token_for(campaign.name, player.seat, player.secret)
    return Inbound(
        message_id="<m1@localhost>",
        from_address=player.address,
        to_addresses=(f"referee+{token}@localhost",),
        subject="orders",
        digest="d",
        size=1,
    )


def test_a_token_reads_one_campaign_row(rt: Runtime, tmp_path: Path) -> None:
    for n in range(6):
        players = [f"P <c{n}.{s}@localhost>" for s in range(3)]
        create_campaign(rt, NewCampaign(f"Camp {n}", "toy", scenario_file(tmp_path), players))
    statements: list[str] = []

    def log(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        statements.append(" ".join(statement.split()))

    with Session(rt.engine) as session:
        campaign = session.exec(select(Campaign).where(Campaign.name == "Camp 4")).one()
        player = session.exec(select(Player).where(Player.campaign_id == campaign.id)).first()
        assert campaign.slug == "camp-4" and player is not None
        event.listen(rt.engine, "before_cursor_execute", log)
        try:
            sender, problem = authenticate(session, _inbound(campaign, player))
        finally:
            event.remove(rt.engine, "before_cursor_execute", log)
    assert problem == "" and sender is not None and sender.campaign.name == "Camp 4"
    reads = [s for s in statements if "FROM campaign" in s]
    assert reads and all("WHERE campaign.slug = " in s for s in reads)

"""Export a campaign with its whole ledger to one file, and import it into another ledger."""

from __future__ import annotations

import base64
import json
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlmodel import Session, SQLModel, col, select

from pbem.errors import Conflict, Invalid
from pbem.ledger import queries
from pbem.ledger.db import session_scope
from pbem.ledger.models import (
    Adjustment,
    Campaign,
    Event,
    InboundMessage,
    Outbox,
    Phase,
    Player,
    Question,
    RefereeAction,
    Reminder,
    Snapshot,
    Submission,
)
from pbem.services.runtime import Runtime

FORMAT, VERSION = "pbem-campaign-export", 1
# Parents before children, so ids can be remapped as rows are inserted.
TABLES: list[type[SQLModel]] = [
    Campaign, Player, Phase, InboundMessage, Submission, Event, Adjustment, Snapshot,
    RefereeAction, Question, Outbox, Reminder,
]  # fmt: skip
REFERENCES = {
    "campaign_id": "campaign",
    "player_id": "player",
    "phase_id": "phase",
    "inbound_id": "inboundmessage",
    "adjustment_id": "adjustment",
}


def _table(model: type[SQLModel]) -> Any:
    return model.__table__  # type: ignore[attr-defined]


def _rows_of(session: Session, model: type[SQLModel], campaign: Campaign) -> list[Any]:
    table = _table(model)
    if model is Campaign:
        return [campaign]
    if "campaign_id" in table.columns:
        query = select(model).where(table.c.campaign_id == campaign.id)
    else:
        phases = select(Phase.id).where(Phase.campaign_id == campaign.id)
        query = select(model).where(table.c.phase_id.in_(phases))
    return list(session.exec(query.order_by(table.c.id)).all())


def _encode(value: Any) -> Any:
    if isinstance(value, bytes):
        return {"$b64": base64.b64encode(value).decode("ascii")}
    if isinstance(value, datetime):
        return {"$dt": value.isoformat()}
    return value


def _decode(value: Any) -> Any:
    if isinstance(value, dict) and "$b64" in value:
        return base64.b64decode(value["$b64"])
    if isinstance(value, dict) and "$dt" in value:
        return datetime.fromisoformat(value["$dt"])
    return value


def export_campaign(rt: Runtime, name: str, path: Path) -> dict[str, int]:
    """Write the campaign and every ledger row that belongs to it to one JSON file."""
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        tables: dict[str, list[dict[str, Any]]] = {}
        for model in TABLES:
            columns = [c.name for c in _table(model).columns]
            tables[_table(model).name] = [
                {c: _encode(getattr(row, c)) for c in columns}
                for row in _rows_of(session, model, campaign)
            ]
    document = {"format": FORMAT, "version": VERSION, "campaign": name, "tables": tables}
    path.write_text(json.dumps(document, ensure_ascii=False, sort_keys=True), encoding="utf-8")
    return {table: len(rows) for table, rows in tables.items()}


def _read(path: Path) -> dict[str, Any]:
    try:
        document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise Invalid("referee.E_IMPORT", path=str(path), detail=str(exc)) from None
    if document.get("format") != FORMAT or document.get("version") != VERSION:
        raise Invalid("referee.E_IMPORT", path=str(path), detail="unknown format or version")
    return document


def import_campaign(rt: Runtime, path: Path) -> dict[str, int]:
    """Load an exported campaign into this ledger with fresh ids; refuse a name already used."""
    document = _read(path)
    with session_scope(rt.engine) as session:
        name = document["campaign"]
        if session.exec(select(Campaign).where(col(Campaign.name) == name)).first():
            raise Conflict("campaign.E_EXISTS", name=name)
        ids: dict[str, dict[int, int]] = {}
        for model in TABLES:
            table = _table(model).name
            ids[table] = {}
            for data in document["tables"].get(table, []):
                old_id, row = _insert(session, model, data, ids)
                ids[table][old_id] = row
        return {table: len(found) for table, found in ids.items()}


def _insert(
    session: Session, model: type[SQLModel], data: dict[str, Any], ids: dict[str, dict[int, int]]
) -> tuple[int, int]:
    columns = {c.name for c in _table(model).columns}
    values = {key: _decode(value) for key, value in data.items() if key in columns}
    old_id = values.pop("id")
    for column, target in REFERENCES.items():
        if values.get(column) is not None:
            values[column] = ids[target][values[column]]
    row = model(**values)
    session.add(row)
    session.flush()
    return old_id, row.id  # type: ignore[attr-defined]

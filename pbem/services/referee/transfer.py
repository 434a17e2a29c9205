"""Export a campaign with its whole ledger to one file, and import it into another ledger."""

from __future__ import annotations

import base64
import json
import os
from datetime import datetime
from pathlib import Path
from typing import Any, cast

from sqlalchemy import CursorResult, Table, select
from sqlalchemy.orm import Session
from sqlmodel import SQLModel

import pbem.ledger.models  # noqa: F401  (every table is registered on SQLModel.metadata)
from pbem.errors import Conflict, Invalid
from pbem.ledger import queries
from pbem.ledger.db import session_scope
from pbem.ledger.models import Campaign
from pbem.mail.routing import slug
from pbem.services.base.runtime import Runtime

FORMAT, VERSION = "pbem-campaign-export", 1
# Integer columns that point at another table without a foreign-key constraint.
LOOSE_REFERENCES = {"adjustment_id": "adjustment"}


def campaign_tables() -> list[Table]:
    """Every ledger table holding a campaign's rows, parents before children."""
    tables = [
        t
        for t in SQLModel.metadata.sorted_tables
        if t.name == "campaign" or "campaign_id" in t.c or "phase_id" in t.c
    ]
    names = [t.name for t in tables]
    if "adjustment" in names and "snapshot" in names:  # a loose reference: order it by hand
        adjustment = tables.pop(names.index("adjustment"))
        tables.insert([t.name for t in tables].index("snapshot"), adjustment)
    return tables


def _table_named(name: str) -> Table:
    return SQLModel.metadata.tables[name]


def _rows(session: Session, table: Table, campaign: Campaign) -> list[dict[str, Any]]:
    if table.name == "campaign":
        query = select(table).where(table.c.id == campaign.id)
    elif "campaign_id" in table.c:
        query = select(table).where(table.c.campaign_id == campaign.id)
    else:
        phase = _table_named("phase")
        phases = select(phase.c.id).where(phase.c.campaign_id == campaign.id)
        query = select(table).where(table.c.phase_id.in_(phases))
    return [dict(row) for row in session.execute(query.order_by(table.c.id)).mappings()]


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
    with session_scope(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        tables = {
            table.name: [
                {k: _encode(v) for k, v in row.items()} for row in _rows(session, table, campaign)
            ]
            for table in campaign_tables()
        }
    document = {"format": FORMAT, "version": VERSION, "campaign": name, "tables": tables}
    _write_owner_only(path, json.dumps(document, ensure_ascii=False, sort_keys=True))
    return {table: len(rows) for table, rows in tables.items()}


def _write_owner_only(path: Path, text: str) -> None:
    """Write the file readable by its owner alone (0600), as the ledger is: it holds the seed
    secret, every seat's secret and every raw mail."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        handle.write(text)
    path.chmod(0o600)  # a file that was there before keeps its mode through open()


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
    known = {table.name: table for table in campaign_tables()}
    unknown = sorted(set(document["tables"]) - set(known))
    if unknown:
        raise Invalid(
            "referee.E_IMPORT", path=str(path), detail="unknown tables " + ", ".join(unknown)
        )
    with session_scope(rt.engine) as session:
        table = known["campaign"]
        taken = select(table.c.id).where(table.c.name == document["campaign"])
        if session.execute(taken).first() is not None:
            raise Conflict("campaign.E_EXISTS", name=document["campaign"])
        _set_slug(session, table, document)
        ids: dict[str, dict[int, int]] = {}
        for name, table in known.items():
            ids[name] = {}
            for data in document["tables"].get(name, []):
                old, new = _insert(session, table, data, ids)
                ids[name][old] = new
        return {name: len(found) for name, found in ids.items()}


def _set_slug(session: Session, table: Table, document: dict[str, Any]) -> None:
    """Give the imported campaign its token slug (older exports have none); refuse a taken one."""
    name = document["campaign"]
    other = session.execute(select(table.c.name).where(table.c.slug == slug(name))).first()
    if other is not None:
        raise Conflict("campaign.E_SLUG_TAKEN", name=name, other=other[0], slug=slug(name))
    for row in document["tables"].get("campaign", []):
        row["slug"] = slug(name)


def _targets(table: Table) -> dict[str, str]:
    found = {
        c.name: next(iter(c.foreign_keys)).column.table.name for c in table.c if c.foreign_keys
    }
    found.update({k: v for k, v in LOOSE_REFERENCES.items() if k in table.c})
    return found


def _insert(
    session: Session, table: Table, data: dict[str, Any], ids: dict[str, dict[int, int]]
) -> tuple[int, int]:
    values = {key: _decode(value) for key, value in data.items() if key in table.c}
    old_id = values.pop("id")
    for column, target in _targets(table).items():
        if values.get(column) is not None:
            values[column] = ids[target][values[column]]
    result = cast(CursorResult[Any], session.execute(table.insert().values(**values)))
    assert result.inserted_primary_key is not None
    return old_id, int(result.inserted_primary_key[0])

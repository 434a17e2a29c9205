"""The reply-budget count is answered from an index, not by reading every stored mail."""

from __future__ import annotations

from typing import Any

from sqlalchemy import event
from sqlmodel import Session

from pbem.services.base.runtime import Runtime
from pbem.services.outbox.reply_limits import replies_spent


def _statements_of_replies_spent(rt: Runtime) -> list[tuple[str, Any]]:
    seen: list[tuple[str, Any]] = []

    def record(_conn: Any, _cursor: Any, statement: str, params: Any, *_: Any) -> None:
        if "FROM outbox" in statement:
            seen.append((statement, params))

    event.listen(rt.engine, "before_cursor_execute", record)
    try:
        with Session(rt.engine) as session:
            replies_spent(session, rt, "Ann@Localhost")
    finally:
        event.remove(rt.engine, "before_cursor_execute", record)
    return seen


def test_the_case_blind_recipient_count_uses_its_index(rt: Runtime) -> None:
    (statement, params), = _statements_of_replies_spent(rt)
    with rt.engine.connect() as connection:
        plan = connection.exec_driver_sql(f"EXPLAIN QUERY PLAN {statement}", params).all()
    steps = " | ".join(str(row[-1]) for row in plan)
    assert "ix_outbox_recipient_lower" in steps and "SCAN outbox" not in steps

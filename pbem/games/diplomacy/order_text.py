"""Orders written in their one canonical form: `A PAR - BUR`, `F NTH C A LON - NWY`,
`A MUN S A BER`, `BUILD F STP/NC`. Locations are upper case, coasts after a slash."""

from __future__ import annotations

from typing import Any

from pbem.games.diplomacy.inputs import Order


def place(location: str) -> str:
    """A location as orders write it: "stp/nc" -> "STP/NC"."""
    return location.upper()


def unit_text(kind: str | None, location: str) -> str:
    """A unit as orders name it: "A PAR"."""
    return f"{kind or 'A'} {place(location)}"


def row_text(row: dict[str, Any]) -> str:
    """The order of one row of a phase's results (a movement's rows keep its parts)."""
    if "order" in row:  # retreats keep their text
        return str(row["order"] or row.get("unit", ""))
    if row["kind"] == "waive" and row.get("count", 1) > 1:
        return f"WAIVE {row['count']}"
    order = Order(kind=row["kind"], unit=row["unit"], at=row["at"], to=row.get("to", ""),
                  of_unit=row.get("of_unit"), of=row.get("of", ""), via=row.get("via", False))
    return order_text(order)


def order_text(order: Order) -> str:
    """The canonical text of one order."""
    me = unit_text(order.unit, order.at)
    kind = order.kind
    if kind == "hold":
        return f"{me} H"
    if kind == "move":
        return f"{me} - {place(order.to)}" + (" VIA CONVOY" if order.via else "")
    if kind in ("support", "convoy"):
        other = unit_text(order.of_unit, order.of)
        letter = "S" if kind == "support" else "C"
        return f"{me} {letter} {other}" + (f" - {place(order.to)}" if order.to else "")
    if kind == "retreat":
        return f"{me} R {place(order.to)}"
    if kind == "waive":
        return "WAIVE"
    return f"{kind.upper()} {me}"  # disband, build, remove

"""Orders written in their one canonical form: `A PAR - BUR`, `F NTH C A LON - NWY`,
`A MUN S A BER`, `BUILD F STP/NC`. Locations are upper case, coasts after a slash."""

from __future__ import annotations

from pbem.games.diplomacy.inputs import Order


def place(location: str) -> str:
    """A location as orders write it: "stp/nc" -> "STP/NC"."""
    return location.upper()


def unit_text(kind: str | None, location: str) -> str:
    """A unit as orders name it: "A PAR"."""
    return f"{kind or 'A'} {place(location)}"


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

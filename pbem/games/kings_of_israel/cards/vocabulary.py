"""The small effect vocabulary of the card decks and ability powers, and its checks."""

from __future__ import annotations

from pbem.games.kings_of_israel.content import Step

POWERS = (
    "preach_bonus",  # Preach removes two cubes
    "give_far",  # Give Resources to a player anywhere
    "idol_fast",  # Destroy an Idol takes one action
    "run_free",  # a road move of up to three steps needs no Cattle or Grain
    "acquire_more",  # Acquire Resources draws two cards
    "sacrifice_cheap",  # a Sacrifice needs a Cattle or a Grain, not both
    "hand_big",  # a hand of up to eight Resource cards
    "altar_blessing",  # building an Altar draws a Blessing
)

# op -> {parameter: allowed values (empty: a number)}
BLESSING_OPS: dict[str, dict[str, tuple[str, ...]]] = {
    "preach": {"count": (), "where": ("any", "here", "around")},
    "smash_idol": {"where": ("any", "here")},
    "draw": {"count": ()},
    "actions": {"count": ()},
    "travel": {},
}
BLESSING_PERMANENT: dict[str, dict[str, tuple[str, ...]]] = {
    "hand_limit": {"count": ()},
    "preach_bonus": {"count": ()},
}
SIN_OPS: dict[str, dict[str, tuple[str, ...]]] = {
    "sin": {"where": ("most_sin", "idols", "*")},
    "idol": {"where": ("*",)},
    "locations": {"count": ()},
    "destroy_altar": {"where": ("most_sin",)},
    "destroy": {"where": ("most_sin",)},
    "discard": {"count": ()},
}
SIN_PERMANENT: dict[str, dict[str, tuple[str, ...]]] = {
    "block": {"kind": ("mount",)},
    "no_sea": {},
}


def check_steps(steps: list[Step], deck: str, places: set[str], permanent: bool) -> None:
    """Raise ValueError naming the first step the vocabulary does not allow."""
    table = _table(deck, permanent)
    if not steps:
        raise ValueError("the card has no effect")
    for step in steps:
        allowed = table.get(step.op)
        if allowed is None:
            raise ValueError(f"{step.op!r} is not an effect ({', '.join(sorted(table))})")
        for key, value in step.params.items():
            if key not in allowed:
                raise ValueError(
                    f"{step.op} takes no {key!r} (only {', '.join(allowed) or 'none'})"
                )
            _check_value(step.op, key, value, allowed[key], places)
        missing = [k for k in allowed if k not in step.params and k not in ("count",)]
        if missing:
            raise ValueError(f"{step.op} needs {', '.join(missing)}")


def _table(deck: str, permanent: bool) -> dict[str, dict[str, tuple[str, ...]]]:
    if deck == "blessing":
        return BLESSING_PERMANENT if permanent else BLESSING_OPS
    return SIN_PERMANENT if permanent else SIN_OPS


def _check_value(op: str, key: str, value: str, allowed: tuple[str, ...], places: set[str]) -> None:
    if not allowed:
        if not value.isdigit() or int(value) < 1:
            raise ValueError(f"{op} {key}={value}: a count of 1 or more")
        return
    if value in allowed or ("*" in allowed and value in places):
        return
    extra = " or a place id" if "*" in allowed else ""
    words = ", ".join(a for a in allowed if a != "*")
    raise ValueError(f"{op} {key}={value}: write {words}{extra}")

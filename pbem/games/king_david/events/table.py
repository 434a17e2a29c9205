"""The 27 Event Markers of section 7: key, printed name and how many are in the cup."""

from __future__ import annotations

from typing import NamedTuple


class EventKind(NamedTuple):
    """One kind of Event Marker."""

    number: int
    key: str
    name: str
    copies: int
    when: str  # the section it may be played in: combat, siege, movement, harvest, ...


EVENTS: tuple[EventKind, ...] = (
    EventKind(1, "surprise", "Surprise", 4, "combat"),
    EventKind(2, "ambush", "Ambush", 4, "combat"),
    EventKind(3, "vacillating-force", "Vacillating Force", 2, "movement"),
    EventKind(4, "act-of-god", "Act of God", 3, "combat"),
    EventKind(5, "secret-entrance", "Secret Entrance", 3, "siege"),
    EventKind(6, "effective-weaponry", "Effective Weaponry", 3, "combat"),
    EventKind(7, "ineffective-weaponry", "Ineffective Weaponry", 3, "combat"),
    EventKind(8, "egyptian-raid-d10", "Egyptian Raid D10", 1, "movement"),
    EventKind(9, "egyptian-raid-d10-d6", "Egyptian Raid D10 plus D6", 1, "movement"),
    EventKind(10, "egyptian-raid-2d10", "Egyptian Raid 2D10", 1, "movement"),
    EventKind(11, "bedouin-raid-d8", "Bedouin Raid D8", 1, "movement"),
    EventKind(12, "bedouin-raid-d10", "Bedouin Raid D10", 1, "movement"),
    EventKind(13, "bedouin-raid-d10-d6", "Bedouin Raid D10 plus D6", 1, "movement"),
    EventKind(14, "increase-harvest", "Increase Harvest", 3, "harvest"),
    EventKind(15, "decrease-harvest", "Decrease Harvest", 3, "harvest"),
    EventKind(16, "increase-resources", "Increase Resources", 3, "resource"),
    EventKind(17, "decrease-resources", "Decrease Resources", 5, "resource"),
    EventKind(18, "alliance", "Alliance", 5, "event"),
    EventKind(19, "ark-of-the-lord", "Ark of the Lord", 2, "combat"),
    EventKind(20, "siege-works", "Siege Works", 4, "siege"),
    EventKind(21, "defensive-stalwart", "Defensive Stalwart", 4, "siege"),
    EventKind(22, "troop-revolt", "Troop Revolt", 2, "combat"),
    EventKind(23, "bribe", "Bribe!", 2, "combat"),
    EventKind(24, "recruit-prisoners", "Recruit Prisoners", 3, "combat-end"),
    EventKind(25, "royal-death", "Royal Death", 2, "action-start"),
    EventKind(26, "gods-intervention", "God's Intervention", 5, "any"),
    EventKind(27, "hand-of-fate", "Hand of Fate", 2, "any"),
)
BY_KEY = {e.key: e for e in EVENTS}


def full_cup() -> list[str]:
    """Every Event Marker as an instance id, e.g. 'ambush.3', in table order."""
    return [f"{e.key}.{i}" for e in EVENTS for i in range(1, e.copies + 1)]


def kind_of(marker: str) -> EventKind:
    """The kind of an Event Marker instance id."""
    return BY_KEY[marker.split(".")[0]]

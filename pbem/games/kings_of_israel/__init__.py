"""Kings of Israel: two to four prophets work together against sin spreading through Israel."""

from pbem.games.kings_of_israel.game import GAME

__all__ = ["GAME"]

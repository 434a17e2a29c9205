"""The Campaigns of King David: seven turns of random phases, battles, sieges and events."""

from pbem.games.king_david.game import GAME

__all__ = ["GAME"]

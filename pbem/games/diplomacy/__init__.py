"""Diplomacy: the standard board (and variants as board files), adjudicated to the DATC."""

from pbem.games.diplomacy.game import GAME

__all__ = ["GAME"]

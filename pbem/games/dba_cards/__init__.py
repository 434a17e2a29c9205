"""The DBA-army chessboard card game: ancient armies on an 8×8 board with a shared deck."""

from pbem.games.dba_cards.game import GAME

__all__ = ["GAME"]

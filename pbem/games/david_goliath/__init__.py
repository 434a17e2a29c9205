"""David and Goliath: a two-player card duel on a chessboard, with reactive plays by email."""

from pbem.games.david_goliath.game import GAME

__all__ = ["GAME"]

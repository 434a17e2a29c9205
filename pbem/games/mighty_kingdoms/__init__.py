"""Mighty Kingdoms: hex-map kingdom building with summer months, battles and winters.

The modules every game has sit at the top, with the setup stage's orders and the referee's
hooks; the seasons and their parts are in maps/, armies/, summer/, battles/ and winter/.
"""

from pbem.games.mighty_kingdoms.game import GAME

__all__ = ["GAME"]

"""Mighty Kingdoms: hex-map kingdom building with summer months, battles and winters."""

from pbem.games.mighty_kingdoms.game import GAME, MightyKingdoms

__all__ = ["GAME", "MightyKingdoms"]

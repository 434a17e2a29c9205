"""A turn's play: moves, battles, attack and defence cards, reach and line of fire, the deck."""

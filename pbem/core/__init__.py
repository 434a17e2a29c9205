"""Pure building blocks shared by every game: interface, RNG, geometry, cards, parsing."""

"""The cards: Blessings, Sin and Punishment, the decks and hands, and the effect vocabulary."""

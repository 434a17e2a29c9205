"""The referee's hooks into a duel: typed edits of the state and a player's drop (a
concession). Imports the game's own modules and core only."""

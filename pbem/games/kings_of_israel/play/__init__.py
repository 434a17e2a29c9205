"""Play: a prophet's turn and its actions, where a prophet may go, the game round, sin's spread
and the False Prophet."""

"""Play: a prophet's turn and its actions, the game round and the False Prophet (where a
prophet may go and sin's spread are the ground modules reach and sin)."""

"""The rules: one movement phase laid out (table) and resolved (resolver, with one module per
order kind: move, support, convoy, hold), retreats, adjustments, the calendar, votes and the
end of the game. Imports the board, the state and the inputs; nothing of the order language."""

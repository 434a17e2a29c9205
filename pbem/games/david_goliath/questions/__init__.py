"""The questions a duel asks one player in the middle of play (reaction windows): a Negate, a
Defense, Challenge's choice and Divine Aid's discards; building them, answering them by
standing lines, and reading Divine Aid's answer. Imports the game's own modules and core only."""

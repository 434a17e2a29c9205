"""The order language's parts: the words (lexicon), reading a line (order_read), legality
against the state, greetings and sign-offs (chatter) and what a misspelt word most likely
means (respell); the canonical text of an order is a leaf below (order_text). orders.py puts
them together."""

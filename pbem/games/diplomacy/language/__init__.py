"""The order language's parts: the words (lexicon), reading a line (order_read) and legality
against the state; the canonical text of an order is a leaf below (order_text). orders.py puts
them together."""

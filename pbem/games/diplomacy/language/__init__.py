"""The order language's parts: the words (lexicon), reading a line (order_read), the canonical
text (order_text) and legality against the state. orders.py puts them together."""

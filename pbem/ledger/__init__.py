"""The ledger: every input, seed, event, snapshot and outbound message, in SQL."""

"""Services: the only code that combines the ledger, mail and games."""

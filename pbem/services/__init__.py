"""Services: the only code that combines the ledger, mail and games, in sub-packages by stage.

base < outbox < turns < intake < referee < tick: each may import only those before it
(tests/test_layers.py checks the directions).
"""

"""The community desk: campaigns anyone may find and join by mail (LIST, SIGNON, RESIGN,
OBSERVE, STATUS ME), open seats taken over, and each address's reliability record.

It may import the ledger, mail, outbox, reports and turns services; intake calls it through
one hook (services/intake/mailroom.py) before it authenticates a mail.
"""

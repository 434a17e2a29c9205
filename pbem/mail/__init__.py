"""The mail layer: read inbound mail (reading/), compose outbound mail, route replies to seats.

Only the transports (transport/: IMAP, Maildir, SMTP) touch the network; nothing here touches
the ledger.
"""

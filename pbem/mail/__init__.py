"""The pure mail layer: read inbound mail, compose outbound mail, route replies to seats.

Nothing here touches the network or the ledger; transports live beside it.
"""

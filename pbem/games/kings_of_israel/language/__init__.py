"""The order language's parts: the acknowledgement's groups, and checks of orders carried
out later (the canonical text of orders is the ground module order_text)."""

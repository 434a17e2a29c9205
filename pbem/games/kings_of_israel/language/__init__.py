"""The order language's parts: canonical text, the acknowledgement's groups, and checks of
orders carried out later."""

"""The summer season: a month of sealed orders, resolved and reformed, and its order language."""

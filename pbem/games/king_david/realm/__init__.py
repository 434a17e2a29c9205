"""Countries and their means: harvests and builds, army counters, minor countries, alliances
and victory."""

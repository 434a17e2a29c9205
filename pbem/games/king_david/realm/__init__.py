"""Countries and their means: harvests and builds, army counters and where new ones are
placed, minor countries, alliances and victory."""

"""War: combat, hit assignment, sieges, how a battle ends on a retreat, and leaders left
alone."""

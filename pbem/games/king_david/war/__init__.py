"""War: combat, hit assignment, sieges, how a battle ends on a retreat, leaders left alone,
and the raids."""

"""The land: the scenario file and its checks, stacks on areas, and movement (6.1)."""

"""Before the first turn: deployment, and the German rules' terrain placement and unit swap."""

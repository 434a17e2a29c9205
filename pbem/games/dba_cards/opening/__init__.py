"""Before the first turn: deployment, the German rules' terrain placement, and terrain effects."""

"""Tests of the map renderers (pbem.render)."""

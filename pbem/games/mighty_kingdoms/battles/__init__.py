"""Battles: the battle loop, simple battles, tabletop (kow) battles and their results."""

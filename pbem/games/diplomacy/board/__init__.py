"""The board: reading and checking a board file (mapfile, mapcheck), the fast lookups the rules
use (geography), and the drawn outlines of the provinces (outlines)."""

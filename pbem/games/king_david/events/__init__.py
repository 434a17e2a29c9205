"""The Event Markers (7.0): the table, drawing and playing them, and what they do."""

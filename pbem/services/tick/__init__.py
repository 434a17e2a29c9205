"""The cron pass: one tick (poll, remind, adjudicate, draw, send) and its idle check.
Imports every other services package."""

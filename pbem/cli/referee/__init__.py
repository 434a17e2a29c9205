"""The referee's commands on one campaign: players, time, orders and turns, edits, messages,
the mail desk, the log and the campaign's end."""

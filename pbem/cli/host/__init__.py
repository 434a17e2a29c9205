"""The host's commands: set up, cron ticks, campaigns and their status, maps, the archive,
the demo."""

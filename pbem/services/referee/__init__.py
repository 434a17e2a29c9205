"""The referee's tools: people, desks, the overview, time and settings, transfer, the site
archive, maps and a campaign's end. Imports services.base, outbox, turns and intake."""

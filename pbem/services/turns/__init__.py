"""Turns: opening phases, orders on file, reaction windows, reminders, adjudication, and
preview, rollback and replay. Imports services.base and services.outbox."""

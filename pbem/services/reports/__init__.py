"""Reports: what players are owed after each phase, drafted with the adjudication, drawn (view,
text, HTML, map) after its commit, in the tick or its helper processes, and read back for the
referee's commands. Imports base and outbox only."""

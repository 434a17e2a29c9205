"""Mail in: storing raw mail, quarantine, routing and authenticating it, and answering
players' commands and orders. Imports services.base, outbox and turns."""

"""Mail out: the outbox, letters and their budgets, report drafts and drawing, and sending
(threads, the sender process, SMTP). Imports services.base only."""

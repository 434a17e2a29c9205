"""Test support: real-service harnesses (Dovecot + SMTP relay, PostgreSQL)."""

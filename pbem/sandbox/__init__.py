"""A private mail server on loopback (Dovecot + an SMTP relay) for the demo and the tests."""

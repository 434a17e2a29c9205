"""Mail transports: IMAP and Maildir sources, the SMTP mailer and offline mailers, server URLs
and their errors."""

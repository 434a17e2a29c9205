"""pbem: a play-by-email campaign adjudicator."""

__version__ = "0.1.0"

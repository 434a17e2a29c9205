"""`pbem demo`: a campaign played by email between scripted players on a private server."""

"""`pbem demo`: a whole campaign played by email between scripted players on a private mail server."""

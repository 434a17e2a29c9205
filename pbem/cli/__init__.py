"""The `pbem` command line: thin Typer commands over the services."""

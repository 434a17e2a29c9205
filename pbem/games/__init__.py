"""Games: each a package with the same modules, importing only pbem.core."""

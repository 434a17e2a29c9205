"""Armies' contents: kow army lists and their rules, one unit as one line, and artefacts."""

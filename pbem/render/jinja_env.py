"""The Jinja2 environment class the report templates run in: Jinja2's own, with a faster
attribute lookup on plain dicts.

A report's context is JSON-shaped data, so nearly every `view.board` in a template reads a
dict key. Jinja2 tries `getattr` first and falls back to the key, which costs an
AttributeError per lookup; here a plain dict's key is read first for every name that is not
one of dict's own attributes. The result is the same in every case: a dict attribute name
(`items`, `get`) still finds the method, and a missing key is still undefined.
"""

from __future__ import annotations

from typing import Any

from jinja2 import Environment

_DICT_ATTRIBUTES: frozenset[str] = frozenset(dir(dict))


class ReportEnvironment(Environment):
    """Jinja2's Environment, reading plain dicts' keys without an AttributeError first."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        """`obj.attribute` in a template: a dict's key, else Jinja2's own lookup."""
        if type(obj) is dict and attribute not in _DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except (KeyError, TypeError):
                return self.undefined(obj=obj, name=attribute)
        return super().getattr(obj, attribute)

"""The report templates' environment reads attributes exactly as Jinja2's own does."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jinja2 import Environment, StrictUndefined, UndefinedError

from pbem.render.jinja_env import ReportEnvironment
from tests.support.examples import examples

NAMES = ["board", "items", "get", "keys", "name", "missing"]


def _shown(environment: Environment, obj: Any, name: str) -> str:
    """`obj.name` rendered by `environment`, or the kind of error it raised."""
    template = environment.from_string("{{ obj." + name + " }}")
    try:
        return template.render(obj=obj)
    except UndefinedError:
        return "undefined"


@settings(max_examples=examples(200), deadline=None)
@given(
    st.dictionaries(st.sampled_from(NAMES), st.integers() | st.text(max_size=4), max_size=5),
    st.sampled_from(NAMES),
)
def test_a_dict_attribute_reads_as_jinjas_own(obj: dict[str, Any], name: str) -> None:
    ours = ReportEnvironment(undefined=StrictUndefined)
    theirs = Environment(undefined=StrictUndefined)
    assert _shown(ours, obj, name) == _shown(theirs, obj, name)


@pytest.mark.parametrize("name", ["items", "get", "keys"])
def test_a_dicts_method_name_finds_the_method_even_with_that_key(name: str) -> None:
    shown = _shown(ReportEnvironment(), {name: "value"}, name)
    assert shown.startswith("<built-in method"), shown


def test_a_key_is_read_from_a_plain_dict() -> None:
    assert _shown(ReportEnvironment(), {"board": "b"}, "board") == "b"


def test_a_missing_key_is_undefined() -> None:
    assert _shown(ReportEnvironment(undefined=StrictUndefined), {}, "board") == "undefined"

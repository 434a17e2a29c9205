"""The fast indented JSON writer gives exactly the standard library's text."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.render.json_text import pretty_json
from tests.support.examples import examples


def reference(value: Any) -> str:
    """The standard library's text, which pretty_json must match."""
    return json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)


scalars = (
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True)
    | st.text(alphabet=st.characters(), max_size=12)
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=5)
    | st.dictionaries(st.text(max_size=6), inner, max_size=5),
    max_leaves=40,
)


@settings(max_examples=examples(400), deadline=None)
@given(values)
def test_any_json_value_is_written_as_the_standard_library_writes_it(value: Any) -> None:
    assert pretty_json(value) == reference(value)


@pytest.mark.parametrize("value", [
    {}, [], "", {"a": []}, [{}], (1, "two"), {"é": "ü\u2028\n\"\\"}, {1: "x", 2: "y"},
    {True: 1, False: 0}, {None: 1}, {1.5: "f"}, [math.inf, -math.inf], 10**30, -0.0, 1e-7,
])
def test_edge_values_match(value: Any) -> None:
    assert pretty_json(value) == reference(value)


def test_nan_matches() -> None:
    assert pretty_json([math.nan]) == reference([math.nan])


@pytest.mark.parametrize("value", [{"a": {1, 2}}, [object()], {(1, 2): "tuple key"}])
def test_what_json_refuses_is_refused(value: Any) -> None:
    with pytest.raises(TypeError):
        reference(value)
    with pytest.raises(TypeError):
        pretty_json(value)


@settings(max_examples=examples(600), deadline=None)
@given(st.lists(st.floats(allow_nan=True, allow_infinity=True), max_size=6)
       | st.floats(min_value=-1e-3, max_value=1e-3))
def test_every_float_is_written_as_python_writes_it(value: Any) -> None:
    assert pretty_json(value) == reference(value)


@pytest.mark.parametrize("value", [1e-4, 9.999e-5, 1e-5, -3e-7, 1e-10, 5e-324, 1e16, 1.5e300])
def test_floats_about_the_edge_where_python_turns_to_an_exponent(value: Any) -> None:
    assert pretty_json({"x": [value, -value]}) == reference({"x": [value, -value]})

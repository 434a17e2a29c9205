"""A small JSON Schema checker for the subset docs/report-schema.json uses (stdlib only).

Keywords: type (one or a list), const, enum, properties, required, additionalProperties
(bool or schema), items, oneOf, minimum, pattern, $ref to "#/$defs/NAME". Anything else in a
schema is an error, so the schema cannot silently use a keyword this checker ignores.
"""

from __future__ import annotations

import re
from typing import Any

KNOWN = {"$schema", "$id", "title", "description", "type", "const", "enum", "properties",
         "required", "additionalProperties", "items", "oneOf", "minimum", "pattern", "$ref",
         "$defs"}
TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,), "array": (list,), "string": (str,), "boolean": (bool,),
    "null": (type(None),), "number": (int, float), "integer": (int,),
}


def errors(instance: Any, schema: dict[str, Any], root: dict[str, Any] | None = None,
           where: str = "$") -> list[str]:
    """Every way `instance` breaks `schema`, as 'path: reason' strings (empty when valid)."""
    root = root if root is not None else schema
    unknown = set(schema) - KNOWN
    if unknown:
        return [f"{where}: schema uses unsupported keywords {sorted(unknown)}"]
    if "$ref" in schema:
        return errors(instance, _resolve(root, schema["$ref"]), root, where)
    found = _type_errors(instance, schema, where)
    if found:
        return found
    for check in (_value_errors, _object_errors, _array_errors, _choice_errors):
        found += check(instance, schema, root, where)
    return found


def _resolve(root: dict[str, Any], ref: str) -> dict[str, Any]:
    prefix = "#/$defs/"
    if not ref.startswith(prefix):
        raise ValueError(f"unsupported $ref {ref}")
    resolved: dict[str, Any] = root["$defs"][ref[len(prefix):]]
    return resolved


def _is(instance: Any, name: str) -> bool:
    if name in ("integer", "number") and isinstance(instance, bool):
        return False
    return isinstance(instance, TYPES[name])


def _type_errors(instance: Any, schema: dict[str, Any], where: str) -> list[str]:
    wanted = schema.get("type")
    if wanted is None:
        return []
    names = wanted if isinstance(wanted, list) else [wanted]
    if any(_is(instance, n) for n in names):
        return []
    return [f"{where}: expected {'/'.join(names)}, got {type(instance).__name__}"]


def _value_errors(instance: Any, schema: dict[str, Any], root: dict[str, Any],
                  where: str) -> list[str]:
    found = []
    if "const" in schema and instance != schema["const"]:
        found.append(f"{where}: expected {schema['const']!r}")
    if "enum" in schema and instance not in schema["enum"]:
        found.append(f"{where}: {instance!r} not in {schema['enum']}")
    if "minimum" in schema and _is(instance, "number") and instance < schema["minimum"]:
        found.append(f"{where}: {instance} < {schema['minimum']}")
    if "pattern" in schema and isinstance(instance, str) and not re.search(schema["pattern"],
                                                                            instance):
        found.append(f"{where}: {instance!r} does not match {schema['pattern']}")
    return found


def _object_errors(instance: Any, schema: dict[str, Any], root: dict[str, Any],
                   where: str) -> list[str]:
    if not isinstance(instance, dict):
        return []
    found = [f"{where}: missing {key}" for key in schema.get("required", []) if key not in instance]
    known = schema.get("properties", {})
    extra = schema.get("additionalProperties", True)
    for key, value in sorted(instance.items()):
        if key in known:
            found += errors(value, known[key], root, f"{where}.{key}")
        elif extra is False:
            found.append(f"{where}: unexpected key {key}")
        elif isinstance(extra, dict):
            found += errors(value, extra, root, f"{where}.{key}")
    return found


def _array_errors(instance: Any, schema: dict[str, Any], root: dict[str, Any],
                  where: str) -> list[str]:
    if not isinstance(instance, list) or "items" not in schema:
        return []
    found: list[str] = []
    for index, item in enumerate(instance):
        found += errors(item, schema["items"], root, f"{where}[{index}]")
    return found


def _choice_errors(instance: Any, schema: dict[str, Any], root: dict[str, Any],
                   where: str) -> list[str]:
    if "oneOf" not in schema:
        return []
    results = [errors(instance, option, root, where) for option in schema["oneOf"]]
    matches = sum(1 for found in results if not found)
    if matches == 0:  # the closest option's reasons say more than "no option fits"
        typed = [found for found in results if ": expected " not in found[0]] or results
        return min(typed, key=len)
    return [] if matches == 1 else [f"{where}: matches {matches} of the oneOf options, not 1"]

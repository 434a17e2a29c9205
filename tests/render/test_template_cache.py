"""Compiled templates are kept across runs: a second run loads them without compiling, an edited
template is compiled afresh, and a cache that cannot be had is never an error."""

from __future__ import annotations

from pathlib import Path

import jinja2.bccache
import pytest
from jinja2 import Environment, FileSystemLoader

from pbem.render import template_cache
from pbem.render.templating import new_environment

TEMPLATE = "mail/ended.txt.j2"
CONTEXT = {"campaign": "vale", "result": "Ann wins", "reason": "agreed"}


def _compiles(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the templates compiled from now on."""
    compiled: list[str] = []
    original = Environment.compile

    def counted(self: Environment, source: str, name: str | None = None, *args: object,
                **kwargs: object) -> object:
        compiled.append(str(name))
        return original(self, source, name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Environment, "compile", counted)
    return compiled


def test_a_second_run_loads_the_compiled_template(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(template_cache.VARIABLE, str(tmp_path / "kept"))
    compiled = _compiles(monkeypatch)
    first = new_environment().get_template(TEMPLATE).render(**CONTEXT)
    assert compiled == [TEMPLATE] and len(list((tmp_path / "kept").iterdir())) == 1
    again = new_environment().get_template(TEMPLATE).render(**CONTEXT)  # a run after it
    assert compiled == [TEMPLATE] and again == first


def test_an_edited_template_is_compiled_afresh(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(template_cache.VARIABLE, str(tmp_path / "kept"))
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "t.txt").write_text("one {{ n }}", encoding="utf-8")

    def rendered() -> str:
        fresh = Environment(loader=FileSystemLoader(str(folder)),
                            bytecode_cache=template_cache.template_cache())  # fmt: skip
        return fresh.get_template("t.txt").render(n=1)

    assert rendered() == "one 1"
    (folder / "t.txt").write_text("two {{ n }}", encoding="utf-8")
    assert rendered() == "two 1"
    assert len(list((tmp_path / "kept").iterdir())) == 1  # one file a template, written again


@pytest.mark.parametrize("setting", ["off", "", "NOT-A-FOLDER/inside"])
def test_no_cache_to_be_had_is_never_an_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, setting: str
) -> None:
    blocker = tmp_path / "NOT-A-FOLDER"
    blocker.write_text("a file where the folder would go", encoding="utf-8")
    value = str(tmp_path / setting) if "/" in setting else setting
    monkeypatch.setenv(template_cache.VARIABLE, value)
    assert template_cache.template_cache() is None
    compiled = _compiles(monkeypatch)
    text = new_environment().get_template(TEMPLATE).render(**CONTEXT)
    assert "Ann wins" in text and compiled == [TEMPLATE]


def test_a_folder_it_cannot_write_still_renders(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(template_cache.VARIABLE, str(tmp_path / "kept"))
    cache = template_cache.template_cache()
    assert cache is not None

    def refused(*args: object, **kwargs: object) -> None:
        raise PermissionError("read-only folder")

    monkeypatch.setattr(jinja2.bccache.tempfile, "NamedTemporaryFile", refused)
    text = new_environment().get_template(TEMPLATE).render(**CONTEXT)
    assert "Ann wins" in text and list((tmp_path / "kept").iterdir()) == []


def test_the_users_cache_folder_is_the_default(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(template_cache.VARIABLE, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert template_cache.cache_folder() == tmp_path / "pbem" / "templates"


def test_no_home_folder_means_no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(template_cache.VARIABLE, raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)

    def homeless() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", homeless)
    assert template_cache.cache_folder() is None and template_cache.template_cache() is None

"""`pbem bulletin`, `pbem reply`, `pbem questions`: the referee talks to players."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from pbem.cli.output import AsJson, command, print_json, print_table, say
from pbem.cli.state import runtime
from pbem.errors import Invalid
from pbem.services.turns import questions

Name = Annotated[str, typer.Argument(help="The campaign.")]
Text = Annotated[str | None, typer.Option("--text", help="The message text.")]
File = Annotated[str | None, typer.Option("--file", help="Read the text from a file (- : stdin).")]


def register(app: typer.Typer) -> None:
    """Attach the message commands to the app."""
    for func in (bulletin, reply, questions_):
        app.command(func.__name__.rstrip("_"))(command(func))


def _text(text: str | None, file: str | None) -> str:
    if file is not None:
        return sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
    if not text or not text.strip():
        raise Invalid("referee.E_REASON")
    return text


def bulletin(
    name: Name,
    to: Annotated[
        str | None, typer.Option("--to", help="One seat or address (default: all).")
    ] = None,
    text: Text = None,
    file: File = None,
    as_json: AsJson = False,
) -> None:
    """Send a bulletin from the referee to every player, or to one."""
    result = questions.bulletin(runtime(), name, _text(text, file), to)
    say(as_json, result, f"Bulletin queued to {result['recipients']} player(s).")


def reply(
    name: Name,
    question: Annotated[int, typer.Argument(help="The question number (see `pbem questions`).")],
    text: Text = None,
    file: File = None,
    as_json: AsJson = False,
) -> None:
    """Answer a player's REFEREE question by mail."""
    result = questions.reply(runtime(), name, question, _text(text, file))
    say(as_json, result, f"Answer to question {result['question']} queued to {result['seat']}.")


def questions_(
    name: Name,
    every: Annotated[bool, typer.Option("--all", help="Include answered questions.")] = False,
    as_json: AsJson = False,
) -> None:
    """List players' open REFEREE questions."""
    rows = questions.list_questions(runtime(), name, every)
    if as_json:
        print_json(rows)
        return
    print_table(
        "Questions",
        ["id", "seat", "asked", "question", "answer"],
        [[q["id"], q["seat"], q["asked_at"], q["text"], q["answer"] or ""] for q in rows],
    )

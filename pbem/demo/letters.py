"""What the demo keeps of each player's mail: the text, the HTML with its pictures beside it,
and a line for the index (the phase's turn, a readable title, the kind of mail)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pbem.demo.players import Letter

KINDS = (  # subject beginning -> kind of mail, for the index
    ("Report", "report"),
    ("Welcome", "welcome"),
    ("Your answer", "question"),
    ("Reminder", "reminder"),
    ("The campaign is over", "closing"),
)
_TAGS = re.compile(r"^\s*\[[^\]]*\]\s*|\s*\[pbem [^\]]*\]\s*$")
_EXTENSIONS = {"image/png": "png", "image/svg+xml": "svg", "image/jpeg": "jpg", "image/gif": "gif"}


@dataclass
class Kept:
    """One mail as the index lists it."""

    turn: int
    title: str
    kind: str
    href: str
    text_href: str = ""


def title_of(subject: str) -> str:
    """A subject without the campaign's tag in front and the reply tag at the end."""
    return _TAGS.sub("", _TAGS.sub("", subject)).strip() or "(no subject)"


def kind_of(title: str) -> str:
    """The kind of mail a title names ('other' for acknowledgements, notices and the rest)."""
    return next((kind for start, kind in KINDS if title.startswith(start)), "other")


def keep(out: Path, user: str, letter: Letter, turn: int) -> Kept:
    """Write a letter under out/reports/USER/ and say how the index lists it."""
    folder = out / "reports" / user
    folder.mkdir(parents=True, exist_ok=True)
    title = title_of(letter.subject)
    stem = f"{letter.uid:03d}-" + (re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:60])
    text = folder / f"{stem}.txt"
    text.write_text(letter.text(), encoding="utf-8")
    page = letter.part("text/html")
    kept = Kept(turn=turn, title=title, kind=kind_of(title), href=_href(out, text))
    if page is not None:
        html = _with_pictures(folder, stem, letter, page.decode("utf-8", "replace"))
        path = folder / f"{stem}.html"
        path.write_text(html, encoding="utf-8")
        kept.href, kept.text_href = _href(out, path), kept.href
    return kept


def _with_pictures(folder: Path, stem: str, letter: Letter, html: str) -> str:
    """Save each inline picture beside the page and point the page's cid: links at it."""
    names: dict[str, str] = {}
    for number, part in enumerate(letter.message.walk()):
        ext = _EXTENSIONS.get(part.get_content_type())
        payload = part.get_payload(decode=True) if ext else None
        if not ext or not isinstance(payload, bytes):
            continue
        name = f"{stem}-{number}.{ext}"
        (folder / name).write_bytes(payload)
        cid = str(part.get("Content-ID", "")).strip("<> ")
        if cid:
            names[f"cid:{cid}"] = name
    # whole links only: "cid:map" must not rewrite the start of "cid:map-2"
    return re.sub(r'cid:[^"\'\s)>]+', lambda m: names.get(m.group(0), m.group(0)), html)


def _href(out: Path, path: Path) -> str:
    return path.relative_to(out).as_posix()

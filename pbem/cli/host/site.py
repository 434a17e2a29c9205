"""`pbem site NAME --out DIR`: write a static HTML archive of a campaign's public history."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pbem.cli.output import AsJson, command, say
from pbem.cli.state import runtime
from pbem.errors import Invalid
from pbem.services.referee.site import build_site


@command
def site_command(
    name: Annotated[str, typer.Argument(help="The campaign.")],
    out: Annotated[Path, typer.Option("--out", help="The folder to write the archive to.")],
    as_json: AsJson = False,
) -> None:
    """Write the campaign's public history as static HTML pages that work offline."""
    if out.exists() and not out.is_dir():
        raise Invalid("site.E_OUT_NOT_FOLDER", path=str(out))
    written = build_site(runtime(), name, out)
    pages = sum(1 for path in written if path.suffix == ".html")
    data = {"campaign": name, "out": str(out), "pages": pages, "index": str(out / "index.html")}
    say(as_json, data, f"Wrote {pages} pages of {name} to {out} (open {out / 'index.html'})")

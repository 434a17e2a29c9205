"""Report text: each game's sample report written as JSON, HTML and plain text, the product's
way against the plain libraries' way, measured in the same run.

The JSON report is written by `pbem.render.json_text.pretty_json` (orjson where it gives the
standard library's text) against `json.dumps(indent=2, sort_keys=True, ensure_ascii=False)`;
the HTML and text reports by the templates in `pbem.render.jinja_env.ReportEnvironment`
against the same templates in Jinja2's own Environment. The two ways' outputs are checked to be
equal before anything is timed. Figures are milliseconds per report (best of `--repeat`).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

from jinja2 import Environment

from pbem.render import templating
from pbem.render.json_text import pretty_json
from pbem.render.report import REPORT_SCHEMA, render_html, render_text
from tests.reports.samples import GAMES, bundle


def main() -> None:
    """Print each game's per-report figures, and the ratios to the baseline."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    for game in args.games.split(","):
        figures = measure(game, args.repeat)
        print(json.dumps(figures) if args.json else _line(figures))


def measure(game: str, repeat: int) -> dict[str, Any]:
    """The game's sample report: ms per JSON, HTML and text report, ours and the baseline."""
    made = bundle(game)
    head, view = made.head, made.view
    value = {"schema": REPORT_SCHEMA, **head, "view": view}
    plain_json = lambda: json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)  # noqa: E731
    ours_json = lambda: pretty_json(value)  # noqa: E731
    assert ours_json() == plain_json()
    html = lambda: render_html(head, view)  # noqa: E731
    text = lambda: render_text(head, view)  # noqa: E731
    ours = {"json": _best(ours_json, repeat), "html": _best(html, repeat),
            "text": _best(text, repeat)}
    shown = html(), text()
    with _JinjaOwnEnvironment():
        assert (html(), text()) == shown
        plain = {"json": _best(plain_json, repeat), "html": _best(html, repeat),
                 "text": _best(text, repeat)}
    return {"game": game, "ms": ours, "baseline_ms": plain,
            "ratio": {k: round(ours[k] / plain[k], 2) for k in ours}}


class _JinjaOwnEnvironment:
    """The report templates rendered by Jinja2's own Environment while inside."""

    def __enter__(self) -> None:
        ours = templating.environment()
        plain = Environment(loader=ours.loader, autoescape=ours.autoescape,
                            undefined=ours.undefined, keep_trailing_newline=True,
                            trim_blocks=True, lstrip_blocks=True, auto_reload=False)
        plain.filters.update(ours.filters)
        self.saved = templating._template
        templating._template = lambda name: plain.get_template(name)  # type: ignore[assignment]

    def __exit__(self, *_: object) -> None:
        templating._template = self.saved


def _best(work: Callable[[], Any], repeat: int) -> float:
    """The fastest of `repeat` runs, in milliseconds."""
    work()  # compiled and warm
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return round(min(times) * 1000, 3)


def _line(figures: dict[str, Any]) -> str:
    ours, plain, ratio = figures["ms"], figures["baseline_ms"], figures["ratio"]
    parts = [f"{k} {ours[k]:.2f} ms (baseline {plain[k]:.2f}, x{ratio[k]})" for k in ours]
    return f"{figures['game']:16} " + "; ".join(parts)


if __name__ == "__main__":
    main()

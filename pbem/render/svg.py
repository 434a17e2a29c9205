"""Draw a board Picture as a self-contained SVG document for the archive."""

from __future__ import annotations

import re
from xml.sax.saxutils import escape, quoteattr

from pbem.core.board import Picture
from pbem.render.palette import PAPER
from pbem.render.scene import Item, PatternFill, Scene, Shape, Text, build_scene

FONT_FAMILY = "DejaVu Sans, Verdana, Arial, sans-serif"
# Characters XML 1.0 forbids even when escaped; player-supplied names may carry them.
_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def clean(text: str) -> str:
    """Escape text for XML content and drop characters XML cannot hold."""
    return escape(_FORBIDDEN.sub("", text))


def attr(value: str) -> str:
    """Return a quoted, escaped XML attribute value."""
    return quoteattr(_FORBIDDEN.sub("", value))


def num(value: float) -> str:
    """Format a coordinate compactly and deterministically."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def render_svg(picture: Picture) -> str:
    """Return a standalone SVG drawing of `picture` (no scripts, no external resources)."""
    scene = build_scene(picture)
    width, height = num(scene.width), num(scene.height)
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family={attr(FONT_FAMILY)}>'
    )
    parts = [head, f"<title>{clean(scene.title)}</title>", _defs(scene)]
    parts += [_item(item) for item in scene.items]
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _defs(scene: Scene) -> str:
    patterns = [_pattern(fill) for _, fill in sorted(scene.patterns.items())]
    return "<defs>" + "".join(patterns) + "</defs>"


def _pattern(fill: PatternFill) -> str:
    p = fill.pattern
    size = num(p.size)
    paint = f'stroke="{fill.colour}" stroke-width="{num(p.width)}" stroke-opacity="{fill.opacity}"'
    lines = [
        f'<line x1="{num(a)}" y1="{num(b)}" x2="{num(c)}" y2="{num(d)}" {paint}/>'
        for a, b, c, d in p.lines
    ]
    dots = [
        f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" fill="{fill.colour}" '
        f'fill-opacity="{fill.opacity}"/>'
        for x, y, r in p.dots
    ]
    return (
        f'<pattern id="{fill.key}" patternUnits="userSpaceOnUse" width="{size}" height="{size}">'
        + "".join(lines + dots)
        + "</pattern>"
    )


def _item(item: Item) -> str:
    return _text(item) if isinstance(item, Text) else _shape(item)


def _common(role: str, data: tuple[tuple[str, str], ...]) -> str:
    parts = [f"class={attr(role)}"] if role else []
    parts += [f"data-{key}={attr(value)}" for key, value in data]
    return " ".join(parts)


def _paint(shape: Shape) -> str:
    fill = f"url(#{shape.pattern})" if shape.pattern else (shape.fill or "none")
    parts = [f'fill="{fill}"']
    if shape.fill_opacity < 1.0 and not shape.pattern:
        parts.append(f'fill-opacity="{shape.fill_opacity}"')
    if shape.stroke:
        parts.append(f'stroke="{shape.stroke}" stroke-width="{num(shape.stroke_width)}"')
        parts.append('stroke-linejoin="round" stroke-linecap="round"')
    if shape.dash:
        parts.append(f'stroke-dasharray="{num(shape.dash[0])} {num(shape.dash[1])}"')
    return " ".join(parts)


def _shape(shape: Shape) -> str:
    extra = _common(shape.role, shape.data)
    paint = _paint(shape)
    if shape.kind == "circle":
        (x, y), r = shape.points[0], shape.radius
        return f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" {paint} {extra}/>'.replace(
            " />", "/>"
        )
    points = " ".join(f"{num(x)},{num(y)}" for x, y in shape.points)
    return f'<{shape.kind} points="{points}" {paint} {extra}/>'.replace(" />", "/>")


def _text(text: Text) -> str:
    x, y = text.at
    parts = [
        f'x="{num(x)}" y="{num(y)}" font-size="{num(text.size)}"',
        f'text-anchor="{text.anchor}" dominant-baseline="central"',
    ]
    if text.bold:
        parts.append('font-weight="bold"')
    body = clean(text.text)
    # A white outline copy underneath keeps labels readable over hatching (paint-order is not
    # supported by every SVG viewer, so the halo is a separate element).
    halo = (
        f'<text {" ".join(parts)} fill="{PAPER}" stroke="{PAPER}" stroke-width="2.5" '
        f'stroke-linejoin="round" class="halo">{body}</text>'
        if text.halo
        else ""
    )
    extra = _common(text.role, text.data)
    parts.append(f'fill="{text.fill}"' + (f" {extra}" if extra else ""))
    return f"{halo}<text {' '.join(parts)}>{body}</text>"

"""A small HTML-to-text converter for order mail, built on html.parser.

Drops scripts, styles, the head, and quoted history (blockquote and the reply
containers common clients use); turns block elements and <br> into line breaks;
keeps <pre> text as written.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

_DROPPED_TAGS = frozenset({"script", "style", "head", "title", "blockquote", "template"})
_HISTORY_CLASSES = frozenset({"gmail_quote", "gmail_signature", "moz-cite-prefix", "yahoo_quoted"})
_HISTORY_IDS = frozenset({"mail-editor-reference-message-container"})
# Outlook puts these just before the unquoted original: everything after them is history.
_STOP_IDS = frozenset({"divrplyfwdmsg", "appendonsend"})
_BLOCK_TAGS = frozenset(
    {
        "address", "article", "aside", "dd", "div", "dl", "dt", "fieldset", "figure",
        "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li",
        "main", "nav", "ol", "p", "pre", "section", "table", "tr", "ul", "body", "html",
    }
)  # fmt: skip
_VOID_TAGS = frozenset({"br", "hr", "img", "meta", "link", "input", "wbr", "col", "area", "base"})
_SPACE_RUN = re.compile(r"[ \t\r\n\f]+")


class _TextCollector(HTMLParser):
    """Collects visible text, tracking skipped subtrees and <pre> regions."""

    def __init__(self) -> None:
        """Start with no text, nothing skipped, outside <pre>."""
        super().__init__(convert_charrefs=True)
        self.chunks: list[str] = []
        self.skip_tag: str | None = None
        self.skip_depth = 0
        self.pre_depth = 0
        self.stopped = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Open a tag: maybe start skipping, maybe break the line."""
        if self.skip_tag is not None:
            self.skip_depth += tag == self.skip_tag
            return
        if _attr(attrs, "id").lower() in _STOP_IDS:
            self.stopped = True
        if tag in _DROPPED_TAGS or _is_history(attrs):
            if tag not in _VOID_TAGS:
                self.skip_tag, self.skip_depth = tag, 1
            return
        self._start_visible(tag)

    def _start_visible(self, tag: str) -> None:
        """Line breaks and <pre> tracking for a tag whose content is shown."""
        if tag == "br":
            self.chunks.append("\n")
        elif tag in _BLOCK_TAGS:
            self._line_break()
        elif tag == "td" or tag == "th":
            self.chunks.append(" ")
        if tag == "pre":
            self.pre_depth += 1

    def handle_endtag(self, tag: str) -> None:
        """Close a tag: maybe stop skipping, maybe break the line."""
        if self.skip_tag is not None:
            if tag == self.skip_tag:
                self.skip_depth -= 1
                if self.skip_depth == 0:
                    self.skip_tag = None
            return
        if tag in _BLOCK_TAGS:
            self._line_break()
        if tag == "pre" and self.pre_depth:
            self.pre_depth -= 1

    def _line_break(self) -> None:
        """End the current line unless it is already ended (blocks do not stack blanks)."""
        for chunk in reversed(self.chunks):
            if chunk.strip(" "):
                if not chunk.endswith("\n"):
                    self.chunks.append("\n")
                return

    def handle_data(self, data: str) -> None:
        """Keep visible text; collapse blanks outside <pre>."""
        if self.skip_tag is not None or self.stopped:
            return
        if self.pre_depth:
            self.chunks.append(data.replace("\r\n", "\n"))
        else:
            self.chunks.append(_SPACE_RUN.sub(" ", data))


def _attr(attrs: list[tuple[str, str | None]], wanted: str) -> str:
    """The value of attribute `wanted`, or ""."""
    for name, value in attrs:
        if name == wanted and value:
            return value
    return ""


def _is_history(attrs: list[tuple[str, str | None]]) -> bool:
    """True for an element that mail clients use to wrap quoted history or signatures."""
    for name, value in attrs:
        if not value:
            continue
        if name == "class" and _HISTORY_CLASSES.intersection(value.lower().split()):
            return True
        if name == "id" and value.lower() in _HISTORY_IDS:
            return True
        if name == "type" and value.lower() == "cite":
            return True
    return False


def html_to_text(html: str) -> str:
    """Visible text of an HTML mail body, one block per line; never raises."""
    collector = _TextCollector()
    try:
        collector.feed(html)
        collector.close()
    except Exception:  # html.parser may still trip on pathological markup: keep what we have
        pass
    return _tidy_lines("".join(collector.chunks))


def _tidy_lines(text: str) -> str:
    """Trim each line and collapse runs of blank lines to one."""
    out: list[str] = []
    for line in text.split("\n"):
        line = line.strip(" ")
        if line or (out and out[-1]):
            out.append(line)
    while out and not out[-1]:
        out.pop()
    return "\n".join(out)

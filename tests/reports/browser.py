"""Headless Chromium driven over the DevTools protocol on a pipe (no websocket, no extra package).

Chromium's command line cannot make a window narrower than 500 px, so a phone's width is set by
device emulation: `Emulation.setDeviceMetricsOverride` with `mobile` honours the page's viewport
tag as a phone does. Messages are JSON, each ended by a NUL byte; Chromium reads fd 3 and writes
fd 4.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import select
import subprocess
import time
from pathlib import Path
from types import TracebackType
from typing import Any

from tests.reports.test_site import CHROMIUM_FLAGS, chromium

LOAD_SECONDS = 30.0


class BrowserError(RuntimeError):
    """Chromium answered a command with an error, or went away."""


class Browser:
    """One headless Chromium with one page; `open` loads a URL at a given viewport width."""

    def __init__(self, profile: Path) -> None:
        self._profile = profile
        self._buffer = b""
        self._next_id = 0
        self._events: list[dict[str, Any]] = []
        self._session = ""

    def __enter__(self) -> Browser:
        to_chrome, self._write = os.pipe()
        self._read, from_chrome = os.pipe()
        command = [chromium(), *CHROMIUM_FLAGS, f"--user-data-dir={self._profile}",
                   "--remote-debugging-pipe", "--hide-scrollbars", "about:blank"]
        self._process = subprocess.Popen(
            command, pass_fds=(3, 4), preexec_fn=lambda: _as_fds(to_chrome, from_chrome),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome)
        os.close(from_chrome)
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        attached = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})
        self._session = attached["sessionId"]
        self.send("Page.enable")
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        with contextlib.suppress(BrowserError, OSError):
            self.send("Browser.close", session=False)
        for fd in (self._write, self._read):
            os.close(fd)
        try:
            self._process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()

    def open(self, url: str, width: int, height: int = 900) -> None:
        """Load `url` in a viewport `width` CSS px wide (a phone's when under 500 px)."""
        metrics = {"width": width, "height": height, "deviceScaleFactor": 1,
                   "mobile": width < 500}
        self.send("Emulation.setDeviceMetricsOverride", metrics)
        self._events.clear()
        self.send("Page.navigate", {"url": url})
        self._wait_for("Page.loadEventFired")

    def evaluate(self, expression: str) -> Any:
        """The JSON value of a JavaScript expression run in the page (a test's probe)."""
        answer = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in answer:
            raise BrowserError(str(answer["exceptionDetails"]))
        return answer["result"].get("value")

    def screenshot(self, path: Path) -> None:
        """Write a PNG of the whole page, as tall as its content, at the viewport's width."""
        size = self.send("Page.getLayoutMetrics")["cssContentSize"]
        clip = {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1}
        shot = self.send("Page.captureScreenshot",
                         {"format": "png", "clip": clip, "captureBeyondViewport": True})
        path.write_bytes(base64.b64decode(shot["data"]))

    def send(self, method: str, params: dict[str, Any] | None = None,
             session: bool = True) -> dict[str, Any]:
        """Send one command and return its result (events that arrive meanwhile are kept)."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session and self._session:
            message["sessionId"] = self._session
        os.write(self._write, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._receive(time.monotonic() + LOAD_SECONDS)
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise BrowserError(f"{method}: {answer['error']}")
                return dict(answer.get("result", {}))
            self._events.append(answer)

    def _wait_for(self, event: str) -> None:
        deadline = time.monotonic() + LOAD_SECONDS
        while not any(e.get("method") == event for e in self._events):
            self._events.append(self._receive(deadline))

    def _receive(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._read], [], [], left)[0]:
                raise BrowserError("chromium did not answer in time")
            chunk = os.read(self._read, 1 << 16)
            if not chunk:
                raise BrowserError("chromium closed the pipe")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        return dict(json.loads(raw))


def _as_fds(to_chrome: int, from_chrome: int) -> None:
    """In the child: the pipe ends where Chromium looks for them."""
    os.dup2(to_chrome, 3)
    os.dup2(from_chrome, 4)

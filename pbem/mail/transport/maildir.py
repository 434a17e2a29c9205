"""MaildirSource: read new mail from a local Maildir with stable numeric UIDs.

A Maildir has no UIDs, so pbem keeps two small files in the Maildir's top directory
(beside new/, cur/ and tmp/, where mail readers ignore them):

``.pbem-uids``
    Append-only lines ``<uid>\\t<key>``: every message key pbem has seen, with the UID it
    got. A key is a file name up to its ``:2,FLAGS`` suffix, so it survives the move from
    new/ to cur/ and flag changes. UIDs only grow; new keys are numbered in delivery
    (mtime) order. Deleted messages leave their line behind, so UIDs are never reused.
``.pbem-uidvalidity``
    One number, created together with the UID file. If the UID file is lost, the next run
    starts numbering afresh under a new, larger UIDVALIDITY, so callers notice the change
    and de-duplicate by Message-ID instead of skipping mail.

Both files are changed only while holding an fcntl lock on ``.pbem-lock``, so several
``pbem`` processes may read the same Maildir. pbem needs write access to the directory.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import TracebackType

from pbem.mail.transport.errors import SourceError
from pbem.mail.transport.sources import DEFAULT_BATCH, FetchBatch, select_new
from pbem.mail.transport.urls import ServerUrl

UIDS_FILE = ".pbem-uids"
UIDVALIDITY_FILE = ".pbem-uidvalidity"
LOCK_FILE = ".pbem-lock"
INFO_SEPARATOR = ":"
SEEN_FLAG = "S"


class MaildirSource:
    """A MailSource over a local Maildir's new/ and cur/ folders."""

    def __init__(self, path: str | os.PathLike[str], batch: int = DEFAULT_BATCH) -> None:
        self.path = Path(os.path.abspath(os.path.expanduser(os.fspath(path))))
        self.batch = max(1, batch)
        for sub in ("new", "cur"):
            if not (self.path / sub).is_dir():
                raise SourceError(f"{self.path} is not a Maildir (no {sub}/)", "maildir.E_MISSING")

    @property
    def identity(self) -> str:
        """maildir:///absolute/path."""
        return ServerUrl(scheme="maildir", path=str(self.path)).identity()

    def __repr__(self) -> str:
        return f"MaildirSource({str(self.path)!r})"

    def fetch_new(self, after_uid: int | None, uidvalidity: int | None) -> FetchBatch:
        """Messages with UID > after_uid (or all, when the UIDVALIDITY changed)."""
        files = self._scan()
        with self._locked():
            validity, uid_of = self._numbered(files)
        changed = uidvalidity is not None and uidvalidity != validity
        floor = 0 if changed or after_uid is None else after_uid
        key_of = {uid_of[key]: key for key in files}
        uids, more = select_new(list(key_of), floor, self.batch)
        read = ((uid, self._read(key_of[uid], files[key_of[uid]])) for uid in uids)
        messages = [(uid, raw) for uid, raw in read if raw is not None]
        return FetchBatch(validity, messages, changed, more)

    def has_new(self, after_uid: int | None, uidvalidity: int | None) -> bool:
        """Whether fetch_new would return any message or number a new one; changes nothing."""
        if not (self.path / UIDS_FILE).exists():
            return True  # fetch_new would start numbering
        files = self._scan()
        with self._locked():
            validity = _read_uidvalidity(self.path)
            uid_of = _read_uid_map(self.path / UIDS_FILE)[0]
        if uidvalidity is not None and uidvalidity != validity:
            return True
        floor = after_uid or 0
        return any(key not in uid_of or uid_of[key] > floor for key in files)

    def mark_processed(self, uids: Sequence[int]) -> None:
        """Move messages to cur/ with the Seen flag, as a mail reader would."""
        wanted = set(uids)
        with self._locked():
            uid_of = _read_uid_map(self.path / UIDS_FILE)[0]
        for key, path in sorted(self._scan().items()):
            if uid_of.get(key) in wanted:
                _mark_seen(self.path, key, path)

    def close(self) -> None:
        """Nothing to release: files are opened and locked per call."""

    def __enter__(self) -> MaildirSource:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # ----- internals -----------------------------------------------------------------

    def _scan(self) -> dict[str, Path]:
        """Message key -> current file, over new/ and cur/."""
        found: dict[str, Path] = {}
        for sub in ("new", "cur"):
            with os.scandir(self.path / sub) as entries:
                for entry in entries:
                    if not entry.name.startswith(".") and entry.is_file():
                        found[message_key(entry.name)] = Path(entry.path)
        return found

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        """Hold the exclusive lock that guards the UID files."""
        try:
            handle = open(self.path / LOCK_FILE, "a")  # noqa: SIM115 - held across yield
        except OSError as exc:
            raise SourceError(f"cannot lock {self.path}: {exc.strerror}", "maildir.E_LOCK") from exc
        with handle:
            fcntl.flock(handle, fcntl.LOCK_EX)
            yield

    def _numbered(self, files: dict[str, Path]) -> tuple[int, dict[str, int]]:
        """The UIDVALIDITY and the key -> UID map, numbering keys seen for the first time."""
        uids_path = self.path / UIDS_FILE
        if not uids_path.exists():
            _start_numbering(self.path)
        validity = _read_uidvalidity(self.path)
        uid_of, complete = _read_uid_map(uids_path)
        fresh = sorted((key for key in files if key not in uid_of), key=_delivery_order(files))
        if fresh:
            next_uid = max(uid_of.values(), default=0) + 1
            added = {key: next_uid + index for index, key in enumerate(fresh)}
            _append_uids(uids_path, added, complete)
            uid_of.update(added)
        return validity, uid_of

    def _read(self, key: str, path: Path) -> bytes | None:
        """A message's bytes; looks again if a mail reader moved it meanwhile."""
        try:
            return path.read_bytes()
        except FileNotFoundError:
            moved = self._scan().get(key)
        if moved is None:
            return None
        with contextlib.suppress(FileNotFoundError):
            return moved.read_bytes()
        return None


def message_key(name: str) -> str:
    """The stable part of a Maildir file name: everything before ':2,FLAGS'."""
    return name.split(INFO_SEPARATOR, 1)[0]


def _delivery_order(files: dict[str, Path]) -> Callable[[str], tuple[int, str]]:
    """Sort key for new messages: file mtime, then name."""

    def order(key: str) -> tuple[int, str]:
        """(mtime in ns, key) of one message."""
        try:
            return files[key].stat().st_mtime_ns, key
        except OSError:
            return 0, key

    return order


def _start_numbering(root: Path) -> None:
    """Create an empty UID file and a UIDVALIDITY larger than any earlier one."""
    previous = _read_uidvalidity(root, missing_ok=True)
    validity = max(int(time.time()), previous + 1) & 0xFFFFFFFF or 1
    _write_atomically(root / UIDVALIDITY_FILE, f"{validity}\n")
    _write_atomically(root / UIDS_FILE, "")


def _read_uidvalidity(root: Path, missing_ok: bool = False) -> int:
    """The stored UIDVALIDITY (0 when missing and missing_ok)."""
    try:
        return int((root / UIDVALIDITY_FILE).read_text().strip())
    except FileNotFoundError:
        if missing_ok:
            return 0
        raise SourceError(f"{root} lost its {UIDVALIDITY_FILE}", "maildir.E_STATE") from None
    except ValueError as exc:
        raise SourceError(f"{root}/{UIDVALIDITY_FILE} is damaged", "maildir.E_STATE") from exc


def _read_uid_map(path: Path) -> tuple[dict[str, int], bool]:
    """The key -> UID map, and whether the file ends with a newline (no torn last line)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}, True
    uid_of: dict[str, int] = {}
    for line in text.splitlines():
        uid_text, _, key = line.partition("\t")
        if uid_text.isdigit() and key:
            uid_of[key] = int(uid_text)
    return uid_of, text == "" or text.endswith("\n")


def _append_uids(path: Path, added: dict[str, int], complete: bool) -> None:
    """Append new key lines durably; starts on a fresh line after a torn write."""
    lines = "".join(f"{uid}\t{key}\n" for key, uid in added.items())
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(lines if complete else "\n" + lines)
        handle.flush()
        os.fsync(handle.fileno())


def _write_atomically(path: Path, text: str) -> None:
    """Replace a small file in one step."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, path)


def _mark_seen(root: Path, key: str, path: Path) -> None:
    """Rename a message into cur/ with the S flag added to its info suffix."""
    _, _, info = path.name.partition(INFO_SEPARATOR)
    flags = info[2:] if info.startswith("2,") else ""
    if path.parent.name == "cur" and SEEN_FLAG in flags:
        return
    new_flags = "".join(sorted(set(flags) | {SEEN_FLAG}))
    with contextlib.suppress(FileNotFoundError):
        os.rename(path, root / "cur" / f"{key}{INFO_SEPARATOR}2,{new_flags}")

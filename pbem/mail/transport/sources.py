"""Where incoming mail comes from: the MailSource protocol and FetchBatch (open one with
pbem.mail.transport.mailbox.open_source).

A source hands out raw messages with numeric UIDs that only grow within one UIDVALIDITY.
The caller remembers (uidvalidity, last uid) per source identity and asks for what is newer.
When the UIDVALIDITY changes (a server migration, a rebuilt mailbox), the old UIDs mean
nothing any more: the source then returns the mailbox from the start, flags the batch with
`uidvalidity_changed`, and the caller de-duplicates by Message-ID or digest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from types import TracebackType
from typing import Protocol, runtime_checkable

DEFAULT_BATCH = 200


@dataclass(frozen=True)
class FetchBatch:
    """Messages newer than the caller's last UID, sorted by UID, at most one batch long."""

    uidvalidity: int
    messages: list[tuple[int, bytes]] = field(default_factory=list)
    uidvalidity_changed: bool = False
    has_more: bool = False

    @property
    def last_uid(self) -> int | None:
        """The highest UID in this batch, or None when it is empty."""
        return self.messages[-1][0] if self.messages else None


@runtime_checkable
class MailSource(Protocol):
    """A mailbox that hands out new raw messages by UID."""

    @property
    def identity(self) -> str:
        """A stable key for the mailbox, without password (e.g. imap://u@host:143/INBOX)."""
        ...

    def fetch_new(self, after_uid: int | None, uidvalidity: int | None) -> FetchBatch:
        """Messages with UID > after_uid (all when None or when UIDVALIDITY changed)."""
        ...

    def mark_processed(self, uids: Sequence[int]) -> None:
        """Flag messages as handled on the server (optional bookkeeping for humans)."""
        ...

    def close(self) -> None:
        """Release connections and locks."""
        ...

    def __enter__(self) -> MailSource: ...

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...


def select_new(uids: Sequence[int], after_uid: int | None, batch: int) -> tuple[list[int], bool]:
    """The sorted UIDs above after_uid, cut to `batch`; also whether more remain."""
    floor = after_uid or 0
    newer = sorted({uid for uid in uids if uid > floor})
    return newer[:batch], len(newer) > batch

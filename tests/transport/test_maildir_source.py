"""MaildirSource: stable UIDs over new/ and cur/, batches, UIDVALIDITY, processed flags."""

from __future__ import annotations

import mailbox
import multiprocessing
import os
from pathlib import Path

import pytest

from pbem.mail.transport.errors import SourceError
from pbem.mail.transport.mailbox import open_source
from pbem.mail.transport.maildir import UIDS_FILE, UIDVALIDITY_FILE, MaildirSource
from pbem.mail.transport.sources import MailSource


def raw_message(number: int) -> bytes:
    """A small message whose Message-ID names its number."""
    return (
        f"From: player{number}@example.org\r\nTo: referee@example.org\r\n"
        f"Subject: orders {number}\r\nMessage-ID: <m{number}@example.org>\r\n\r\n"
        f"move {number}\r\n"
    ).encode()


@pytest.fixture()
def maildir(tmp_path: Path) -> mailbox.Maildir:
    return mailbox.Maildir(tmp_path / "Maildir", create=True)


def deliver(box: mailbox.Maildir, numbers: range, first_mtime: int = 1_700_000_000) -> list[str]:
    """Add messages in order, giving each a later mtime than the one before."""
    keys = []
    for offset, number in enumerate(numbers):
        key = box.add(raw_message(number))
        path = Path(box._path) / "new" / key
        os.utime(path, (first_mtime + number + offset, first_mtime + number + offset))
        keys.append(key)
    return keys


def numbers_in(batch_messages: list[tuple[int, bytes]]) -> list[int]:
    """Which raw_message numbers a batch holds, in order."""
    return [int(raw.split(b"<m", 1)[1].split(b"@", 1)[0]) for _uid, raw in batch_messages]


def test_first_fetch_numbers_messages_in_delivery_order(maildir: mailbox.Maildir) -> None:
    deliver(maildir, range(1, 4))
    with MaildirSource(maildir._path) as source:
        batch = source.fetch_new(None, None)
    assert [uid for uid, _ in batch.messages] == [1, 2, 3]
    assert numbers_in(batch.messages) == [1, 2, 3]
    assert batch.messages[0][1] == raw_message(1)
    assert batch.uidvalidity > 0 and not batch.uidvalidity_changed and not batch.has_more


def test_only_newer_messages_after_a_uid(maildir: mailbox.Maildir) -> None:
    deliver(maildir, range(1, 3))
    source = MaildirSource(maildir._path)
    first = source.fetch_new(None, None)
    deliver(maildir, range(3, 5))
    second = source.fetch_new(first.last_uid, first.uidvalidity)
    assert [uid for uid, _ in second.messages] == [3, 4]
    assert numbers_in(second.messages) == [3, 4]
    assert source.fetch_new(second.last_uid, first.uidvalidity).messages == []


def test_uids_survive_new_runs_moves_to_cur_and_deletions(maildir: mailbox.Maildir) -> None:
    keys = deliver(maildir, range(1, 4))
    path = maildir._path
    before = MaildirSource(path).fetch_new(None, None)
    message = maildir[keys[0]]
    message.set_subdir("cur")
    message.add_flag("RS")
    maildir[keys[0]] = message
    maildir.remove(keys[2])
    deliver(maildir, range(4, 5), first_mtime=1_600_000_000)  # older mtime, still new
    after = MaildirSource(path).fetch_new(None, before.uidvalidity)
    assert after.uidvalidity == before.uidvalidity and not after.uidvalidity_changed
    uids = [uid for uid, _ in after.messages]
    assert list(zip(uids, numbers_in(after.messages), strict=True)) == [(1, 1), (2, 2), (4, 4)]


def test_new_messages_are_numbered_by_mtime_not_name(maildir: mailbox.Maildir) -> None:
    keys = deliver(maildir, range(1, 4))
    for age, key in enumerate(keys):  # the first added is now the newest
        stamp = 1_700_000_000 - age * 60
        os.utime(Path(maildir._path) / "new" / key, (stamp, stamp))
    batch = MaildirSource(maildir._path).fetch_new(None, None)
    assert numbers_in(batch.messages) == [3, 2, 1]


def test_batches_are_limited_and_report_more(maildir: mailbox.Maildir) -> None:
    deliver(maildir, range(1, 6))
    source = MaildirSource(maildir._path, batch=2)
    seen: list[int] = []
    last: int | None = None
    while True:
        batch = source.fetch_new(last, None)
        assert len(batch.messages) <= 2
        seen += [uid for uid, _ in batch.messages]
        last = batch.last_uid or last
        if not batch.has_more:
            break
    assert seen == [1, 2, 3, 4, 5]


def test_lost_uid_file_means_new_uidvalidity(maildir: mailbox.Maildir) -> None:
    deliver(maildir, range(1, 3))
    root = Path(maildir._path)
    old = MaildirSource(root).fetch_new(None, None)
    (root / UIDS_FILE).unlink()
    again = MaildirSource(root).fetch_new(old.last_uid, old.uidvalidity)
    assert again.uidvalidity_changed
    assert again.uidvalidity > old.uidvalidity
    assert numbers_in(again.messages) == [1, 2]
    assert int((root / UIDVALIDITY_FILE).read_text()) == again.uidvalidity


def test_torn_last_line_in_uid_file_is_tolerated(maildir: mailbox.Maildir) -> None:
    deliver(maildir, range(1, 3))
    root = Path(maildir._path)
    MaildirSource(root).fetch_new(None, None)
    with open(root / UIDS_FILE, "a") as handle:
        handle.write("3\tpartial-key-without-newline")
    deliver(maildir, range(3, 4))
    batch = MaildirSource(root).fetch_new(2, None)
    assert [uid for uid, _ in batch.messages] == [4]
    lines = (root / UIDS_FILE).read_text().splitlines()
    assert lines[-2] == "3\tpartial-key-without-newline"
    assert lines[-1].startswith("4\t")


def test_mark_processed_moves_to_cur_with_seen_flag(maildir: mailbox.Maildir) -> None:
    keys = deliver(maildir, range(1, 3))
    source = MaildirSource(maildir._path)
    batch = source.fetch_new(None, None)
    source.mark_processed([batch.messages[0][0]])
    first, second = maildir.get_message(keys[0]), maildir.get_message(keys[1])
    assert (first.get_subdir(), first.get_flags()) == ("cur", "S")
    assert (second.get_subdir(), second.get_flags()) == ("new", "")
    assert source.fetch_new(None, batch.uidvalidity).messages == batch.messages


def test_not_a_maildir_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(SourceError) as caught:
        MaildirSource(tmp_path / "nothing")
    assert caught.value.code == "maildir.E_MISSING"


def test_open_source_builds_a_maildir_source(maildir: mailbox.Maildir) -> None:
    path = maildir._path
    source = open_source(f"maildir://{path}")
    assert isinstance(source, MaildirSource)
    assert isinstance(source, MailSource)
    assert source.identity == f"maildir://{path}"


def _numbering_seen_by(path: str) -> list[tuple[int, bytes]]:
    """Run in a separate process: one fresh source's view of the Maildir."""
    return MaildirSource(path, batch=1000).fetch_new(None, None).messages


@pytest.mark.subprocess
def test_parallel_runs_agree_on_uids(maildir: mailbox.Maildir) -> None:
    deliver(maildir, range(1, 41))
    path = str(maildir._path)
    with multiprocessing.get_context("spawn").Pool(4) as pool:
        views = pool.map(_numbering_seen_by, [path] * 8)
    assert all(view == views[0] for view in views)
    assert [uid for uid, _ in views[0]] == list(range(1, 41))
    assert len((Path(path) / UIDS_FILE).read_text().splitlines()) == 40


def test_has_new_answers_as_fetch_new_would_and_changes_nothing(
    maildir: mailbox.Maildir,
) -> None:
    deliver(maildir, range(1, 3))
    root = Path(maildir._path)
    with MaildirSource(root) as source:
        assert source.has_new(0, None)  # nothing numbered yet
        assert not (root / UIDS_FILE).exists()  # ... and asking numbered nothing
        batch = source.fetch_new(None, None)
        assert batch.last_uid is not None
        assert not source.has_new(batch.last_uid, batch.uidvalidity)
        assert source.has_new(batch.last_uid - 1, batch.uidvalidity)
        assert source.has_new(batch.last_uid, batch.uidvalidity + 1)
        deliver(maildir, range(3, 4))
        numbered = (root / UIDS_FILE).read_text()
        assert source.has_new(batch.last_uid, batch.uidvalidity)  # a key not numbered yet
        assert (root / UIDS_FILE).read_text() == numbered
        assert numbers_in(source.fetch_new(batch.last_uid, batch.uidvalidity).messages) == [3]

"""The mail protocols' floor: fetch a mailbox with imapclient, send N mails with aiosmtplib.

Run in a fresh interpreter by the busy-tick benchmark, with the same messages and the same
number and sizes of mails that the tick moved, so `tick / floor` is what pbem adds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import time
from email.message import EmailMessage

import aiosmtplib
from imapclient import IMAPClient

FETCH_BATCH = 200


def fetch_all(host: str, port: int, user: str, password: str, last: int = 0) -> int:
    """Fetch every message's bytes (or the `last` newest) in batches, as a reader would;
    return the bytes read."""
    client = IMAPClient(host, port=port, ssl=False, timeout=60)
    total = 0
    try:
        client.login(user, password)
        client.select_folder("INBOX", readonly=True)
        uids = sorted(client.search(["ALL"]))
        uids = uids[-last:] if last else uids
        for start in range(0, len(uids), FETCH_BATCH):
            fetched = client.fetch(uids[start : start + FETCH_BATCH], ["BODY.PEEK[]"])
            total += sum(len(data[b"BODY[]"]) for data in fetched.values())
    finally:
        client.logout()
    return total


def padded_message(number: int, size: int) -> EmailMessage:
    """A plain mail of about `size` bytes."""
    message = EmailMessage()
    message["From"] = "referee@localhost"
    message["To"] = f"sink+floor{number}@localhost"
    message["Subject"] = f"floor {number}"
    line = "x" * 76 + "\n"
    message.set_content(line * max(1, size // len(line)))
    return message


async def send_all(host: str, port: int, sizes: list[int]) -> None:
    """Send one mail per size over a single SMTP connection."""
    client = aiosmtplib.SMTP(hostname=host, port=port, start_tls=False, timeout=60)
    await client.connect()
    try:
        for number, size in enumerate(sizes):
            await client.send_message(padded_message(number, size))
    finally:
        await client.quit()


def main() -> None:
    """Parse arguments, fetch, send, and print the seconds of each half as JSON."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--imap-port", type=int, required=True)
    parser.add_argument("--smtp-port", type=int, required=True)
    parser.add_argument("--user", required=True)
    parser.add_argument("--password", required=True)
    parser.add_argument("--sizes", required=True, help="a JSON file holding a list of sizes")
    parser.add_argument("--last", type=int, default=0, help="fetch only the newest N messages")
    args = parser.parse_args()
    with open(args.sizes, encoding="utf-8") as handle:
        sizes = [int(s) for s in json.load(handle)]
    start = time.perf_counter()
    read = fetch_all("127.0.0.1", args.imap_port, args.user, args.password, args.last)
    fetched = time.perf_counter()
    asyncio.run(send_all("127.0.0.1", args.smtp_port, sizes))
    sent = time.perf_counter()
    spent = os.times()
    print(json.dumps({
        "fetch_s": fetched - start, "send_s": sent - fetched, "bytes_read": read,
        "cpu_s": spent.user + spent.system,
    }))  # fmt: skip


if __name__ == "__main__":
    main()

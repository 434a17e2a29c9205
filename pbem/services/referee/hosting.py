"""What `pbem init` writes for a host: pbem.toml with the mail settings, secrets in 0600 files.

The mail server URLs carry passwords, so pbem.toml names them (`imap_url_file`) instead of
holding them; the files sit in `secrets/` beside it, readable by the pbem user only. A cron job
or a systemd unit that runs in the directory then needs no exported variables.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

SECRETS = "secrets"


@dataclass(frozen=True)
class MailSetup:
    """The mail settings given to `pbem init` (empty strings: not given)."""

    referee_address: str = ""
    imap_url: str = ""
    smtp_url: str = ""


def write_secret(directory: Path, name: str, value: str) -> Path:
    """Write one secret to `directory/secrets/name`, mode 0600 in a 0700 folder."""
    folder = directory / SECRETS
    folder.mkdir(mode=0o700, exist_ok=True)
    folder.chmod(0o700)
    path = folder / name
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        handle.write(value.strip() + "\n")
    path.chmod(0o600)
    return path


def config_text(sample: str, database_url: str, mail: MailSetup) -> str:
    """The sample pbem.toml with the ledger's URL and the mail settings filled in."""
    text = sample.replace('url = "sqlite:///pbem.db"', f'url = "{database_url}"')
    if mail.referee_address:
        text = text.replace(
            'referee_address = "referee@example.org"',
            f"referee_address = {json.dumps(mail.referee_address)}",
        )
    for key, value in (("imap_url", mail.imap_url), ("smtp_url", mail.smtp_url)):
        if value:
            text = _uncomment(text, key, f'{key}_file = "{SECRETS}/{key}"   # mode 0600')
    return text


def _uncomment(text: str, key: str, line: str) -> str:
    lines = text.splitlines(keepends=True)
    for index, old in enumerate(lines):
        if old.startswith(f"# {key} = "):
            lines[index] = line + "\n"
            return "".join(lines)
    return text.replace("[mail]\n", f"[mail]\n{line}\n", 1)


def write_mail_secrets(directory: Path, mail: MailSetup) -> list[Path]:
    """Write the given mail URLs to their secret files; return the files written."""
    written = []
    for key, value in (("imap_url", mail.imap_url), ("smtp_url", mail.smtp_url)):
        if value:
            written.append(write_secret(directory, key, value))
    return written

"""The host setup in cron/: systemd units that verify, and a real crontab line run as cron would.

cron runs its command with `/bin/sh`, HOME and LOGNAME of the user, SHELL=/bin/sh and
PATH=/usr/bin:/bin, and nothing else. The crontab line is taken from cron/crontab as shipped,
with only /srv/pbem and /var/log/pbem moved into a temporary directory.
"""

from __future__ import annotations

import email
import os
import re
import shutil
import subprocess
import sys
from email.policy import default
from pathlib import Path

import pytest

from pbem.sandbox.mailstack import MailStack
from tests.conftest import service_unavailable

REPO = Path(__file__).resolve().parents[2]
CRON = REPO / "cron"
VENV = Path(sys.prefix)
PBEM = VENV / "bin" / "pbem"
CRON_ENV = {"PATH": "/usr/bin:/bin", "SHELL": "/bin/sh"}


def systemd_analyze() -> str:
    """The systemd-analyze binary, or skip/fail as the service policy says."""
    found = shutil.which("systemd-analyze")
    if found is None:
        service_unavailable("systemd-analyze is missing (apt-get install -y systemd)")
    return str(found)


def _units_in(tmp_path: Path) -> list[Path]:
    """The shipped units with /srv/pbem pointing at a real directory and the real pbem."""
    home = tmp_path / "srv"
    home.mkdir()
    units = []
    for name in ("pbem-tick.service", "pbem-tick.timer"):
        text = (CRON / name).read_text(encoding="utf-8")
        text = text.replace("/srv/pbem/.venv/bin/pbem", str(PBEM)).replace("/srv/pbem", str(home))
        (tmp_path / name).write_text(text, encoding="utf-8")
        units.append(tmp_path / name)
    return units


@pytest.mark.subprocess
def test_the_systemd_units_verify_cleanly(tmp_path: Path) -> None:
    units = _units_in(tmp_path)
    done = subprocess.run(
        [systemd_analyze(), "verify", *map(str, units)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Unknown key" not in done.stderr and "Unknown section" not in done.stderr, done.stderr


@pytest.mark.subprocess
def test_the_service_is_hardened(tmp_path: Path) -> None:
    service = (CRON / "pbem-tick.service").read_text(encoding="utf-8")
    for line in (
        "NoNewPrivileges=yes",
        "ProtectSystem=strict",
        "ReadWritePaths=/srv/pbem",
        "ProtectHome=yes",
        "PrivateTmp=yes",
        "CapabilityBoundingSet=",
        "User=pbem",
    ):
        assert re.search(rf"^{re.escape(line)}$", service, re.M), line
    unit = _units_in(tmp_path)[0]
    done = subprocess.run(
        [systemd_analyze(), "security", "--offline=true", str(unit)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    found = re.search(r"Overall exposure level for \S+: ([0-9.]+)", done.stdout + done.stderr)
    assert found is not None, done.stdout + done.stderr
    assert float(found.group(1)) <= 2.0  # systemd's own scale: 0 safe .. 10 exposed


def _cron_command(home: Path, logs: Path) -> str:
    lines = [x for x in (CRON / "crontab").read_text().splitlines() if x and not x.startswith("#")]
    assert len(lines) == 1
    fields = lines[0].split(None, 5)
    assert fields[:5] == ["*", "*", "*", "*", "*"]  # every minute
    return fields[5].replace("/srv/pbem", str(home)).replace("/var/log/pbem", str(logs))


def _cron_run(command: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**CRON_ENV, "HOME": str(home), "LOGNAME": "pbem"}
    return subprocess.run(
        ["/usr/bin/env", "-i", *[f"{k}={v}" for k, v in env.items()], "/bin/sh", "-c", command],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.mark.subprocess
@pytest.mark.slow
@pytest.mark.services
def test_a_real_crontab_line_ticks_with_no_exported_variable(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    home, logs = tmp_path / "srv", tmp_path / "log"
    logs.mkdir()
    referee, players = mail_stack.fresh_user(), [mail_stack.fresh_user() for _ in range(3)]
    setup = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        "PBEM_IMAP_URL": mail_stack.imap_url(referee),
        "PBEM_SMTP_URL": mail_stack.smtp_url(),
    }
    init = subprocess.run(
        [str(PBEM), "init", str(home), "--referee-address", f"{referee}@localhost"],
        env=setup,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert init.returncode == 0, init.stdout + init.stderr
    assert (home / "secrets" / "imap_url").stat().st_mode & 0o777 == 0o600
    assert mail_stack.imap_url(referee) not in (home / "pbem.toml").read_text()
    (home / ".venv").symlink_to(VENV)
    create = [
        str(PBEM),
        "campaign",
        "create",
        "spring",
        "--game",
        "mighty-kingdoms",
        *[x for p in players for x in ("--player", f"{p.title()} <{p}@localhost>")],
    ]
    made = subprocess.run(
        create,
        cwd=home,
        env={"PATH": "/usr/bin:/bin", "HOME": str(home)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert made.returncode == 0, made.stdout + made.stderr
    done = _cron_run(_cron_command(home, logs), home)
    assert done.returncode == 0, (logs / "tick.log").read_text() if logs.exists() else done
    for player in players:
        got = [email.message_from_bytes(raw, policy=default) for raw in mail_stack.messages(player)]
        assert any("Welcome" in str(m["Subject"]) for m in got), player
    assert (logs / "tick.log").stat().st_size > 0


def test_init_text_loads_with_secrets_from_their_files(tmp_path: Path) -> None:
    from pbem.config import SAMPLE_CONFIG, load_settings
    from pbem.services.referee.hosting import MailSetup, config_text, write_mail_secrets

    mail = MailSetup('ref"eree@example.org', "imap://r:pw@127.0.0.1/INBOX", "smtp://r:pw@h:25")
    (tmp_path / "pbem.toml").write_text(config_text(SAMPLE_CONFIG, "sqlite:///x.db", mail))
    written = write_mail_secrets(tmp_path, mail)
    assert [p.name for p in written] == ["imap_url", "smtp_url"]
    assert all(p.stat().st_mode & 0o777 == 0o600 for p in written)
    assert (tmp_path / "secrets").stat().st_mode & 0o777 == 0o700
    assert "pw@" not in (tmp_path / "pbem.toml").read_text()
    settings = load_settings(str(tmp_path / "pbem.toml"))
    assert settings.imap_url.value == mail.imap_url and settings.smtp_url.value == mail.smtp_url
    assert settings.referee_address == mail.referee_address

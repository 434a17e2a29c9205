"""A private Dovecot (IMAP, IMAPS, LMTP) plus an aiosmtpd relay on loopback, for tests.

The relay accepts SMTP (plain with optional STARTTLS, and implicit TLS) and hands every
recipient to Dovecot over LMTP in its own transaction, so a message is stored before the
SMTP 250 returns and a test can read it back at once over IMAP.
"""

from __future__ import annotations

import asyncio
import contextlib
import grp
import os
import pwd
import shutil
import signal
import smtplib
import socket
import ssl
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from string import Template
from typing import Any
from urllib.parse import quote

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, AuthResult, Envelope, LoginPassword, Session
from imapclient import IMAPClient

DOVECOT = "dovecot"
DOVEADM = "doveadm"
OPENSSL = "openssl"
START_TIMEOUT = 10.0
START_TRIES = 3  # fresh ports after a port was taken between picking it and binding it
NEW_USER_TIMEOUT = 5.0
# Debian packages that provide what this harness runs.
APT_PACKAGES = ("dovecot-imapd", "dovecot-lmtpd", "openssl")

_CONFIG = Template(
    """# Private Dovecot for pbem tests (generated; see tests/support/mailstack.py).
instance_name = pbem-$tag
login_greeting = pbem-$tag ready
base_dir = $root/run
state_dir = $root/state
protocols = imap lmtp
listen = 127.0.0.1
log_path = $root/dovecot.log
shutdown_clients = yes
ssl = yes
ssl_cert = <$root/cert.pem
ssl_key = <$root/key.pem
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
login_trusted_networks = 127.0.0.0/8 ::1
recipient_delimiter = +
lda_original_recipient_header = X-Original-To
mail_location = maildir:$root/mail/%n/Maildir
mail_uid = $mail_uid
mail_gid = $mail_gid
first_valid_uid = 1
$account_lines
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%n $root/users
}
userdb {
  driver = passwd-file
  args = username_format=%n $root/users
  default_fields = uid=$mail_uid gid=$mail_gid home=$root/mail/%n
}
protocol imap {
  mail_max_userip_connections = 500
}
protocol lmtp {
  postmaster_address = postmaster@localhost
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = $imap_port
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = $imaps_port
    ssl = yes
  }
$chroot_line
}
service lmtp {
  unix_listener lmtp {
    mode = 0666
  }
}
service anvil {
  # mode 0 switches off the per-IP penalty for failed logins.
  unix_listener anvil-auth-penalty {
    mode = 0
  }
$chroot_line
}
"""
)


class MailStackError(RuntimeError):
    """The mail stack could not be started or driven."""


def available() -> tuple[bool, str]:
    """Say whether this machine can run the stack, and if not, why."""
    for tool in (DOVECOT, DOVEADM, OPENSSL):
        if shutil.which(tool, path=_search_path()) is None:
            return False, f"{tool} not found (apt packages: {' '.join(APT_PACKAGES)})"
    return True, ""


def _search_path() -> str:
    """PATH plus the sbin directories where Debian puts dovecot."""
    return os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin", "/sbin"])


def _tool(name: str) -> str:
    """Absolute path of a required binary."""
    found = shutil.which(name, path=_search_path())
    if found is None:
        raise MailStackError(f"{name} not found")
    return found


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def make_certificate(directory: Path) -> tuple[Path, Path]:
    """Create a self-signed certificate for localhost and 127.0.0.1; return (cert, key)."""
    cert, key = directory / "cert.pem", directory / "key.pem"
    command = [
        _tool(OPENSSL), "req", "-x509", "-newkey", "ec",
        "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
        "-keyout", str(key), "-out", str(cert), "-days", "3", "-subj", "/CN=localhost",
        "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
    ]  # fmt: skip
    _run(command)
    return cert, key


def _run(command: list[str]) -> str:
    """Run a short-lived tool; raise MailStackError with its output when it fails."""
    done = subprocess.run(
        command, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=30
    )
    if done.returncode != 0:
        raise MailStackError(f"{' '.join(command)} failed: {done.stderr.strip()}")
    return done.stdout


def _await_greeting(
    port: int,
    expected: bytes,
    deadline: float,
    process: subprocess.Popen[bytes] | None = None,
    mark: bytes = b"",
) -> None:
    """Wait until the service on `port` sends a greeting starting with `expected` (and
    holding `mark`); a greeting without the mark is another server's."""
    last = "no attempt"
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise MailStackError(f"server exited with status {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1.0) as sock:
                greeting = sock.recv(512)
            if greeting.startswith(expected) and mark in greeting:
                return
            last = repr(greeting[:120])
            if greeting.startswith(expected):
                raise MailStackError(f"another server answers on port {port}: {last}")
        except OSError as exc:
            last = str(exc)
        time.sleep(0.05)
    raise MailStackError(f"no {expected!r} greeting on port {port}: {last}")


def local_part(address: str) -> str:
    """The local part of an address: 'alice+x@example.org' -> 'alice+x'."""
    return address.strip().strip("<>").split("@", 1)[0].lower()


def mailbox_user(address: str) -> str:
    """The mailbox user of an address, without any +detail: 'alice+x@example.org' -> 'alice'."""
    return local_part(address).split("+", 1)[0]


def lmtp_deliver(socket_path: str, raw: bytes, sender: str, recipient: str) -> None:
    """Deliver one message to one recipient over LMTP (one transaction per recipient)."""
    with smtplib.LMTP(socket_path, timeout=30) as lmtp:
        lmtp.sendmail(sender, [recipient], raw)


@dataclass
class _Accounts:
    """The users the stack knows, shared by the Dovecot side and the SMTP relay."""

    passwords: dict[str, str] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def knows(self, name: str) -> bool:
        """Whether `name` is a mailbox user."""
        with self.lock:
            return name in self.passwords

    def check(self, name: str, password: str) -> bool:
        """Whether the name/password pair is valid."""
        with self.lock:
            return self.passwords.get(name) == password


class _RelayHandler:
    """aiosmtpd handler: refuse unknown recipients, deliver the rest over LMTP."""

    def __init__(self, accounts: _Accounts, lmtp_socket: str) -> None:
        self.accounts = accounts
        self.lmtp_socket = lmtp_socket
        self.envelopes: list[Envelope] = []
        self.delivered_at: list[float] = []  # time.monotonic() of each envelope, in step

    async def handle_RCPT(
        self, server: SMTP, session: Session, envelope: Envelope, address: str, options: list[str]
    ) -> str:
        """Accept only addresses whose local part is a known user."""
        if not self.accounts.knows(mailbox_user(address)):
            return f"550 5.1.1 <{address}>: recipient unknown"
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        """Hand the message to Dovecot, one LMTP transaction per recipient."""
        raw = envelope.original_content or b""
        sender = envelope.mail_from or ""
        for recipient in envelope.rcpt_tos:
            try:
                await asyncio.to_thread(
                    lmtp_deliver, self.lmtp_socket, raw, sender, local_part(recipient)
                )
            except smtplib.SMTPRecipientsRefused as exc:
                code, text = next(iter(exc.recipients.values()))
                return f"{code} {text.decode(errors='replace')}"
            except (smtplib.SMTPException, OSError) as exc:
                return f"451 4.3.0 local delivery failed: {exc}"
        self.envelopes.append(envelope)
        self.delivered_at.append(time.monotonic())
        return "250 2.0.0 delivered"


class _TolerantSMTP(SMTP):
    """aiosmtpd's SMTP, but ignoring the AUTH= parameter relays put on MAIL FROM."""

    async def smtp_MAIL(self, arg: str) -> None:
        """Drop AUTH=... from the parameters, then handle MAIL as usual."""
        if arg:
            words = [word for word in arg.split(" ") if not word.upper().startswith("AUTH=")]
            arg = " ".join(words)
        await super().smtp_MAIL(arg)


class _RelayController(Controller):
    """A threaded aiosmtpd controller that builds the tolerant SMTP class."""

    def factory(self) -> SMTP:
        """Build one SMTP protocol instance."""
        return _TolerantSMTP(self.handler, **self.SMTP_kwargs)


class MailStack:
    """A private Dovecot and an SMTP relay on 127.0.0.1, with helpers for tests."""

    available = staticmethod(available)

    def __init__(self, users: dict[str, str] | None = None, spare_users: int = 40) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="pbem-mail-", dir="/tmp"))
        self.root.chmod(0o755)
        self.config = self.root / "dovecot.conf"
        self.users_file = self.root / "users"
        self.accounts = _Accounts()
        self._pick_ports()
        try:
            self.cert_file, self.key_file = make_certificate(self.root)
        except BaseException:
            shutil.rmtree(self.root, ignore_errors=True)
            raise
        self._process: subprocess.Popen[bytes] | None = None
        self._controllers: list[Controller] = []
        self._handler = _RelayHandler(self.accounts, str(self.root / "run" / "lmtp"))
        self._spares = [f"spare{n:03d}" for n in range(1, spare_users + 1)]
        self._write_users({**(users or {}), **{name: f"pw-{name}" for name in self._spares}})

    # ----- lifecycle -------------------------------------------------------------------

    def start(self) -> MailStack:
        """Start Dovecot and the SMTP relay, and wait for their greetings; a port that another
        process took since it was picked is replaced by a fresh one (up to START_TRIES)."""
        try:
            self._prepare_mail_dir()
            for tries_left in range(START_TRIES - 1, -1, -1):
                try:
                    self._start_servers()
                    return self
                except (MailStackError, OSError):
                    self._stop_servers()
                    if not tries_left:
                        raise
                    self._pick_ports()
        except BaseException:
            self.stop()
            raise
        return self

    def _start_servers(self) -> None:
        self.config.write_text(self._config_text())
        self._start_dovecot()
        self._start_relay()

    def _pick_ports(self) -> None:
        self.imap_port, self.imaps_port = free_port(), free_port()
        self.smtp_port, self.smtps_port = free_port(), free_port()

    def stop(self) -> None:
        """Stop the relay and Dovecot, and remove the stack's directory."""
        self._stop_servers()
        if not os.environ.get("PBEM_KEEP_MAILSTACK"):
            shutil.rmtree(self.root, ignore_errors=True)

    def _stop_servers(self) -> None:
        for controller in self._controllers:
            with contextlib.suppress(Exception):
                controller.stop()
        self._controllers = []
        self._stop_dovecot()

    def __enter__(self) -> MailStack:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def _prepare_mail_dir(self) -> None:
        """Create the mail directory, owned by the mail user when running as root."""
        mail = self.root / "mail"
        mail.mkdir(mode=0o755, exist_ok=True)
        uid, gid = self._mail_ids()
        if os.geteuid() == 0:
            os.chown(mail, uid, gid)

    def _mail_ids(self) -> tuple[int, int]:
        """Numeric uid/gid that own the mail: 'dovecot' as root (uid 0 is refused)."""
        if os.geteuid() == 0:
            entry = pwd.getpwnam("dovecot")
            return entry.pw_uid, entry.pw_gid
        return os.geteuid(), os.getegid()

    def _config_text(self) -> str:
        """The private dovecot.conf."""
        uid, gid = self._mail_ids()
        rootless = os.geteuid() != 0
        account_lines = ""
        if rootless:
            name, group = pwd.getpwuid(uid).pw_name, grp.getgrgid(gid).gr_name
            account_lines = (
                f"default_internal_user = {name}\ndefault_login_user = {name}\n"
                f"default_internal_group = {group}\n"
            )
        return _CONFIG.substitute(
            tag=self.root.name,
            root=str(self.root),
            mail_uid=uid,
            mail_gid=gid,
            account_lines=account_lines,
            imap_port=self.imap_port,
            imaps_port=self.imaps_port,
            chroot_line="  chroot =" if rootless else "",
        )

    def _start_dovecot(self) -> None:
        """Run the master in the foreground, detached from our stdio (it keeps stderr open)."""
        with open(self.root / "master.log", "ab") as log:
            self._process = subprocess.Popen(
                [_tool(DOVECOT), "-F", "-c", str(self.config)],
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=log,
                start_new_session=True,
            )
        deadline = time.monotonic() + START_TIMEOUT
        try:
            # the greeting names this stack, so another server on a port that was free a
            # moment ago (another test process's) is never taken for ours
            mark = f"pbem-{self.root.name} ready".encode()
            _await_greeting(self.imap_port, b"* OK", deadline, self._process, mark)
        except MailStackError as exc:
            self._stop_dovecot()
            raise MailStackError(f"{exc}\n{self.log_tail()}") from exc

    def _stop_dovecot(self) -> None:
        """SIGTERM the master and wait for it."""
        process, self._process = self._process, None
        if process is None or process.poll() is not None:
            return
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)

    def _start_relay(self) -> None:
        """Start the plain/STARTTLS relay and the implicit-TLS relay."""
        server_tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        server_tls.load_cert_chain(self.cert_file, self.key_file)
        common: dict[str, Any] = {
            "hostname": "127.0.0.1",
            "server_hostname": "localhost",
            "authenticator": self._authenticate,
            "auth_require_tls": False,
            "ready_timeout": START_TIMEOUT,
        }
        plain = _RelayController(
            self._handler, port=self.smtp_port, tls_context=server_tls,
            require_starttls=False, **common,
        )  # fmt: skip
        implicit = _RelayController(
            self._handler, port=self.smtps_port, ssl_context=server_tls, **common
        )
        for controller in (plain, implicit):
            controller.start()
            self._controllers.append(controller)
        _await_greeting(self.smtp_port, b"220", time.monotonic() + START_TIMEOUT)

    def _authenticate(
        self, server: SMTP, session: Session, envelope: Envelope, mechanism: str, data: Any
    ) -> AuthResult:
        """SMTP AUTH against the same users as IMAP."""
        if not isinstance(data, LoginPassword):
            return AuthResult(success=False, handled=False)
        name = data.login.decode(errors="replace")
        ok = self.accounts.check(name, data.password.decode(errors="replace"))
        # handled=False makes aiosmtpd answer 535 itself on failure (True would stay silent).
        return AuthResult(success=ok, handled=False, auth_data=data)

    # ----- users ---------------------------------------------------------------------

    def _write_users(self, users: dict[str, str]) -> None:
        """Write the passwd-file (the trailing empty fields are required)."""
        with self.accounts.lock:
            self.accounts.passwords.update(users)
            lines = [f"{n}:{{PLAIN}}{p}::::::\n" for n, p in self.accounts.passwords.items()]
        tmp = self.users_file.with_suffix(".tmp")
        tmp.write_text("".join(lines))
        tmp.chmod(0o644)
        tmp.replace(self.users_file)

    def add_user(self, name: str, password: str) -> None:
        """Add a user and wait until Dovecot sees it (it re-reads the file at most 1/s)."""
        self._write_users({name: password})
        if self._process is None:
            return
        deadline = time.monotonic() + NEW_USER_TIMEOUT
        while time.monotonic() < deadline:
            done = subprocess.run(
                [_tool(DOVEADM), "-c", str(self.config), "user", name],
                stdin=subprocess.DEVNULL, capture_output=True, timeout=10,
            )  # fmt: skip
            if done.returncode == 0:
                return
            time.sleep(0.2)
        raise MailStackError(f"Dovecot did not pick up user {name!r}")

    def empty_mailbox(self, user: str) -> None:
        """Drop everything delivered to `user` (the Maildir with Dovecot's index of it); the
        next delivery starts a fresh one. Not for a mailbox a client has open."""
        shutil.rmtree(self.root / "mail" / user / "Maildir", ignore_errors=True)

    def fresh_user(self) -> str:
        """A user nobody has used yet (password 'pw-<name>'); pre-made, so no 1 s wait."""
        with self.accounts.lock:
            spare = self._spares.pop(0) if self._spares else None
        if spare is not None:
            return spare
        name = f"extra{time.monotonic_ns()}"
        self.add_user(name, f"pw-{name}")
        return name

    def password(self, user: str) -> str:
        """The password of a known user."""
        return self.accounts.passwords[user]

    # ----- URLs ----------------------------------------------------------------------

    def _credentials(self, user: str) -> str:
        """'user:password@' with both parts percent-encoded."""
        return f"{quote(user, safe='')}:{quote(self.password(user), safe='')}@"

    def imap_url(self, user: str, mailbox: str = "INBOX") -> str:
        """Plain IMAP URL for a user."""
        return f"imap://{self._credentials(user)}127.0.0.1:{self.imap_port}/{mailbox}"

    def imap_starttls_url(self, user: str, mailbox: str = "INBOX") -> str:
        """IMAP URL that upgrades with STARTTLS and trusts the stack's CA."""
        return f"{self.imap_url(user, mailbox)}?starttls=1&cafile={quote(str(self.ca_file))}"

    def imaps_url(self, user: str, mailbox: str = "INBOX") -> str:
        """IMAP-over-TLS URL that trusts the stack's CA."""
        creds = self._credentials(user)
        return (
            f"imaps://{creds}localhost:{self.imaps_port}/{mailbox}"
            f"?cafile={quote(str(self.ca_file))}"
        )

    def smtp_url(self, user: str | None = None) -> str:
        """Plain SMTP URL (no TLS), logging in as `user` when given."""
        creds = self._credentials(user) if user else ""
        return f"smtp://{creds}127.0.0.1:{self.smtp_port}"

    def smtp_starttls_url(self, user: str | None = None) -> str:
        """SMTP URL that upgrades with STARTTLS and trusts the stack's CA."""
        return f"{self.smtp_url(user)}?starttls=1&cafile={quote(str(self.ca_file))}"

    def smtps_url(self, user: str | None = None) -> str:
        """SMTP-over-TLS URL that trusts the stack's CA."""
        creds = self._credentials(user) if user else ""
        return f"smtps://{creds}localhost:{self.smtps_port}?cafile={quote(str(self.ca_file))}"

    @property
    def ca_file(self) -> Path:
        """The self-signed certificate, usable as a CA file by clients."""
        return self.cert_file

    @property
    def lmtp_socket(self) -> str:
        """Path of Dovecot's LMTP unix socket."""
        return self._handler.lmtp_socket

    @property
    def received(self) -> list[Envelope]:
        """Envelopes the SMTP relay has delivered, oldest first."""
        return self._handler.envelopes

    @property
    def delivered_at(self) -> list[float]:
        """When each of `received` was delivered (time.monotonic()), in the same order."""
        return self._handler.delivered_at

    # ----- mail helpers --------------------------------------------------------------

    def deliver(self, raw: bytes, to: str, sender: str = "sender@localhost") -> None:
        """Deliver a message straight to a user's INBOX over LMTP."""
        lmtp_deliver(self.lmtp_socket, raw, sender, local_part(to))

    @contextlib.contextmanager
    def imap(self, user: str, mailbox: str = "INBOX") -> Iterator[IMAPClient]:
        """A logged-in IMAP client with `mailbox` selected."""
        client = IMAPClient("127.0.0.1", port=self.imap_port, ssl=False, timeout=10)
        try:
            client.login(user, self.password(user))
            client.select_folder(mailbox)
            yield client
        finally:
            with contextlib.suppress(Exception):
                client.logout()

    def messages(self, user: str, mailbox: str = "INBOX") -> list[bytes]:
        """All messages in a user's mailbox, in UID order, without setting \\Seen."""
        with self.imap(user, mailbox) as client:
            uids = sorted(client.search(["ALL"]))
            data = client.fetch(uids, ["BODY.PEEK[]"]) if uids else {}
        return [bytes(data[uid][b"BODY[]"]) for uid in uids]

    def flags(self, user: str, mailbox: str = "INBOX") -> dict[int, tuple[bytes, ...]]:
        """Flags of every message in a mailbox, by UID."""
        with self.imap(user, mailbox) as client:
            uids = client.search(["ALL"])
            found = client.get_flags(uids) if uids else {}
        return {int(uid): tuple(flags) for uid, flags in found.items()}

    def expunge_all(self, user: str, mailbox: str = "INBOX") -> None:
        """Delete every message in a mailbox (UIDs are not reused afterwards)."""
        self._doveadm("expunge", "-u", user, "mailbox", mailbox, "all")

    def set_uidvalidity(self, user: str, value: int, mailbox: str = "INBOX") -> None:
        """Change a mailbox's UIDVALIDITY, as a server migration would."""
        self._doveadm("mailbox", "update", "--uid-validity", str(value), "-u", user, mailbox)

    def uidvalidity(self, user: str, mailbox: str = "INBOX") -> int:
        """A mailbox's current UIDVALIDITY, as doveadm reports it."""
        out = self._doveadm("mailbox", "status", "-u", user, "uidvalidity", mailbox)
        return int(out.strip().split("=", 1)[1])

    def _doveadm(self, *args: str) -> str:
        """Run doveadm against this private instance."""
        return _run([_tool(DOVEADM), "-c", str(self.config), *args])

    def log_tail(self, lines: int = 30) -> str:
        """The last lines of Dovecot's logs, for error messages."""
        chunks = []
        for name in ("master.log", "dovecot.log"):
            path = self.root / name
            if path.exists():
                text = path.read_text(errors="replace").splitlines()[-lines:]
                chunks.append(f"--- {name}\n" + "\n".join(text))
        return "\n".join(chunks)

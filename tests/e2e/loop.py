"""A campaign wired to the real mail stack: players read over IMAP and reply over SMTP."""

from __future__ import annotations

import email
import os
import smtplib
import subprocess
import sys
from dataclasses import dataclass, field
from email.message import EmailMessage, Message
from email.policy import default as default_policy
from email.utils import make_msgid
from pathlib import Path

from sqlmodel import Session

from pbem.ledger import queries
from pbem.mail.transport.mailbox import open_source
from pbem.mail.transport.mailers import open_mailer
from pbem.sandbox.mailstack import MailStack
from pbem.services.base.runtime import Runtime, open_runtime
from pbem.services.tick.tick import TickReport, tick
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from tests.support.ledgers import migrated_engine
from tests.support.runtime import register_toy

REPO = Path(__file__).resolve().parents[2]


@dataclass
class Loop:
    """One campaign of the toy game, its referee mailbox, and its players' mailboxes."""

    stack: MailStack
    directory: Path
    referee: str = ""
    players: list[str] = field(default_factory=list)
    config: Path = Path()
    rt: Runtime | None = None
    seen: dict[str, int] = field(default_factory=dict)
    # each user's messages parsed once, by UID (UIDs are never reused in a mailbox)
    parsed: dict[str, dict[int, Message]] = field(default_factory=dict)

    def start(
        self, count: int = 3, rounds: int = 3, name: str = "loop", database_url: str | None = None
    ) -> Loop:
        """Create the campaign with fresh mailboxes (the welcome mail is queued, not sent)."""
        register_toy()
        self.referee = self.stack.fresh_user()
        self.players = [self.stack.fresh_user() for _ in range(count)]
        self.config = self.directory / "pbem.toml"
        db = database_url or f"sqlite:///{self.directory / 'ledger.db'}"
        self.config.write_text(
            f'[database]\nurl = "{db}"\n[mail]\nreferee_address = "{self.referee}@localhost"\n'
            f'imap_url = "{self.stack.imap_url(self.referee)}"\n'
            f'smtp_url = "{self.stack.smtp_url()}"\n'
            "[turns]\nearly_delay_minutes = 0\n"
        )
        self.rt = self._open(db)
        scenario = self.directory / "toy.txt"
        scenario.write_text(f"rounds = {rounds}\n")
        create_campaign(
            self.rt,
            NewCampaign(
                name,
                "toy",
                str(scenario),
                [f"{p.title()} <{p}@localhost>" for p in self.players],
                seed=5,
            ),
        )
        return self

    def start_game(
        self, name: str, game: str, count: int, seed: int, sets: dict[str, str] | None = None
    ) -> Loop:
        """A campaign of a registered game on its default scenario, for fresh mailboxes."""
        self.referee = self.stack.fresh_user()
        self.players = [self.stack.fresh_user() for _ in range(count)]
        self.config = self.directory / "pbem.toml"
        ledger = self.directory / "ledger.db"
        self.config.write_text(
            f'[database]\nurl = "sqlite:///{ledger}"\n'
            f'[mail]\nreferee_address = "{self.referee}@localhost"\n'
            f'imap_url = "{self.stack.imap_url(self.referee)}"\n'
            f'smtp_url = "{self.stack.smtp_url()}"\n'
            "[turns]\nearly_delay_minutes = 0\n"
        )
        self.rt = self._open(f"sqlite:///{ledger}")
        players = [f"{p.title()} <{p}@localhost>" for p in self.players]
        create_campaign(self.rt, NewCampaign(name, game, None, players, seed=seed, sets=sets or {}))
        return self

    def _open(self, url: str) -> Runtime:
        """The runtime on this loop's ledger at the newest schema, as after `pbem init` (a new
        ledger is a copy of the migrated template)."""
        migrated_engine(url).dispose()
        return open_runtime(str(self.config))

    def tick(self) -> TickReport:
        """One pass in this process."""
        assert self.rt is not None
        return tick(
            self.rt,
            open_source(self.stack.imap_url(self.referee)),
            open_mailer(self.stack.smtp_url()),
            wait_seconds=60,
        )

    def tick_process(
        self, failpoints: str = "", wait: bool = True
    ) -> subprocess.Popen[bytes] | int:
        """`pbem tick` in a child process, optionally crashing at failpoints."""
        env = {
            **os.environ,
            "PBEM_FAILPOINTS": failpoints,
            "PBEM_TEST_REGISTER_TOY": "1",
            "PYTHONPATH": str(REPO),
        }
        command = [
            sys.executable,
            "-m",
            "tests.e2e.run_pbem",
            "--config",
            str(self.config),
            "tick",
            "--wait",
            "60",
        ]
        process = subprocess.Popen(
            command, env=env, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
        )
        if not wait:
            return process
        process.communicate(timeout=120)
        return process.returncode

    def inbox(self, user: str) -> list[Message]:
        """Every message in a user's inbox, oldest first: each fetched and parsed once, and shared
        by later calls (a test that edits one edits a copy)."""
        known = self.parsed.setdefault(user, {})
        with self.stack.imap(user) as client:
            uids = sorted(client.search(["ALL"]))
            fresh = [uid for uid in uids if uid not in known]
            data = client.fetch(fresh, ["BODY.PEEK[]"]) if fresh else {}
        for uid in fresh:
            raw = bytes(data[uid][b"BODY[]"])
            known[uid] = email.message_from_bytes(raw, policy=default_policy)
        return [known[uid] for uid in uids]

    def new_mail(self, user: str) -> list[Message]:
        """Messages that arrived since the last call for this user."""
        everything = self.inbox(user)
        fresh = everything[self.seen.get(user, 0) :]
        self.seen[user] = len(everything)
        return fresh

    def live_orders(self, campaign: str, seat: str) -> str | None:
        """The canonical text of the seat's live submission in the campaign's open phase."""
        assert self.rt is not None
        with Session(self.rt.engine) as session:
            phase = queries.open_phase(session, queries.campaign_named(session, campaign))
            assert phase is not None
            live = queries.live_submission(session, phase, seat)
            return live.canonical if live else None

    def reply(self, user: str, to: Message, body: str, sender: str | None = None) -> str:
        """Reply to a pbem mail as a mail client would; return the new Message-ID."""
        reply = EmailMessage()
        reply["From"] = sender or f"{user.title()} <{user}@localhost>"
        reply["To"] = str(to["Reply-To"] or to["From"])
        reply["Subject"] = "Re: " + str(to["Subject"])
        reply["Message-ID"] = make_msgid(domain="players.localhost")
        reply["In-Reply-To"] = str(to["Message-ID"])
        reply.set_content(body)
        with smtplib.SMTP("127.0.0.1", self.stack.smtp_port, timeout=30) as smtp:
            smtp.send_message(reply)
        return str(reply["Message-ID"])


def subjects(messages: list[Message]) -> list[str]:
    """The subjects of messages, without the routing tag."""
    return [str(m["Subject"]).split(" [pbem")[0] for m in messages]


def text_of(message: Message) -> str:
    """The text/plain body of a message."""
    part = message.get_body(preferencelist=("plain",)) if hasattr(message, "get_body") else None
    return part.get_content() if part is not None else ""  # type: ignore[union-attr]

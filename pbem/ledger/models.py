"""Ledger tables, in one place. Alembic migrations under pbem/ledger/migrations mirror them."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    Column,
    Index,
    LargeBinary,
    Text,
    UniqueConstraint,
    column,
    func,
)
from sqlmodel import Field, SQLModel


class Campaign(SQLModel, table=True):
    """One game being played."""

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True, index=True)
    slug: str | None = Field(default=None, unique=True, index=True)  # the name as in tokens
    game: str
    scenario_json: str = Field(sa_column=Column(Text, nullable=False))
    settings_json: str = Field(sa_column=Column(Text, nullable=False))
    master_seed: int | None = Field(default=None, sa_column=Column(BigInteger))
    start_seed: int = Field(sa_column=Column(BigInteger, nullable=False))
    # 256 random bits as hex; every seed and the thread root are keyed by it (services/base/
    # seeding.py). Never shown to players. None only for campaigns created before 0011.
    seed_secret: str | None = None
    status: str = "active"  # active | paused | finished
    timezone: str = "UTC"
    schedule_json: str = Field(default="{}", sa_column=Column(Text, nullable=False))
    allow_press: bool = True
    created_at: datetime
    paused_at: datetime | None = None  # set while status is paused


class Player(SQLModel, table=True):
    """A seat in a campaign and the person playing it."""

    __table_args__ = (UniqueConstraint("campaign_id", "seat"),)
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    seat: str
    name: str
    address: str = Field(index=True)
    extra_addresses: str = ""  # comma-separated, lower-case
    secret: str
    status: str = "active"  # active | flagged | replaced
    missed: int = 0
    delivery: str = "ok"  # ok | bouncing
    bounces: int = 0
    bounced_at: datetime | None = None  # when the last VERP bounce marked this player


class Phase(SQLModel, table=True):
    """One step of a campaign that waits for input, then is adjudicated once."""

    __table_args__ = (
        UniqueConstraint("campaign_id", "seq"),
        Index("ix_phase_deadline", "status", "deadline"),  # the tick's due scan, by deadline
        Index("ix_phase_complete", "status", "complete_at"),  # ... and by input all in
    )
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    seq: int
    key: str
    label: str
    turn: int
    status: str = "open"  # open -> running -> done; open -> void (rolled back)
    deadline: datetime | None = None  # UTC
    seed: int = Field(sa_column=Column(BigInteger, nullable=False))
    opened_at: datetime
    complete_at: datetime | None = None  # when every owed input was first in
    claimed_by: str | None = None
    adjudicated_at: datetime | None = None


class InboundMessage(SQLModel, table=True):
    """A raw message from a mailbox, stored before anything else happens to it."""

    __table_args__ = (UniqueConstraint("mailbox", "uidvalidity", "uid"),)
    id: int | None = Field(default=None, primary_key=True)
    mailbox: str
    uidvalidity: int = Field(sa_column=Column(BigInteger, nullable=False))
    uid: int = Field(sa_column=Column(BigInteger, nullable=False))
    message_id: str = Field(index=True)
    digest: str = Field(index=True)
    raw: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
    received_at: datetime
    status: str = Field(default="new", index=True)  # new | processed | duplicate | quarantined
    outcome: str = ""  # a stable code saying what was done with it
    quarantine_reason: str = ""  # a stable code, when status is quarantined
    quarantine_detail: str = Field(default="", sa_column=Column(Text, nullable=False))
    raw_size: int = Field(default=0, sa_column=Column(BigInteger, nullable=False))  # whole mail
    truncated: bool = False  # raw holds only the head of a mail over the size limit
    campaign_id: int | None = Field(default=None, foreign_key="campaign.id")
    player_id: int | None = Field(default=None, foreign_key="player.id")
    # the held digest that answers this mail, when its reply waited for the reply budget
    held_id: int | None = Field(default=None, index=True)


class Submission(SQLModel, table=True):
    """Orders from a player (or the referee) for one phase; the last valid one wins."""

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    phase_id: int = Field(foreign_key="phase.id", index=True)
    seat: str
    source: str  # mail | cli | default
    inbound_id: int | None = Field(default=None, foreign_key="inboundmessage.id")
    raw_text: str = Field(sa_column=Column(Text, nullable=False))
    canonical: str = Field(sa_column=Column(Text, nullable=False))
    orders_json: str = Field(sa_column=Column(Text, nullable=False))
    problems_json: str = Field(default="[]", sa_column=Column(Text, nullable=False))
    digest: str
    valid: bool
    superseded: bool = False
    used: bool = False  # fed to the adjudication of its phase (replay reads these)
    created_at: datetime


class Event(SQLModel, table=True):
    """Something that happened when a phase was adjudicated."""

    __table_args__ = (UniqueConstraint("phase_id", "seq"),)
    id: int | None = Field(default=None, primary_key=True)
    phase_id: int = Field(foreign_key="phase.id", index=True)
    seq: int
    code: str
    data_json: str = Field(sa_column=Column(Text, nullable=False))
    visible_to: str | None = None  # comma-separated seats; None = public


class Snapshot(SQLModel, table=True):
    """The game state after a phase (phase_id None: the opening state)."""

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    phase_id: int | None = Field(default=None, foreign_key="phase.id")
    seq: int  # 0 for the opening state, else the phase's seq
    state_json: str = Field(sa_column=Column(Text, nullable=False))
    digest: str
    void: bool = False
    adjustment_id: int | None = None  # set when a referee adjustment produced this state


class RefereeAction(SQLModel, table=True):
    """The audit trail of what the referee did."""

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    action: str
    detail_json: str = Field(default="{}", sa_column=Column(Text, nullable=False))
    actor: str = "referee"
    at: datetime


class Adjustment(SQLModel, table=True):
    """A referee's change to the state between phases (an edit or a drop); replay applies it."""

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    after_seq: int  # the seq of the newest adjudicated phase (0: the opening) when made
    kind: str  # edit | drop
    command: str = Field(sa_column=Column(Text, nullable=False))  # edit text, or the seat
    reason: str = Field(sa_column=Column(Text, nullable=False))
    void: bool = False  # rolled back
    at: datetime


class Question(SQLModel, table=True):
    """A player's REFEREE question, open until the referee answers it."""

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    seat: str
    inbound_id: int | None = Field(default=None, foreign_key="inboundmessage.id")
    text: str = Field(sa_column=Column(Text, nullable=False))
    asked_at: datetime
    answer: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    answered_at: datetime | None = None


class Outbox(SQLModel, table=True):
    """Outbound mail, written in the same transaction as its cause, sent once."""

    __table_args__ = (
        Index("ix_outbox_due", "status", "next_attempt_at"),  # each tick's due-mail scan
        Index("ix_outbox_recipient_created", "recipient", "created_at"),
        # reply budgets match addresses case-blind: lower(recipient) is what they look up
        Index("ix_outbox_recipient_lower", func.lower(column("recipient")), "created_at"),
        Index("ix_outbox_slim", "status", "slimmed_at", "sent_at"),  # sent mail to slim
    )
    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(unique=True, index=True)  # idempotency key
    campaign_id: int | None = Field(default=None, foreign_key="campaign.id", index=True)
    kind: str  # welcome | ack | report | reminder | notice | help | press | ...
    recipient: str
    subject: str
    message_id: str = Field(index=True)  # a player's reply names it (services/intake/binding.py)
    raw: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
    status: str = "pending"  # draft | pending | sending | sent | dead | void
    attempts: int = 0
    next_attempt_at: datetime
    last_error: str = ""
    created_at: datetime
    sent_at: datetime | None = None
    player_id: int | None = Field(default=None, foreign_key="player.id")  # VERP bounces
    slimmed_at: datetime | None = None  # when raw lost its pictures (services/outbox/sent_mail.py)
    # a draft's phase and seat until it is drawn (services/reports/drafts.py)
    draft_json: str | None = None
    # the phase open when it was queued: a player's reply to it is taken for that phase
    phase_id: int | None = None


class HeldAck(SQLModel, table=True):
    """A digest of a player's orders on file, owed once their reply budget allows it."""

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id")
    player_id: int = Field(foreign_key="player.id", index=True)
    phase_id: int = Field(foreign_key="phase.id")
    held: int = 1  # acknowledgements this digest stands for
    held_at: datetime
    due_at: datetime
    released_at: datetime | None = None


class MailboxCursor(SQLModel, table=True):
    """How far a mailbox has been read: its UIDVALIDITY and the highest UID stored."""

    id: int | None = Field(default=None, primary_key=True)
    mailbox: str = Field(unique=True)
    uidvalidity: int = Field(sa_column=Column(BigInteger, nullable=False))
    last_uid: int = Field(default=0, sa_column=Column(BigInteger, nullable=False))


class Reminder(SQLModel, table=True):
    """A reminder sent for a phase to a seat, at most once per lead time."""

    __table_args__ = (UniqueConstraint("phase_id", "seat", "lead_hours"),)
    id: int | None = Field(default=None, primary_key=True)
    phase_id: int = Field(foreign_key="phase.id")
    seat: str
    lead_hours: int
    sent_at: datetime


class Opening(SQLModel, table=True):
    """A campaign open to sign-ups by mail: forming until its seats fill or the referee starts
    it, then the campaign of the same name (services/community/)."""

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True, index=True)
    game: str
    scenario: str | None = None
    seats: int
    seed: int | None = Field(default=None, sa_column=Column(BigInteger))
    sets_json: str = Field(default="{}", sa_column=Column(Text, nullable=False))
    rules: str = Field(default="", sa_column=Column(Text, nullable=False))  # house rules
    signup_by: datetime | None = None  # UTC; SIGNON is refused after it
    observers: bool = False  # OBSERVE allowed
    nmr_limit: int = 0  # a seat that misses this many phases in a row is open (0: never)
    min_on_time: int = 0  # the percentage of owed phases on time a signer needs (0: none)
    absence_days: int = 0  # days of ABSENCE a player may declare in this game (0: none)
    extensions: int = 0  # EXTENDs a player may use in this game (0: none)
    extend_hours: int = 24  # how far one EXTEND moves the deadline
    status: str = "forming"  # forming | started
    campaign_id: int | None = Field(default=None, foreign_key="campaign.id")
    created_at: datetime


class Signup(SQLModel, table=True):
    """One address's place in an opening: a player signed on, or an observer."""

    id: int | None = Field(default=None, primary_key=True)
    opening_id: int = Field(foreign_key="opening.id", index=True)
    address: str = Field(index=True)  # lower-case
    name: str
    role: str = "player"  # player | observer
    preference: str = Field(default="", sa_column=Column(Text, nullable=False))
    status: str = "joined"  # joined | resigned
    at: datetime


class Grace(SQLModel, table=True):
    """A player's declared absence, or an extension they used (services/community/grace.py)."""

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    seat: str
    address: str  # who held the seat: a newcomer gets a budget of their own
    kind: str  # absence | extend
    begins: datetime  # UTC; for an extension, the deadline it moved
    ends: datetime  # UTC, the first moment after it; for an extension, the deadline it set
    at: datetime

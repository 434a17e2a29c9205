"""The issue's "Done when" walkthrough: a referee runs a Mighty Kingdoms campaign from the CLI,
against the real Dovecot + SMTP sandbox, and the ledger is moved into PostgreSQL at the end."""

from __future__ import annotations

import json
from email.message import Message
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pbem.cli.app import app
from pbem.games.mighty_kingdoms import GAME
from pbem.games.mighty_kingdoms.battles.kow import pending_battle
from pbem.ledger import queries
from pbem.sandbox.mailstack import MailStack
from pbem.services.base.runtime import open_runtime
from pbem.services.base.states import current_state
from tests.e2e.loop import Loop, subjects, text_of
from tests.games.mighty_kingdoms.test_campaign_flow import hand_written

NAME = "realm"
SEATS = ("p1", "p2", "p3")


class Referee:
    """Runs `pbem` commands as a referee would, on one configuration."""

    def __init__(self, config: Path) -> None:
        self.config = config
        self.runner = CliRunner()

    def __call__(self, *args: str, code: int = 0) -> str:
        """Run a command; check its exit code; return what it printed."""
        result = self.runner.invoke(app, ["--config", str(self.config), *args])
        assert result.exit_code == code, (args, result.output, result.exception)
        return result.output

    def json(self, *args: str) -> Any:
        """Run a command with --json and read its output."""
        return json.loads(self(*args, "--json"))


class Realm:
    """The campaign, its players' mailboxes, and helpers to play it by mail."""

    def __init__(self, stack: MailStack, directory: Path) -> None:
        self.loop = Loop(stack, directory)
        self.loop.referee = stack.fresh_user()
        self.users = {seat: stack.fresh_user() for seat in SEATS}
        self.loop.config = directory / "pbem.toml"
        self.loop.config.write_text(
            f'[database]\nurl = "sqlite:///{directory / "ledger.db"}"\n'
            f'[mail]\nreferee_address = "{self.loop.referee}@localhost"\n'
            f'imap_url = "{stack.imap_url(self.loop.referee)}"\n'
            f'smtp_url = "{stack.smtp_url()}"\n[turns]\nearly_delay_minutes = 0\n'
        )
        self.loop.rt = open_runtime(str(self.loop.config), migrate_schema=True)
        self.referee = Referee(self.loop.config)

    def state(self) -> Any:
        """The campaign's current state."""
        from sqlmodel import Session

        assert self.loop.rt is not None
        with Session(self.loop.rt.engine) as session:
            return current_state(session, queries.campaign_named(session, NAME))

    def orders(self, seat: str) -> str:
        """Order text for a seat now: moves towards the enemy in summer, defaults in setup."""
        state = self.state()
        if state.stage == "summer":
            return hand_written(state, seat)
        return GAME.canonical(state, seat, GAME.default_input(state, seat))

    def send(self, seat: str, text: str | None = None, sender: str | None = None) -> None:
        """The seat's player replies to the newest pbem mail in their inbox."""
        user = self.users[seat]
        self.loop.reply(user, self.latest(user), text or self.orders(seat), sender=sender)

    def latest(self, user: str) -> Message:
        """The newest message in a user's inbox."""
        return self.loop.inbox(user)[-1]

    def everyone_sends(self) -> None:
        """Every seat that owes orders replies with them."""
        for seat in GAME.due(self.state()).players:
            self.send(seat)


def _phase(realm: Realm) -> str:
    return str(realm.referee.json("status", NAME)["phase_key"])


@pytest.mark.slow
def test_a_referee_runs_a_mighty_kingdoms_campaign_through_every_tool(
    mail_stack: MailStack, tmp_path: Path, pg_url: str
) -> None:
    realm = Realm(mail_stack, tmp_path)
    ref, loop, users = realm.referee, realm.loop, realm.users
    players = [f"--player={seat.title()} <{users[seat]}@localhost>" for seat in SEATS]
    ref("campaign", "create", NAME, "--game", "mighty-kingdoms", *players, "--seed", "7",
        "--set", "battle_mode=kow")  # fmt: skip
    loop.tick()

    # 1. A missing player is replaced: p3 never answers the race phase.
    realm.send("p1")
    realm.send("p2")
    loop.tick()
    overview = ref.json("status")
    assert overview[0]["waiting"] == [f"{users['p3']}@localhost"]  # before the deadline
    newcomer = mail_stack.fresh_user()
    ref("player", "replace", NAME, "p3", f"Dora <{newcomer}@localhost>",
        "--reason", "Carol has not answered for a week")  # fmt: skip
    loop.tick()
    welcome = loop.inbox(newcomer)[-1]
    assert "Welcome: you now play p3" in str(welcome["Subject"])
    assert "take over seat p3" in text_of(welcome) and "Setup: choose your race" in text_of(welcome)
    realm.send("p3", "race Elves")  # the old player's reply carries the old secret
    assert loop.tick().ingest.outcomes.get("mail.orders_accepted", 0) == 0
    desk = ref.json("mail", "desk")
    assert [d["from"] for d in desk] == [f"{users['p3']}@localhost"]
    ref("mail", "discard", NAME, str(desk[0]["id"]), "--reason", "Carol's seat is Dora's now")
    realm.users["p3"] = newcomer
    realm.send("p3")
    loop.tick()
    assert _phase(realm) == "setup-capital"

    # 2. An address change: p1 adds a second address and sends orders from it.
    second = mail_stack.fresh_user()
    ref("player", "address", NAME, "p1", "--add", f"{second}@localhost",
        "--reason", "Alice now also writes from her laptop")  # fmt: skip
    loop.tick()
    assert "Your addresses changed" in str(realm.latest(users["p1"])["Subject"])
    realm.send("p1", sender=f"Alice <{second}@localhost>")
    realm.send("p2")
    realm.send("p3")
    loop.tick()
    assert _phase(realm) == "setup-placement"
    for _ in ("setup-placement", "setup-army"):
        realm.everyone_sends()
        loop.tick()
    assert _phase(realm) == "y1-m1"

    # 3. A question answered while the turn is held.
    ref("settings", NAME, "--set", "hold_for_questions=true", "--reason", "rules queries first")
    realm.send("p2", "REFEREE\nMay my army cross the river in one move?")
    realm.everyone_sends()
    loop.tick()
    question = [m for m in loop.inbox(loop.referee) if "Message from" in str(m["Subject"])][-1]
    assert "cross the river" in text_of(question) and f"pbem reply {NAME} 1" in text_of(question)
    held = ref.json("status")[0]
    assert held["held"] and held["questions"] == 1 and _phase(realm) == "y1-m1"
    ref("turn", "run", NAME, code=5)  # refused while held
    ref("reply", NAME, "1", "--text", "Yes, as long as the move is legal.")
    loop.tick()
    answers = [m for m in loop.inbox(users["p2"]) if "Answer from the referee" in str(m["Subject"])]
    assert answers and "as long as the move is legal" in text_of(answers[-1])
    assert _phase(realm) == "y1-m2"

    # 4. A tabletop battle result, previewed before the run.
    realm.everyone_sends()
    loop.tick()
    battle_key = _phase(realm)
    assert battle_key.startswith("y1-m2-battle-")
    needed = [m for m in loop.inbox(loop.referee) if "Referee input needed" in str(m["Subject"])]
    assert needed
    record = pending_battle(realm.state())
    assert record is not None
    first = tmp_path / "result.txt"
    first.write_text(f"battle {record.number}\nwinner {record.attacker}\n")
    ref("orders", "submit", NAME, str(first), "--player", "referee")
    shown = ref("preview", NAME, "--player", "p1")
    assert "Preview of" in shown and "nothing is saved" in shown
    ref("turn", "run", NAME, "--phase", battle_key)
    loop.tick()

    # 5. The disputed battle is corrected: roll back, re-run with the right result, correct.
    fixed = tmp_path / "fixed.txt"
    fixed.write_text(f"battle {record.number}\nwinner {record.defender}\n")
    plan = ref.json("rollback", NAME, battle_key, "--orders", f"referee={fixed}",
                    "--reason", "the result was entered the wrong way round")  # fmt: skip
    assert not plan["committed"] and plan["rerun"] == [battle_key] and plan["diff"]
    assert plan["mails"] == len(SEATS)  # the plan says it mails one correction to each
    shown = ref("rollback", NAME, battle_key, "--orders", f"referee={fixed}",
                "--reason", "the result was entered the wrong way round", "--yes")  # fmt: skip
    assert f"Mail: {len(SEATS)} corrected report(s), one to each player." in shown
    loop.tick()
    for seat in SEATS:
        got = subjects(loop.new_mail(realm.users[seat]))
        assert [s for s in got if s.startswith(f"[{NAME}] CORRECTED report:")], (seat, got)
        assert len([s for s in got if "CORRECTED" in s]) == 1, (seat, got)
    corrected = [m for m in loop.inbox(users["p1"]) if "CORRECTED" in str(m["Subject"])][-1]
    assert "CORRECTION: the referee re-ran the campaign from" in text_of(corrected)
    assert "reproduced byte for byte" in ref("replay", NAME)

    # 6. Every step is in the log, with time and reason.
    log = ref.json("log", NAME)
    actions = [e["what"] for e in log if e["kind"] == "referee"]
    assert actions == ["replace", "mail-discard", "address", "settings", "reply", "rollback"]
    assert {e["kind"] for e in log} >= {"turn", "mail in", "mail out", "referee", "orders"}
    results = [e["what"] for e in log if e["kind"] == "orders" and "result of referee" in e["what"]]
    assert results == [
        f"result of referee for {battle_key} (cli, valid)",
        f"result of referee for {battle_key} (rerun, valid)",
    ]
    reasons = {e["what"]: e["reason"] for e in log if e["kind"] == "referee"}
    assert reasons["replace"] == "Carol has not answered for a week"

    # 7. Export, import into PostgreSQL, and replay there.
    exported = tmp_path / "realm.json"
    ref("export", NAME, "--to", str(exported))
    pg_config = tmp_path / "pg.toml"
    pg_config.write_text(f'[database]\nurl = "{pg_url}"\n[mail]\nreferee_address = "r@localhost"\n')
    on_pg = Referee(pg_config)
    on_pg("migrate")
    on_pg("import", str(exported))
    assert "reproduced byte for byte" in on_pg("replay", NAME)
    assert [e["what"] for e in on_pg.json("log", NAME) if e["kind"] == "referee"] == actions

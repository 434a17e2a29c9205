"""Issue 8's settings/CLI findings, each as a regression test through the real command line."""

from __future__ import annotations

import json
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic import command as alembic_command
from sqlmodel import Session, select
from typer.testing import CliRunner

from pbem.cli.app import app
from pbem.errors import ExitCode
from pbem.ledger.db import alembic_config, current_revision, head_revision, make_engine
from pbem.ledger.models import Campaign, Outbox, Player
from pbem.mail.routing import MAC_LENGTH
from pbem.registry import games
from pbem.services.tick.steps import STEP_NAMES
from tests.support.ledgers import copy_template
from tests.support.runtime import register_toy

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> tuple[int, str]:
    """Invoke pbem in-process; return the exit code and everything printed."""
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def error_line(output: str) -> str:
    """The single error line of a failed command."""
    lines = [line for line in output.splitlines() if line.startswith("error ")]
    assert len(lines) == 1, output
    return lines[0]


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder with pbem.toml and a migrated ledger; the toy game registered."""
    register_toy()
    for variable in ("PBEM_CONFIG", "PBEM_DATABASE_URL", "PBEM_TIMEZONE"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "toy.txt").write_text("rounds = 2\n")
    code, output = run("init", str(tmp_path))
    assert code == 0, output
    yield tmp_path
    games().pop("toy", None)


def campaigns(folder: Path) -> list[str]:
    """The names of the campaigns in the folder's ledger."""
    with Session(make_engine(f"sqlite:///{folder / 'pbem.db'}")) as session:
        return list(session.exec(select(Campaign.name)).all())


def create(folder: Path, name: str, *extra: str, players: tuple[str, ...] = ()) -> tuple[int, str]:
    """`pbem campaign create` of the toy game with two players unless others are given."""
    people = players or ("Ann <ann@localhost>", "Ben <ben@localhost>")
    args = ["campaign", "create", name, "--game", "toy", "--scenario", str(folder / "toy.txt")]
    for person in people:
        args += ["--player", person]
    return run(*args, *extra)


def write_config(folder: Path, text: str) -> None:
    """Replace pbem.toml, keeping the ledger line `pbem init` wrote."""
    config = folder / "pbem.toml"
    ledger = f'[database]\nurl = "sqlite:///{folder / "pbem.db"}"\n'
    config.write_text(ledger + text)


# --- settings: pbem.toml, the environment and --set share one schema -----------------------


@pytest.mark.parametrize(
    "text,where,reason",
    [
        ('[turns]\nreminder_hours = "24"\n', "[turns] reminder_hours", "a list of whole numbers"),
        ("[turns]\nreminder_hours = [24, 0]\n", "[turns] reminder_hours", "more than 0"),
        ('[turns]\nearly_delay_minutes = "soon"\n', "early_delay_minutes", "a whole number"),
        ("[mail]\nreply_rate_per_hour = 0\n", "reply_rate_per_hour", "at least 1"),
        ('[turns]\ntimezone = "Mars/Olympus"\n', "[turns] timezone", "a time zone"),
        ('[turns]\nmissed_turn_policy = "kick"\n', "missed_turn_policy", "one of"),
        ('[mail]\nimap_url = "pop3://u@h/"\n', "[mail] imap_url", "imap://"),
        ("[mail]\nreferee_address = 5\n", "referee_address", "text"),
    ],
)
def test_wrong_config_values_are_one_line_with_exit_9(
    site: Path, text: str, where: str, reason: str
) -> None:
    write_config(site, text)
    code, output = run("campaign", "list")
    line = error_line(output)
    assert code == ExitCode.CONFIG and line.startswith("error config.E_BAD_VALUE")
    assert where in line and reason in line


def test_unknown_config_key_gets_did_you_mean(site: Path) -> None:
    write_config(site, "[turns]\nreminder_hour = [24]\n")
    code, output = run("campaign", "list")
    line = error_line(output)
    assert code == ExitCode.CONFIG and "config.E_UNKNOWN_KEY" in line
    assert 'Did you mean "reminder_hours"?' in line
    write_config(site, "[mial]\n")
    assert 'Did you mean "mail"?' in error_line(run("campaign", "list")[1])


def test_environment_values_are_validated_and_named(
    site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PBEM_REMINDER_HOURS", "[48, 6]")
    assert run("campaign", "list")[0] == 0
    monkeypatch.setenv("PBEM_TIMEZONE", "Nowhere/Town")
    code, output = run("campaign", "list")
    assert code == ExitCode.CONFIG and "PBEM_TIMEZONE" in error_line(output)
    monkeypatch.delenv("PBEM_TIMEZONE")
    monkeypatch.setenv("PBEM_REMINDER_HOURS", "lots")
    code, output = run("campaign", "list")
    assert code == ExitCode.CONFIG and "PBEM_REMINDER_HOURS" in error_line(output)


def test_wrong_database_url_is_one_line(site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_DATABASE_URL", "mysql://root:hunter2@localhost/pbem")
    code, output = run("campaign", "list")
    line = error_line(output)
    assert code == ExitCode.CONFIG and "PBEM_DATABASE_URL" in line and "hunter2" not in output


@pytest.mark.parametrize(
    "setting,reason",
    [
        ("early_delay_minutes=abc", "a whole number"),
        ("deadline_hours.summer=abc", "a number"),
        ("deadline_hours=-5", "at least 0.25"),
        ("round_to_hour=maybe", "true or false"),
        ("timezone=Mars/Olympus", "a time zone"),
        ("rounds=many", "a whole number"),
    ],
)
def test_bad_settings_are_refused_and_nothing_is_stored(
    site: Path, setting: str, reason: str
) -> None:
    code, output = create(site, "c1", "--set", setting)
    line = error_line(output)
    assert code == ExitCode.INVALID and "campaign.E_BAD_SETTING" in line and reason in line
    assert campaigns(site) == []


@pytest.mark.parametrize("setting", ["years=0", "army_cap=0", "battle_cap=-1", "battle_mode=x"])
def test_game_settings_are_checked_by_the_same_schema(site: Path, setting: str) -> None:
    args = ["campaign", "create", "mk", "--game", "mighty-kingdoms", "--scenario", "valley-3"]
    args += ["--player", "A <a@localhost>", "--player", "B <b@localhost>", "--set", setting]
    code, output = run(*args)
    line = error_line(output)
    assert code == ExitCode.INVALID and "campaign.E_BAD_SETTING" in line
    assert setting.partition("=")[0] in line and campaigns(site) == []


def test_unknown_setting_gets_did_you_mean(site: Path) -> None:
    code, output = create(site, "c1", "--set", "deadline_hour=24")
    line = error_line(output)
    assert code == ExitCode.INVALID and 'Did you mean "deadline_hours"?' in line


def test_good_settings_are_stored_typed(site: Path) -> None:
    code, output = create(
        site, "c1", "--set", "deadline_hours.summer=48", "--set", "press=off", "--set", "rounds=3"
    )
    assert code == 0, output
    with Session(make_engine(f"sqlite:///{site / 'pbem.db'}")) as session:
        stored = session.exec(select(Campaign)).one()
    assert '"deadline_hours.summer":48.0' in stored.settings_json
    assert '"press":false' in stored.settings_json and '"rounds":3' in stored.settings_json


# --- names, slugs, seat counts ---------------------------------------------------------------


@pytest.mark.parametrize(
    "name,player",
    [
        ("c1", "Ann\r\nBcc: x@y <ann@localhost>"),
        ("c1", "Ann\x1b[31m <ann@localhost>"),
        ("Spring\nAutumn", "Ann <ann@localhost>"),
    ],
)
def test_control_characters_in_names_are_refused_before_anything_is_written(
    site: Path, name: str, player: str
) -> None:
    code, output = create(site, name, players=(player, "Ben <ben@localhost>"))
    line = error_line(output)
    assert code == ExitCode.INVALID and "name.E_CONTROL" in line
    with Session(make_engine(f"sqlite:///{site / 'pbem.db'}")) as session:
        assert session.exec(select(Campaign)).all() == []
        assert session.exec(select(Outbox)).all() == []


def test_markup_in_names_prints_literally_and_creates_the_campaign_once(site: Path) -> None:
    code, output = create(site, "[/x] war", players=("[/x] Ann <ann@localhost>", "B <b@localhost>"))
    assert code == 0 and "Created [/x] war" in output
    code, output = run("status", "[/x] war")
    assert code == 0 and "[/x] Ann" in output
    with Session(make_engine(f"sqlite:///{site / 'pbem.db'}")) as session:
        assert [p.name for p in session.exec(select(Player))] == ["[/x] Ann", "B"]


def test_names_that_slug_alike_are_refused(site: Path) -> None:
    assert create(site, "Spring")[0] == 0
    for clash in ("spring", "SPRING!", " Spring "):
        code, output = create(site, clash)
        line = error_line(output)
        assert code == ExitCode.CONFLICT and "campaign.E_SLUG_TAKEN" in line and '"spring"' in line
    assert campaigns(site) == ["Spring"]


def test_too_many_players_for_the_map_names_its_seats(site: Path) -> None:
    players = tuple(f"P{i} <p{i}@localhost>" for i in range(4))
    args = ["campaign", "create", "mk", "--game", "mighty-kingdoms", "--scenario", "valley-3"]
    for person in players:
        args += ["--player", person]
    code, output = run(*args)
    line = error_line(output)
    assert code == ExitCode.INVALID and "campaign.E_MAP_SEATS" in line
    assert "2 to 3 players, not 4." in line and "2 to 8" not in line


# --- files, secrets and masking --------------------------------------------------------------


def test_init_makes_owner_only_files(site: Path) -> None:
    assert create(site, "c1")[0] == 0
    for name in ("pbem.toml", "pbem.db"):
        assert stat.S_IMODE((site / name).stat().st_mode) == 0o600, name
    engine = make_engine(f"sqlite:///{site / 'pbem.db'}")
    with engine.connect() as connection:  # the WAL exists while a connection is open
        connection.exec_driver_sql("SELECT 1")
        wal = site / "pbem.db-wal"
        assert wal.exists() and stat.S_IMODE(wal.stat().st_mode) == 0o600


def test_dry_run_masks_seat_keys(site: Path) -> None:
    assert create(site, "c1")[0] == 0
    with Session(make_engine(f"sqlite:///{site / 'pbem.db'}")) as session:
        subjects = [row.subject for row in session.exec(select(Outbox))]
    code, output = run("tick", "--dry-run")
    assert code == 0 and "would send" in output
    tokens = [s.split("[pbem ")[1].split("]")[0] for s in subjects if "[pbem " in s]
    assert tokens, subjects
    for token in tokens:
        mac = token.rsplit(".", 1)[1]
        assert len(mac) == MAC_LENGTH and mac not in output
        assert token.rsplit(".", 1)[0] + ".***" in output
    code, output = run("tick", "--dry-run", "--json")
    assert code == 0 and not any(t.rsplit(".", 1)[1] in output for t in tokens)


# --- one-line errors ---------------------------------------------------------------------------


def test_missing_orders_file_and_site_onto_a_file(site: Path) -> None:
    assert create(site, "c1")[0] == 0
    code, output = run(
        "orders", "submit", "c1", str(site / "nope.txt"), "--player", "ann@localhost"
    )
    assert code == ExitCode.NOT_FOUND and "file.E_NOT_FOUND" in error_line(output)
    target = site / "a-file"
    target.write_text("x")
    code, output = run("site", "c1", "--out", str(target))
    assert code == ExitCode.INVALID and "site.E_OUT_NOT_FOLDER" in error_line(output)


def test_unreachable_smtp_says_why(site: Path) -> None:
    config = site / "pbem.toml"
    config.write_text(
        config.read_text().replace("[mail]\n", '[mail]\nsmtp_url = "smtp://127.0.0.1:1"\n', 1)
    )
    code, output = create(site, "c1")
    line = error_line(output)
    assert code == ExitCode.MAIL_TRANSIENT and "mail.E_WELCOME_UNSENT" in line
    assert "2 welcome mails were not sent" in line and "Welcome mail sent: 0" not in output
    assert campaigns(site) == ["c1"]  # the campaign stands; the mail stays queued


def test_no_config_refuses_and_creates_no_ledger(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PBEM_CONFIG", raising=False)
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)
    monkeypatch.chdir(tmp_path)
    code, output = run("status", "x")
    assert code == ExitCode.CONFIG and "pbem init" in error_line(output)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.subprocess
def test_usage_errors_are_one_line_from_the_console_script(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", "from pbem.cli.app import main; main()", "campaign", "create"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == ExitCode.USAGE
    assert done.stderr.strip().count("\n") == 0 and done.stderr.startswith("error usage.E_ARGS")


# --- migrations only from init and migrate ----------------------------------------------------


def test_old_schema_is_refused_until_migrate_backs_it_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    database = tmp_path / "pbem.db"
    (tmp_path / "pbem.toml").write_text(f'[database]\nurl = "sqlite:///{database}"\n')
    monkeypatch.setenv("PBEM_CONFIG", str(tmp_path / "pbem.toml"))
    engine = make_engine(f"sqlite:///{database}")
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        alembic_command.upgrade(config, "0001")
    engine.dispose()
    code, output = run("campaign", "list")
    line = error_line(output)
    assert code == ExitCode.CONFIG and "db.E_SCHEMA_OLD" in line and "pbem migrate" in line
    code, output = run("migrate")
    assert code == 0 and "Backed up the ledger to" in output and head_revision() in output
    backups = list(tmp_path.glob("pbem.db.0001.*.bak"))
    assert len(backups) == 1 and stat.S_IMODE(backups[0].stat().st_mode) == 0o600
    assert run("campaign", "list")[0] == 0
    code, output = run("migrate")
    assert code == 0 and "Backed up" not in output  # nothing to back up when current


def test_missing_ledger_is_refused_without_creating_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "pbem.toml").write_text(f'[database]\nurl = "sqlite:///{tmp_path / "l.db"}"\n')
    monkeypatch.setenv("PBEM_CONFIG", str(tmp_path / "pbem.toml"))
    code, output = run("campaign", "list")
    assert code == ExitCode.CONFIG and "db.E_SCHEMA_MISSING" in error_line(output)
    assert not (tmp_path / "l.db").exists()
    copy_template(tmp_path / "l.db")  # a ledger migrated elsewhere is taken
    assert run("campaign", "list")[0] == 0


# --- extras ------------------------------------------------------------------------------------


@pytest.mark.subprocess
@pytest.mark.parametrize(
    "module,args,extra",
    [
        ("psycopg", ["status", "x"], "postgres"),
        ("aiosmtpd", ["demo", "--out", "demo-here"], "sandbox"),
    ],
)
def test_a_missing_extra_is_named(tmp_path: Path, module: str, args: list[str], extra: str) -> None:
    (tmp_path / "pbem.toml").write_text('[database]\nurl = "postgresql://u@127.0.0.1:9/x"\n')
    script = (
        f"import sys; sys.modules[{module!r}] = None\n"
        "from pbem.cli.app import main\n"
        f"sys.argv = ['pbem', *{args!r}]\n"
        "main()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path, check=False
    )
    assert done.returncode == ExitCode.CONFIG, done.stderr
    assert "install.E_EXTRA_MISSING" in done.stderr and f"pbem[{extra}]" in done.stderr
    assert "Traceback" not in done.stderr


def test_demo_refuses_a_campaign_folder(tmp_path: Path) -> None:
    (tmp_path / "pbem.toml").write_text("# a real campaign\n")
    code, output = run("demo", "--out", str(tmp_path))
    assert code == ExitCode.CONFLICT and "demo.E_FOLDER_IN_USE" in error_line(output)
    assert (tmp_path / "pbem.toml").read_text() == "# a real campaign\n"


def test_demo_force_and_its_own_folder_may_be_replaced(tmp_path: Path) -> None:
    from pbem.demo.run import DEMO_MARKER, claim_folder

    real = tmp_path / "real"
    real.mkdir()
    (real / "pbem.db").write_text("ledger")
    claim_folder(real, force=True)
    assert not (real / "pbem.db").exists() and (real / DEMO_MARKER).exists()
    (real / "pbem.db").write_text("the demo's own ledger")
    claim_folder(real)  # a folder the demo wrote may be replaced without --force
    assert not (real / "pbem.db").exists()


def test_postgres_ledger_schema_is_checked_not_migrated(
    pg_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "pbem.toml").write_text(f'[database]\nurl = "{pg_url}"\n')
    monkeypatch.setenv("PBEM_CONFIG", str(tmp_path / "pbem.toml"))
    code, output = run("campaign", "list")
    assert code == ExitCode.CONFIG and "db.E_SCHEMA_MISSING" in error_line(output)
    assert current_revision(make_engine(pg_url)) is None  # refused, not silently created
    code, output = run("migrate")
    assert code == 0 and "Backed up" not in output
    assert current_revision(make_engine(pg_url)) == head_revision()
    assert run("campaign", "list")[0] == 0


@pytest.mark.subprocess
def test_tick_timings_name_each_step(site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_SMTP_URL", f"file://{site / 'sent'}")
    steps = set(STEP_NAMES)  # every step of the tick's table, in its own name
    code, output = run("tick", "--json", "--timings")
    assert code == 0, output
    seconds = json.loads(output)["seconds"]
    assert set(seconds) == steps and all(value >= 0 for value in seconds.values())
    code, output = run("tick", "--json")
    assert code == 0 and "seconds" not in json.loads(output)  # only when asked for
    code, output = run("tick", "--timings")
    assert code == 0 and all(f"{step} " in output.splitlines()[-1] for step in steps)

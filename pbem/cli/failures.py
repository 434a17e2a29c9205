"""Every exception a command can meet, as a PbemError with a stable code and exit code."""

from __future__ import annotations

from pbem.core.game import ContentError
from pbem.errors import ConfigError, ExitCode, Invalid, NotFound, PbemError
from pbem.mail.transport.errors import TransportError, UrlError

EXTRAS = {"psycopg": "postgres", "psycopg_binary": "postgres", "aiosmtpd": "sandbox"}


def as_pbem_error(exc: BaseException) -> PbemError:
    """The PbemError to report for `exc`; anything unforeseen is an internal error (exit 1)."""
    if isinstance(exc, PbemError):
        return exc
    for kind, convert in _CONVERTERS:
        if isinstance(exc, kind):
            return convert(exc)
    return PbemError("internal.E_UNEXPECTED", kind=type(exc).__name__, detail=_short(exc))


def _short(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 200 else text[:199] + "…"


def _missing_module(exc: BaseException) -> PbemError:
    name = (getattr(exc, "name", None) or "").split(".")[0]
    extra = EXTRAS.get(name)
    if extra is None:
        return PbemError("internal.E_UNEXPECTED", kind=type(exc).__name__, detail=_short(exc))
    return ConfigError("install.E_EXTRA_MISSING", module=name, extra=extra)


def _database(exc: BaseException) -> PbemError:
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    if isinstance(exc, ArgumentError | NoSuchModuleError):
        return ConfigError("db.E_URL", detail=_short(exc))
    return ConfigError("db.E_UNREACHABLE", detail=_short(getattr(exc, "orig", None) or exc))


def _transport(exc: BaseException) -> PbemError:
    assert isinstance(exc, TransportError)
    if isinstance(exc, UrlError):
        return ConfigError("config.E_MAIL_URL", what=exc.code, detail=exc.message)
    return PbemError("mail.E_SERVER", ExitCode.MAIL_TRANSIENT, what=exc.code, detail=exc.message)


def _file(exc: BaseException) -> PbemError:
    assert isinstance(exc, OSError)
    path = str(exc.filename or "")
    reason = exc.strerror or _short(exc)
    if isinstance(exc, FileNotFoundError):
        return NotFound("file.E_NOT_FOUND", path=path)
    if isinstance(exc, ConnectionError | TimeoutError):
        return PbemError("net.E_UNREACHABLE", ExitCode.MAIL_TRANSIENT, detail=reason)
    return Invalid("file.E_UNUSABLE", path=path, detail=reason)


def _not_text(exc: BaseException) -> PbemError:
    return Invalid("file.E_NOT_TEXT", detail=_short(exc))


def _content(exc: BaseException) -> PbemError:
    return Invalid("scenario.E_INVALID", detail=_short(exc))


def _sqlalchemy_error() -> type[BaseException]:
    from sqlalchemy.exc import SQLAlchemyError

    return SQLAlchemyError


_CONVERTERS = [
    (ModuleNotFoundError, _missing_module),
    (_sqlalchemy_error(), _database),
    (TransportError, _transport),
    (UnicodeDecodeError, _not_text),
    (OSError, _file),
    (ContentError, _content),
]

"""TLS for the configured mail servers: the CA file the referee names, if any."""

from __future__ import annotations

import ssl

from pbem.services.base.runtime import Runtime


def ssl_context(rt: Runtime) -> ssl.SSLContext | None:
    """A TLS context trusting the configured CA file, if one is set."""
    if not rt.settings.ca_file:
        return None
    return ssl.create_default_context(cafile=rt.settings.ca_file)

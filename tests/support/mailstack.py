"""The test suite's mail stack is the product's sandbox server."""

from pbem.sandbox.mailstack import (  # noqa: F401
    MailStack,
    MailStackError,
    available,
    free_port,
    lmtp_deliver,
    local_part,
    mailbox_user,
    make_certificate,
)
